import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signIn } from '../../test/auth';
import { uploadRows, VALID_CELLS } from '../../test/data-load-rows';
import { createOrganization } from '../../test/factories';
import { createTestApp, createTestDatabase, type TestContext } from '../../test/test-app';

/**
 * A request's queries have a deadline (DB_REQUEST_TIMEOUT_MS) so that a frozen database answers
 * 503; a confirm is long work the user waits for, and a statement of it that outlasts that deadline
 * (a large page, a busy server) must finish, bounded only by the statement timeout.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('a confirm slower than a request deadline', () => {
  let ctx: TestContext;
  let url: string;
  let organizationId: string;
  let token: string;

  beforeAll(async () => {
    const database = await createTestDatabase();
    url = database.url!;
    ctx = await createTestApp({ database, config: { requestQueryTimeoutMs: 1_000 } });
    organizationId = (await createOrganization(ctx.database.db)).id;
    token = await signIn(ctx.app, (await createUser(ctx.database.db, { permissions: ['CONTRACTS'] })).email);
  });
  afterAll(() => ctx?.close());

  it('writes the contracts while another transaction holds the table past the deadline', async () => {
    const headers = bearer(token, organizationId);
    await uploadRows(
      ctx.app,
      headers,
      [1, 2].map((n) => ({ ...VALID_CELLS, C20: `CTO-LENTO-${n}` })),
    );

    // Another session holds the contracts against writes (reads go on) for two and a half deadlines.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE contracts IN EXCLUSIVE MODE');
    const confirming = ctx.app.inject({
      method: 'POST',
      url: '/api/data-load/confirm-current',
      headers,
      payload: {},
    });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await holder.query('COMMIT');
    await holder.end();

    const confirmed = await confirming;
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.created).toMatchObject({ contracts: 2 });
    // A visitor's request still has its deadline.
    const list = await ctx.app.inject({ url: '/public-api/organizations/list' });
    expect(list.statusCode).toBe(200);
  });
});
