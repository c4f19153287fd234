import type { Database } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import { insertUser, type UserRow } from './users.repository';

export interface AdministratorInput {
  email: string;
  password: string;
  name: string;
  lastName: string;
}

/** Creates an active GENERAL administrator (first start, demo set-up, command line). */
export async function createAdministrator(db: Database, input: AdministratorInput): Promise<UserRow> {
  return insertUser(db, {
    email: input.email.trim().toLowerCase(),
    name: input.name,
    lastName: input.lastName,
    passwordHash: await hashPassword(input.password),
    active: true,
    administratorType: 'GENERAL',
    permissions: [],
  });
}
