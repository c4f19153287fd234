import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { verifyPassword } from '../lib/passwords';
import { createTestDatabase, testConfig } from '../test/test-app';
import { BootstrapError, bootstrap, DEMO_ADMIN } from './bootstrap';

/** The same database, seen as embedded or as a PostgreSQL server (bootstrap decides by the kind). */
const as = (database: DatabaseHandle, kind: DatabaseHandle['kind']): DatabaseHandle => ({
  ...database,
  kind,
});

describe('first-start bootstrap', () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.close());

  it('on an empty embedded database, creates the demo administrator with a generated password, once', async () => {
    const first = await bootstrap(as(database, 'pglite'), testConfig({ seedDemo: 'false' }));
    expect(first.createdAdmin?.email).toBe(DEMO_ADMIN.email);
    const password = first.createdAdmin?.password ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{18}$/);
    const [admin] = await database.db.select().from(users);
    expect(admin).toMatchObject({ email: DEMO_ADMIN.email, administratorType: 'GENERAL', active: true });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin!.passwordHash).not.toContain(password);
    expect(await verifyPassword(admin!.passwordHash!, password)).toBe(true);

    const second = await bootstrap(as(database, 'pglite'), testConfig({ seedDemo: 'false' }));
    expect(second).toEqual({ demo: null, createdAdmin: null });
    expect(await database.db.select().from(users)).toHaveLength(1);
  });

  it('on an empty PostgreSQL database, refuses to start without ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const attempt = bootstrap(as(database, 'postgres'), testConfig({ admin: null }));
    await expect(attempt).rejects.toBeInstanceOf(BootstrapError);
    await expect(attempt).rejects.toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it('creates the first GENERAL administrator from ADMIN_EMAIL / ADMIN_PASSWORD, and no demo data on PostgreSQL', async () => {
    const config = testConfig({
      seedDemo: 'auto',
      admin: { email: 'Directora@Example.org', password: 'una-clave-muy-larga' },
    });
    const result = await bootstrap(as(database, 'postgres'), config);
    expect(result).toEqual({ demo: null, createdAdmin: { email: 'directora@example.org' } });
    const [admin] = await database.db.select().from(users);
    expect(admin?.email).toBe('directora@example.org');
    expect(await verifyPassword(admin!.passwordHash!, 'una-clave-muy-larga')).toBe(true);
  });
});
