import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bearer, createUser, signIn } from '../../test/auth';
import { uploadRows, VALID_CELLS } from '../../test/data-load-rows';
import { createOrganization } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * A large confirm rewrites the cube rows it touches once per page; on a PostgreSQL without
 * autovacuum nothing removed their dead versions nor updated the statistics, and plans expected
 * one row where there were thousands (issue 27). From `tidyAfterContracts` contracts written
 * (3 here), the confirm queues the figures-tidy job, which VACUUM ANALYZEs them.
 */
describe('after a large confirm', () => {
  let ctx: TestContext;
  let organizationId: string;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestApp({ config: { tidyAfterContracts: 3, dataLoad: { confirmPageRows: 2 } } });
    organizationId = (await createOrganization(ctx.database.db)).id;
    token = await signIn(ctx.app, (await createUser(ctx.database.db, { permissions: ['CONTRACTS'] })).email);
  });
  afterAll(() => ctx?.close());

  /** The planner's idea of a table's rows (-1: never analysed) and how many it has. */
  const statistics = async (table: string) =>
    (
      await queryRows<{ estimate: number; rows: number }>(
        ctx.database.db,
        sql`SELECT (SELECT reltuples FROM pg_class WHERE relname = ${table})::int AS estimate,
                   (SELECT count(*) FROM ${sql.identifier(table)})::int AS rows`,
      )
    )[0]!;

  it('cleans up the contracts and the figures tables and gives the planner their real size', async () => {
    const headers = bearer(token, organizationId);
    await uploadRows(
      ctx.app,
      headers,
      [1, 2, 3, 4, 5].map((n) => ({ ...VALID_CELLS, C20: `CTO-TIDY-${n}`, C22: 1000 * n, C25: 1000 * n })),
    );
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/data-load/confirm-current',
      headers,
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.created).toMatchObject({ contracts: 5 });
    await ctx.app.deps.jobs.idle(60_000);

    for (const table of ['contracts', 'contract_cube', 'supplier_cube', 'supplier_ranking', 'index_cube']) {
      const { estimate, rows } = await statistics(table);
      expect(rows, table).toBeGreaterThan(0);
      expect(estimate, table).toBe(rows);
    }
  });
});
