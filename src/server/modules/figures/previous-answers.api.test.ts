import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createContract, createOrganization, createUnit } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * After a data change a visitor never waits for long computations (decision 0030): past
 * RESULT_PREVIOUS_AFTER_MS (0 here, so always) the previous version's answer is served, whole,
 * while the new one is computed; the next visitors get the new one. Downloads are always the
 * current data's.
 */
describe('previous answers while the new ones are computed', () => {
  let ctx: TestContext;
  let db: Database;
  let organizationId: string;
  let unitId: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestApp({ config: { resultPreviousAfterMs: 0 } });
    db = ctx.database.db;
    organizationId = (await createOrganization(db)).id;
    unitId = (await createUnit(db, organizationId)).id;
    headers = { 'x-current-organization-id': organizationId };
    await createContract(db, { organizationId, unitId, totalAmount: 1000, totalOrMaxAmount: 1000 });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const list = async () =>
    (await ctx.app.inject({ url: '/public-api/contracts/list', headers })).json().data as {
      total: number;
      docs: unknown[];
      totals: { totalAmount: number };
    };

  /** The JSON download of the contracts of one administration period (its own cached totals). */
  const download = async () => {
    const filters = encodeURIComponent(JSON.stringify({ administrationPeriods: ['2021-2024'] }));
    const file = (
      await ctx.app.inject({ url: `/public-api/contracts/download/json?filters=${filters}`, headers })
    ).json() as { contracts: unknown[]; totals: { totalAmount: number } };
    return [file.contracts.length, file.totals.totalAmount];
  };

  it('serves the previous list whole, then the new one; a download is the new data at once', async () => {
    expect(await list()).toMatchObject({ total: 1, totals: { totalAmount: 1000 } });
    expect(await download()).toEqual([1, 1000]);
    const served = ctx.app.deps.cache.previousServed;

    await createContract(db, { organizationId, unitId, totalAmount: 500, totalOrMaxAmount: 500 });

    // The list: the previous answer (one row, its total) until the new one is ready, never a mix.
    const seen: { total: number; rows: number; amount: number }[] = [];
    await expect
      .poll(async () => {
        const page = await list();
        seen.push({ total: page.total, rows: page.docs.length, amount: page.totals.totalAmount });
        return page.total;
      })
      .toBe(2);
    for (const page of seen) {
      expect([
        { total: 1, rows: 1, amount: 1000 },
        { total: 2, rows: 2, amount: 1500 },
      ]).toContainEqual(page);
    }
    expect(seen).toContainEqual({ total: 1, rows: 1, amount: 1000 });
    expect(ctx.app.deps.cache.previousServed).toBeGreaterThan(served);
    expect(await list()).toMatchObject({ total: 2, totals: { totalAmount: 1500 } });

    // The download's totals were cached for the previous version too, but it never gets them:
    // its rows and totals are the two contracts' on the first try.
    expect(await download()).toEqual([2, 1500]);
  });
});
