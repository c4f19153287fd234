import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicFilters } from '../../../shared/schemas/filters';
import { queryRows } from '../../db/client';
import { seedGeneratedMonitor } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { scanGate } from './figures';

/**
 * Every figure the public pages show, for many filter combinations, checked against plain SQL
 * over the contracts: whatever path answers (pre-aggregated tables, ranking or the contracts
 * themselves), the numbers must be the same, and the numbers on one screen must add up to those
 * on another (list total = tiles = supplier rows = chart bars = donut).
 */
type Truth = { all: number; byType: Record<string, { count: number; amount: number }>; withSupplier: number };

describe('public figures agree with the contracts, on every path', () => {
  let ctx: TestContext;
  let organizationId: string;
  let headers: Record<string, string>;
  const values = { period: '', periods: [] as string[], year: '', quarter: '', unit: '', supplier: '' };

  beforeAll(async () => {
    ctx = await createTestApp();
    const seeded = await seedGeneratedMonitor(ctx.database.db, { contracts: 1_500, suppliers: 60 });
    // Another monitor whose contracts must never be counted.
    await seedGeneratedMonitor(ctx.database.db, { contracts: 400, suppliers: 20, seed: 99 });
    organizationId = seeded.organization.id;
    headers = { 'x-current-organization-id': organizationId };
    const [row] = await queryRows<{
      period: string;
      year: string;
      quarter: string;
      unit: string;
      supplier: string;
    }>(
      ctx.database.db,
      sql`SELECT (SELECT administration_period FROM contracts WHERE organization_id = ${organizationId} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS period,
                 (SELECT fiscal_year FROM contracts WHERE organization_id = ${organizationId} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS year,
                 (SELECT period FROM contracts WHERE organization_id = ${organizationId} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS quarter,
                 (SELECT organizer_administrative_unit_id::text FROM contracts WHERE organization_id = ${organizationId}
                    AND organizer_administrative_unit_id <> applicant_administrative_unit_id GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS unit,
                 (SELECT supplier_id::text FROM contracts WHERE organization_id = ${organizationId} AND supplier_id IS NOT NULL
                    GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS supplier`,
    );
    Object.assign(values, row, { periods: ['2018-2021', '2024-2027'] });
  });
  afterAll(() => ctx.close());

  /** The reference: plain SQL, written independently of the application's query builders. */
  async function truth(filters: Partial<PublicFilters>): Promise<Truth> {
    const conditions: SQL[] = [sql`organization_id = ${organizationId}`, sql`deleted_at IS NULL`];
    const list = (column: string, items?: readonly string[]) => {
      if (items?.length)
        conditions.push(
          sql`${sql.raw(column)}::text IN (${sql.join(
            items.map((item) => sql`${item}`),
            sql`, `,
          )})`,
        );
    };
    list('administration_period', filters.administrationPeriods);
    list('fiscal_year', filters.fiscalYears);
    list('period', filters.trimonths);
    list('procedure_type', filters.procedureTypes);
    list('supplier_id', filters.suppliers);
    if (filters.administrativeUnits?.length) {
      const ids = sql.join(
        filters.administrativeUnits.map((id) => sql`${id}`),
        sql`, `,
      );
      conditions.push(
        sql`(applicant_administrative_unit_id::text IN (${ids}) OR organizer_administrative_unit_id::text IN (${ids}))`,
      );
    }
    if (filters.search) {
      const text = `%${filters.search.toLowerCase()}%`;
      conditions.push(sql`(lower(unaccent(coalesce(contract_id, '') || ' ' || coalesce(contract_number, '') || ' ' || coalesce(services_description, ''))) LIKE lower(unaccent(${text}))
        OR supplier_id IN (SELECT id FROM suppliers WHERE lower(unaccent(name)) LIKE lower(unaccent(${text}))))`);
    }
    const where = sql.join(conditions, sql` AND `);
    const rule = sql`procedure_state = 'CONCLUDED' AND (category IS NULL OR category NOT IN ('EXTENSION', 'MODIFICATION', 'ADENDUM'))`;
    const rows = await queryRows<{
      procedure_type: string;
      all: number;
      count: number;
      amount: string;
      with_supplier: number;
    }>(
      ctx.database.db,
      sql`SELECT procedure_type, count(*)::int AS all, (count(*) FILTER (WHERE ${rule}))::int AS count,
            coalesce(sum(total_or_max_amount) FILTER (WHERE ${rule}), 0)::text AS amount,
            (count(*) FILTER (WHERE supplier_id IS NOT NULL))::int AS with_supplier
          FROM contracts WHERE ${where} GROUP BY 1`,
    );
    const byType: Truth['byType'] = {};
    for (const type of ['PUBLIC', 'INVITATION', 'NO_BID']) byType[type] = { count: 0, amount: 0 };
    for (const row of rows) byType[row.procedure_type] = { count: row.count, amount: Number(row.amount) };
    return {
      all: rows.reduce((sum, row) => sum + row.all, 0),
      byType,
      withSupplier: rows.reduce((sum, row) => sum + row.with_supplier, 0),
    };
  }

  const post = async (url: string, payload: object) => {
    const response = await ctx.app.inject({ method: 'POST', url, payload, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  const cases = (): [string, Partial<PublicFilters>][] => [
    ['no filter', {}],
    ['administration period', { administrationPeriods: [values.period] }],
    ['fiscal year', { fiscalYears: [values.year] }],
    ['quarter', { trimonths: [values.quarter] }],
    ['procedure type', { procedureTypes: ['NO_BID'] }],
    ['administrative unit (convening or requesting)', { administrativeUnits: [values.unit] }],
    ['supplier', { suppliers: [values.supplier] }],
    ['search with accents', { search: 'PAVIMENTACIÓN' }],
    [
      'two periods and two types',
      { administrationPeriods: values.periods, procedureTypes: ['PUBLIC', 'INVITATION'] },
    ],
    [
      'period, type and unit',
      {
        administrationPeriods: [values.period],
        procedureTypes: ['NO_BID'],
        administrativeUnits: [values.unit],
      },
    ],
    ['supplier and period', { suppliers: [values.supplier], administrationPeriods: [values.period] }],
    ['search and fiscal year', { search: 'servicio', fiscalYears: [values.year] }],
  ];

  it('contracts list: total and tiles equal the contracts, and the page is in amount order', async () => {
    for (const [name, filters] of cases()) {
      const expected = await truth(filters);
      const { data } = await post('/public-api/contracts/filtered-list?page=1', { filters });
      expect(data.total, name).toBe(expected.all);
      expect(data.totals.publicCount, name).toBe(expected.byType.PUBLIC!.count);
      expect(data.totals.invitationCount, name).toBe(expected.byType.INVITATION!.count);
      expect(data.totals.noBidCount, name).toBe(expected.byType.NO_BID!.count);
      expect(data.totals.PUBLIC, name).toBeCloseTo(expected.byType.PUBLIC!.amount, 2);
      expect(data.totals.INVITATION, name).toBeCloseTo(expected.byType.INVITATION!.amount, 2);
      expect(data.totals.NO_BID, name).toBeCloseTo(expected.byType.NO_BID!.amount, 2);
      expect(data.totals.totalAmount, name).toBeCloseTo(
        data.totals.PUBLIC + data.totals.INVITATION + data.totals.NO_BID,
        2,
      );
      const amounts = data.docs.map((doc: { totalOrMaxAmount: number | null }) => doc.totalOrMaxAmount ?? -1);
      expect(amounts, name).toEqual([...amounts].sort((a: number, b: number) => b - a));
      expect(data.docs.length, name).toBe(Math.min(10, expected.all));
    }
  });

  it('suppliers list: every row, summed over all pages, adds up to the TOTAL row and to the contracts', async () => {
    for (const [name, filters] of cases()) {
      const expected = await truth({ ...filters });
      const first = await post('/public-api/suppliers/filtered-list?page=1', { filters });
      const rows = [...first.data.docs];
      for (let page = 2; page <= first.data.pages; page++) {
        rows.push(...(await post(`/public-api/suppliers/filtered-list?page=${page}`, { filters })).data.docs);
      }
      expect(rows.length, name).toBe(first.data.total);
      const sum = (key: string) => rows.reduce((total, row) => total + row[key], 0);
      expect(sum('total'), name).toBeCloseTo(first.data.totals.total, 2);
      expect(sum('public'), name).toBeCloseTo(first.data.totals.public, 2);
      expect(sum('noBid'), name).toBeCloseTo(first.data.totals.noBid, 2);
      expect(sum('contractsCount'), name).toBe(expected.withSupplier);
      const totals = rows.map((row: { total: number }) => row.total);
      expect(totals, name).toEqual([...totals].sort((a, b) => b - a));
      // Contracts without a supplier count in the contracts tiles but in no supplier's row.
      const contracts = await post('/public-api/contracts/filtered-list?page=1', { filters });
      expect(first.data.totals.total, name).toBeLessThanOrEqual(contracts.data.totals.totalAmount + 0.01);
    }
  });

  it('home charts: the bars and the donut add up to the contracts tiles', async () => {
    for (const [name, filters] of cases()) {
      const tiles = (await post('/public-api/contracts/filtered-list?page=1', { filters })).data.totals;
      const bars = (await post('/public-api/landing/amountByPeriod', { filters })).data as {
        _id: { period: string; year: string };
        totalPublic: number;
        totalInvitation: number;
        totalNoBid: number;
      }[];
      expect(
        bars.reduce((sum, bar) => sum + bar.totalPublic, 0),
        name,
      ).toBeCloseTo(tiles.PUBLIC, 2);
      expect(
        bars.reduce((sum, bar) => sum + bar.totalInvitation, 0),
        name,
      ).toBeCloseTo(tiles.INVITATION, 2);
      expect(
        bars.reduce((sum, bar) => sum + bar.totalNoBid, 0),
        name,
      ).toBeCloseTo(tiles.NO_BID, 2);
      const order = bars.map((bar) => Number(bar._id.year) * 10 + Number(bar._id.period[0]));
      expect(order, name).toEqual([...order].sort((a, b) => a - b));
      const donut = (await post('/public-api/landing/amountByProcedure', filters)).data.data;
      expect(donut.labels).toEqual(['Lic. pública', 'Por invitación', 'Adj. directa']);
      expect(donut.datasets[0].data[0], name).toBeCloseTo(tiles.PUBLIC, 2);
      expect(donut.datasets[0].data[2], name).toBeCloseTo(tiles.NO_BID, 2);
    }
  });

  it("supplier detail: totals and group counts equal the supplier's contracts", async () => {
    for (const filters of [{}, { administrationPeriods: [values.period] }, { fiscalYears: [values.year] }]) {
      const expected = await truth({ ...filters, suppliers: [values.supplier] });
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/public-api/suppliers/detail?id=${values.supplier}`,
        payload: { filters },
        headers,
      });
      const { data } = response.json();
      expect(data.totals.count).toBe(expected.all);
      expect(data.totals.public).toBeCloseTo(expected.byType.PUBLIC!.amount, 2);
      expect(data.totals.noBid).toBeCloseTo(expected.byType.NO_BID!.amount, 2);
      expect(data.public.count + data.invitation.count + data.noBid.count).toBe(expected.all);
      expect(data.noBid.docs.length).toBe(Math.min(20, data.noBid.count));
    }
  });
  it('many questions only the contracts can answer, asked at once: at most a quarter of the pool scans, every answer right', async () => {
    const gate = scanGate(ctx.database);
    const searches = [
      'servicio',
      'obra',
      'suministro',
      'pavimentacion',
      'mantenimiento',
      'adquisicion',
      'red',
      'agua',
    ];
    const answers = await Promise.all(
      searches.map((search) => post('/public-api/contracts/filtered-list?page=1', { filters: { search } })),
    );
    for (const [index, search] of searches.entries()) {
      const expected = await truth({ search });
      expect(answers[index].data.total, search).toBe(expected.all);
      expect(answers[index].data.totals.NO_BID, search).toBeCloseTo(expected.byType.NO_BID!.amount, 2);
    }
    expect(gate.limit).toBe(Math.max(1, Math.floor(ctx.database.poolSize / 4)));
    expect(gate.peak).toBeGreaterThanOrEqual(1);
    expect(gate.peak).toBeLessThanOrEqual(gate.limit);
    expect(gate.queued).toBe(0);
  });
});
