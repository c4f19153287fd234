import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../app';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client';
import { organizations } from '../db/schema';
import { bearer, createUser, signIn } from '../test/auth';
import { createContract, createOrganization, createUnit } from '../test/factories';
import { createTestApp, createTestDatabase, type TestContext, testConfig } from '../test/test-app';

/**
 * The organization named by the header is kept in each process's memory (decision 0020), and
 * never served after its row changed: whoever changed it, in whichever process. Every request
 * below follows the change at once, without waiting or polling.
 */
describe('the organization of a request', () => {
  let ctx: TestContext;
  /** A second app process on the same PostgreSQL database (none on PGlite: one process only). */
  let second: { app: App; database: DatabaseHandle } | null = null;
  let token: string;
  let secondToken: string;

  const apps = () => [
    { name: 'this process', app: ctx.app, token },
    ...(second ? [{ name: 'another process', app: second.app, token: secondToken }] : []),
  ];
  const settings = (app: App, organizationId: string, bearerToken: string) =>
    app.inject({
      method: 'GET',
      url: '/api/settings/load-settings',
      headers: bearer(bearerToken, organizationId),
    });
  const totals = (app: App, organizationId: string) =>
    app.inject({
      method: 'GET',
      url: '/public-api/contracts/totals',
      headers: { 'x-current-organization-id': organizationId },
    });
  /** Every app answers once, so that each has the organization in memory. */
  const warm = async (organizationId: string) => {
    for (const { app, token: bearerToken } of apps()) {
      expect((await settings(app, organizationId, bearerToken)).statusCode).toBe(200);
      expect((await totals(app, organizationId)).statusCode).toBe(200);
    }
  };

  beforeAll(async () => {
    const base = testConfig();
    const config = { rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000 } };
    const database = await createTestDatabase();
    ctx = await createTestApp({ database, config });
    const admin = await createUser(ctx.database.db, { administratorType: 'GENERAL' });
    token = await signIn(ctx.app, admin.email);
    if (database.url) {
      const handle = await openDatabase({ kind: 'postgres', url: database.url, poolMax: 2 });
      second = { database: handle, app: await buildApp(testConfig(config), { database: handle }) };
      secondToken = await signIn(second.app, admin.email);
    }
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await ctx.close();
  });

  it('shows changed settings to the next request, in every process', async () => {
    const { id } = await createOrganization(ctx.database.db, { address: 'Calle Uno 1' });
    await warm(id);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/change-settings',
      headers: bearer(token, id),
      payload: { address: 'Avenida Dos 2' },
    });
    expect(saved.statusCode).toBe(200);
    for (const { name, app, token: bearerToken } of apps()) {
      const loaded = await settings(app, id, bearerToken);
      expect(loaded.json().data.address, name).toBe('Avenida Dos 2');
    }
    // Written by anyone else (another tool, a migration), straight into the table.
    await ctx.database.db
      .update(organizations)
      .set({ address: 'Plaza Tres 3' })
      .where(eq(organizations.id, id));
    for (const { name, app, token: bearerToken } of apps()) {
      const loaded = await settings(app, id, bearerToken);
      expect(loaded.json().data.address, name).toBe('Plaza Tres 3');
    }
  });

  it('counts a new contract in the next totals, in every process (the data version moved on)', async () => {
    const { id } = await createOrganization(ctx.database.db);
    const unit = await createUnit(ctx.database.db, id);
    await createContract(ctx.database.db, { organizationId: id, unitId: unit.id, procedureType: 'PUBLIC' });
    await warm(id);
    for (const { name, app } of apps()) expect((await totals(app, id)).json().data.totalCount, name).toBe(1);

    await createContract(ctx.database.db, { organizationId: id, unitId: unit.id, procedureType: 'PUBLIC' });
    for (const { name, app } of apps()) {
      const response = await totals(app, id);
      expect(response.json().data.totalCount, name).toBe(2);
      expect(response.json().data.publicCount, name).toBe(2);
    }
  });

  it('refuses a deleted organization from the next request on, in every process', async () => {
    const softly = await createOrganization(ctx.database.db);
    const hard = await createOrganization(ctx.database.db);
    await warm(softly.id);
    await warm(hard.id);
    await ctx.database.db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, softly.id));
    await ctx.database.db.delete(organizations).where(eq(organizations.id, hard.id));
    for (const { name, app } of apps()) {
      for (const id of [softly.id, hard.id]) {
        const response = await totals(app, id);
        expect(response.statusCode, name).toBe(404);
        expect(response.json(), name).toMatchObject({ error: true });
      }
    }
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'reads the organization again when its listening connection was lost, and sees changes made meanwhile',
    async () => {
      const { id } = await createOrganization(ctx.database.db, { address: 'Antes' });
      await warm(id);
      // The listening connections of both processes are cut; the change's announcement is lost.
      const listeners = async () =>
        (
          await queryRows<{ count: number }>(
            ctx.database.db,
            sql`SELECT count(*)::int AS count FROM pg_stat_activity
              WHERE application_name = 'vigia-listen' AND datname = current_database()`,
          )
        )[0]!.count;
      const listening = await listeners();
      expect(listening).toBeGreaterThanOrEqual(2);
      await ctx.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'vigia-listen' AND datname = current_database()`,
      );
      await ctx.database.db.update(organizations).set({ address: 'Después' }).where(eq(organizations.id, id));
      for (const { name, app, token: bearerToken } of apps()) {
        const loaded = await settings(app, id, bearerToken);
        expect(loaded.json().data.address, name).toBe('Después');
      }
      // Listening again (a second later), a later change is followed as well.
      await expect.poll(listeners, { timeout: 10_000 }).toBe(listening);
      await warm(id);
      await ctx.database.db
        .update(organizations)
        .set({ address: 'Al final' })
        .where(eq(organizations.id, id));
      for (const { name, app, token: bearerToken } of apps()) {
        const loaded = await settings(app, id, bearerToken);
        expect(loaded.json().data.address, name).toBe('Al final');
      }
    },
  );
});

/**
 * Where the previous answer may be given anyway (RESULT_PREVIOUS_AFTER_MS set, as on a server), a
 * visitor's GET takes the monitor's row as this process last heard of it, without the database
 * round trip (decision 0054); the administration always makes it.
 */
describe('the organization of a visitor under a crowd', () => {
  let ctx: TestContext;
  let organizationId: string;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { resultPreviousAfterMs: 200 } });
    organizationId = (await createOrganization(ctx.database.db, { name: 'Monitor de la multitud' })).id;
  });
  afterAll(() => ctx.close());

  it("answers a visitor's GET from the row as heard; a change heard is followed; an administrator's call always checks", async () => {
    const { organizations, events } = ctx.app.deps;
    const visit = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/public-api/contracts/totals',
        headers: { 'x-current-organization-id': organizationId },
      });
    expect((await visit()).statusCode).toBe(200);
    const gets = vi.spyOn(organizations, 'get');
    expect((await visit()).statusCode).toBe(200);
    expect(gets).not.toHaveBeenCalled();

    // Renamed: the event drops the row; the next visit reads it again.
    await ctx.database.db.execute(
      sql`UPDATE organizations SET name = 'Monitor renombrado' WHERE id = ${organizationId}`,
    );
    await events.caughtUp('organizations');
    expect((await visit()).statusCode).toBe(200);
    expect(gets).toHaveBeenCalledTimes(1);
    expect(organizations.peek(organizationId)?.name).toBe('Monitor renombrado');

    const token = await signIn(
      ctx.app,
      (await createUser(ctx.database.db, { administratorType: 'GENERAL' })).email,
    );
    gets.mockClear();
    const admin = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/load-settings',
      headers: bearer(token, organizationId),
    });
    expect(admin.statusCode).toBe(200);
    expect(gets).toHaveBeenCalled();
    gets.mockRestore();
  });
});
