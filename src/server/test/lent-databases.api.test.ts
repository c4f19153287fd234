import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, isDatabaseUnavailable, queryRows } from '../db/client';
import { contracts, organizations } from '../db/schema';
import { createContract, createOrganization, createUnit } from './factories';
import { testDatabasesMade } from './lent-databases';
import { createTestDatabase, testConfig } from './test-app';

/**
 * The test databases a worker lends from file to file (decision 0047, ninth amendment), on both
 * engines: a file must find the image's state whatever the file before it left, and a database
 * given back must answer as a closed one.
 */
describe('a test database lent again', () => {
  const count = async (database: DatabaseHandle, query: string) =>
    (await queryRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM (${query}) q`)))[0]!
      .n;
  const migrations = (database: DatabaseHandle) =>
    count(database, 'SELECT * FROM drizzle.__drizzle_migrations');

  it('starts the next file from the image, whatever the previous one wrote, and is the same instance', async () => {
    const first = await createTestDatabase();
    const journal = await migrations(first);
    expect(journal).toBeGreaterThan(0);
    // What a file leaves behind: rows, a used sequence, an app's job queues (and a queue's own
    // table, as pg-boss makes for a partitioned queue), a session setting, a schema of its own, the
    // migrations' journal changed.
    const organization = await createOrganization(first.db);
    const unit = await createUnit(first.db, organization.id);
    await createContract(first.db, { organizationId: organization.id, unitId: unit.id });
    const jobTables = await count(first, `SELECT FROM pg_tables WHERE schemaname = 'pgboss'`);
    const app = await buildApp(testConfig(), { database: first });
    await app.close();
    expect(await count(first, 'SELECT * FROM pgboss.queue')).toBeGreaterThan(0);
    await first.db.execute(sql`CREATE TABLE pgboss.j_scratch (LIKE pgboss.job)`);
    await first.db.execute(sql`SELECT nextval('contract_change_seq')`);
    await first.db.execute(sql`SET statement_timeout = 1234`);
    await first.db.execute(sql`CREATE SCHEMA scratch`);
    await first.db.execute(sql`CREATE TABLE scratch.notes (id int)`);
    await first.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)`,
    );
    // On the server: a connection of the test's own, left open in a transaction holding a lock.
    const leftOpen = first.url ? new pg.Client({ connectionString: first.url }) : undefined;
    if (leftOpen) {
      leftOpen.on('error', () => undefined);
      await leftOpen.connect();
      await leftOpen.query('BEGIN');
      await leftOpen.query('LOCK TABLE organizations IN ACCESS EXCLUSIVE MODE');
    }
    await first.close();
    const opened = testDatabasesMade();

    const next = await createTestDatabase();
    expect(testDatabasesMade()).toBe(opened);
    expect(await count(next, 'SELECT * FROM organizations')).toBe(0);
    expect(await count(next, 'SELECT * FROM contracts')).toBe(0);
    expect(await count(next, `SELECT FROM pg_namespace WHERE nspname = 'scratch'`)).toBe(0);
    expect(await count(next, `SELECT FROM pg_tables WHERE schemaname = 'pgboss'`)).toBe(jobTables);
    expect(await count(next, 'SELECT * FROM pgboss.queue')).toBe(0);
    expect(await migrations(next)).toBe(journal);
    // (On the server a loan's connections are new ones anyway; embedded, the one session is reset.)
    const [setting] = await queryRows<{ statement_timeout: string }>(next.db, sql`SHOW statement_timeout`);
    expect(setting!.statement_timeout).toBe('0');
    // The sequence as the image left it: the first contract gets the first change number.
    const organizationAgain = await createOrganization(next.db);
    const unitAgain = await createUnit(next.db, organizationAgain.id);
    const contract = await createContract(next.db, {
      organizationId: organizationAgain.id,
      unitId: unitAgain.id,
    });
    expect(contract.change).toBe(1);
    // An app starts on it as on a fresh one.
    const appAgain = await buildApp(testConfig(), { database: next });
    expect((await appAgain.inject('/public-api/organizations/list')).statusCode).toBe(200);
    await appAgain.close();
    await next.close();
  });

  /** Listens on a channel of `database`, sends `payload` on it, and returns what the listener heard. */
  async function hearOwnNotify(database: DatabaseHandle, payload: string): Promise<string[]> {
    const heard: string[] = [];
    const listening = await database.listen('lent_channel', (received) => heard.push(received));
    await database.db.execute(sql`SELECT pg_notify('lent_channel', ${payload})`);
    await listening.caughtUp();
    return heard;
  }

  it('answers as a closed database once given back, and its listeners hear nothing more', async () => {
    const first = await createTestDatabase();
    const heard = await hearOwnNotify(first, 'one');
    expect(heard).toEqual(['one']);
    await first.close();
    const error = await first.db
      .select()
      .from(organizations)
      .catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);

    const next = await createTestDatabase();
    expect(await hearOwnNotify(next, 'two')).toEqual(['two']);
    // The first loan's listener, on the same embedded instance, heard nothing of the second's.
    expect(heard).toEqual(['one']);
    await next.close();
  });

  it('replaces an instance whose schema a file changed, and lends two at once as two', async () => {
    const first = await createTestDatabase();
    await first.db.execute(sql`ALTER TABLE contracts ADD COLUMN scratch_note text`);
    await first.close();
    const opened = testDatabasesMade();

    const next = await createTestDatabase();
    expect(testDatabasesMade()).toBe(opened + 1);
    const columns = await count(
      next,
      `SELECT FROM information_schema.columns WHERE table_name = 'contracts' AND column_name = 'scratch_note'`,
    );
    expect(columns).toBe(0);

    const other = await createTestDatabase();
    await createOrganization(other.db, { name: 'Sólo en la otra' });
    expect(await count(next, `SELECT * FROM organizations WHERE name = 'Sólo en la otra'`)).toBe(0);
    expect(await count(other, 'SELECT * FROM contracts')).toBe(0);
    await other.close();
    await next.close();
    // Both given back: the next file gets one of them, in the image's state.
    const last = await createTestDatabase();
    expect(await count(last, 'SELECT * FROM organizations')).toBe(0);
    expect(await last.db.select().from(contracts)).toEqual([]);
    await last.close();
  });
});
