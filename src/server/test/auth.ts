import { randomBytes } from 'node:crypto';
import type { AdministratorType, Permission } from '../../shared/constants/enums';
import type { App } from '../app';
import type { Database } from '../db/client';
import { hashPassword } from '../lib/passwords';
import { insertUser, type UserRow } from '../modules/users/users.repository';

export const TEST_PASSWORD = 'contraseña-de-prueba';
let hashed: Promise<string> | null = null;

/** A user with the test password (hashed once per file: argon2 is slow on purpose). */
export async function createUser(
  db: Database,
  overrides: {
    administratorType?: AdministratorType;
    permissions?: Permission[];
    active?: boolean;
    email?: string;
    name?: string;
    lastName?: string;
  } = {},
): Promise<UserRow> {
  hashed ??= hashPassword(TEST_PASSWORD);
  return insertUser(db, {
    email: overrides.email ?? `usuario-${randomBytes(5).toString('hex')}@example.org`,
    name: overrides.name ?? 'Ana',
    lastName: overrides.lastName ?? 'Prueba',
    passwordHash: await hashed,
    active: overrides.active ?? true,
    administratorType: overrides.administratorType ?? 'CUSTOM',
    permissions: overrides.permissions ?? [],
  });
}

/** Signs in through the API and returns the bearer token. */
export async function signIn(
  app: App,
  email: string,
  password = TEST_PASSWORD,
  ip = '10.9.0.1',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/public-api/accounts/login',
    remoteAddress: ip,
    payload: { username: email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json().data.token as string;
}

export const bearer = (token: string, organizationId?: string) => ({
  authorization: `Bearer ${token}`,
  ...(organizationId ? { 'x-current-organization-id': organizationId } : {}),
});
