import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicFilters } from '../../../shared/schemas/filters';
import { queryRows } from '../../db/client';
import { seedGeneratedMonitor } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Lists show every contract; their tiles count only those that count in the totals (decision 0004).
 * `countedOnly` narrows a list to what the tiles count, each listed contract says whether it counts,
 * and the suppliers tiles know how many contracts were listed — on every path (cubes or contracts).
 */
describe('lists narrowed to the contracts that count in the totals', () => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  let organizationId: string;
  const values = { period: '', supplier: '' };

  beforeAll(async () => {
    ctx = await createTestApp();
    const seeded = await seedGeneratedMonitor(ctx.database.db, { contracts: 600, suppliers: 30 });
    organizationId = seeded.organization.id;
    headers = { 'x-current-organization-id': organizationId };
    const [row] = await queryRows<{ period: string; supplier: string }>(
      ctx.database.db,
      sql`SELECT (SELECT administration_period FROM contracts WHERE organization_id = ${organizationId} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS period,
                 (SELECT supplier_id::text FROM contracts WHERE organization_id = ${organizationId} AND supplier_id IS NOT NULL
                    AND NOT counts_in_totals GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS supplier`,
    );
    Object.assign(values, row);
  });
  afterAll(() => ctx.close());

  /** Plain SQL: every matching contract, and those that count. */
  async function truth(period?: string, supplier?: string) {
    const [row] = await queryRows<{ listed: number; counted: number; with_supplier: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS listed, (count(*) FILTER (WHERE procedure_state = 'CONCLUDED'
              AND (category IS NULL OR category NOT IN ('EXTENSION', 'MODIFICATION', 'ADENDUM'))))::int AS counted,
            (count(*) FILTER (WHERE supplier_id IS NOT NULL))::int AS with_supplier
          FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL
            ${period ? sql`AND administration_period = ${period}` : sql``}
            ${supplier ? sql`AND supplier_id = ${supplier}` : sql``}`,
    );
    return row!;
  }

  const post = async (url: string, filters: Partial<PublicFilters>) => {
    const response = await ctx.app.inject({ method: 'POST', url, payload: { filters }, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('contracts list: countedOnly lists exactly what the tiles count, with the same tiles', async () => {
    for (const base of [{}, { administrationPeriods: [values.period] }, { search: 'servicio' }]) {
      const period = base.administrationPeriods?.[0];
      const all = await post('/public-api/contracts/filtered-list?page=1', base);
      const counted = await post('/public-api/contracts/filtered-list?page=1', {
        ...base,
        countedOnly: true,
      });
      if (!('search' in base)) {
        const expected = await truth(period);
        expect(all.total).toBe(expected.listed);
        expect(counted.total).toBe(expected.counted);
      }
      expect(counted.total).toBe(all.totals.totalCount);
      expect(counted.totals).toEqual(all.totals);
      expect(counted.docs.every((doc: { countsInTotals: boolean }) => doc.countsInTotals)).toBe(true);
      expect(counted.total).toBeLessThan(all.total);
    }
    // Without countedOnly the list shows contracts that do not count, and says so for each.
    const pages = await post('/public-api/contracts/filtered-list?page=40', {});
    expect(pages.docs.some((doc: { countsInTotals: boolean }) => !doc.countsInTotals)).toBe(true);
  });

  it('suppliers list: the tiles carry how many contracts were listed besides how many count', async () => {
    for (const filters of [{}, { administrationPeriods: [values.period] }, { search: 'servicio' }]) {
      const data = await post('/public-api/suppliers/filtered-list?page=1', filters);
      const contracts = await post('/public-api/contracts/filtered-list?page=1', filters);
      if (!('search' in filters)) {
        expect(data.totals.contractsCount).toBe(
          (await truth(filters.administrationPeriods?.[0])).with_supplier,
        );
      }
      expect(data.totals.contractsCount).toBeGreaterThan(data.totals.totalCount);
      expect(data.totals.contractsCount).toBeLessThanOrEqual(contracts.total);
      const counted = await post('/public-api/suppliers/filtered-list?page=1', {
        ...filters,
        countedOnly: true,
      });
      expect(counted.totals.contractsCount).toBe(counted.totals.totalCount);
      expect(counted.totals.total).toBeCloseTo(data.totals.total, 2);
    }
  });

  it('supplier detail: each card says whether it counts; countedOnly keeps only those in the tiles', async () => {
    const expected = await truth(undefined, values.supplier);
    const url = `/public-api/suppliers/detail?id=${values.supplier}`;
    const all = await post(url, {});
    const groups = (data: typeof all) => [...data.public.docs, ...data.invitation.docs, ...data.noBid.docs];
    expect(all.totals.count).toBe(expected.listed);
    expect(groups(all).filter((doc: { countsInTotals: boolean }) => doc.countsInTotals).length).toBeLessThan(
      groups(all).length,
    );
    const counted = await post(url, { countedOnly: true });
    expect(counted.totals.count).toBe(expected.counted);
    expect(counted.public.count + counted.invitation.count + counted.noBid.count).toBe(expected.counted);
    expect(counted.totals.total).toBeCloseTo(all.totals.total, 2);
    expect(groups(counted).every((doc: { countsInTotals: boolean }) => doc.countsInTotals)).toBe(true);
  });

  it('refuses a countedOnly that is not true or false, in Spanish', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/contracts/filtered-list?page=1',
      payload: { filters: { countedOnly: 'sí' } },
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(
      'El filtro «Solo los que cuentan en los totales» debe ser verdadero o falso.',
    );
  });
});
