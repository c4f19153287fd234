import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../db/client';
import { createTestApp, createTestDatabase } from '../test/test-app';
import { demoMonitorRows, seedDemoData } from './demo';

const count = async (database: DatabaseHandle, query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(database.db, query))[0]!.n;

describe('demonstration data', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    const result = await seedDemoData(database.db);
    expect(result).toMatchObject({
      organizations: 3,
      administrativeUnits: 60,
      suppliers: 800,
      contracts: 12_000,
    });
  });
  afterAll(() => database.close());

  it('loads three demonstration monitors with their settings, covers and resources', async () => {
    const monitors = await queryRows<{
      short_name: string;
      theme: string;
      is_demo: boolean;
      cover: boolean;
      period: string;
    }>(
      database.db,
      sql`SELECT short_name, theme, is_demo, cover_file_id IS NOT NULL AS cover, default_administration_period AS period
          FROM organizations ORDER BY short_name`,
    );
    expect(monitors).toEqual([
      { short_name: 'CEANV', theme: 'purple', is_demo: true, cover: true, period: '2024-2027' },
      { short_name: 'NVIZ', theme: 'blueDark', is_demo: true, cover: true, period: '2024-2027' },
      { short_name: 'SLV', theme: 'default', is_demo: true, cover: true, period: '2024-2027' },
    ]);
    const classifications = await queryRows<{ classification: string; n: number }>(
      database.db,
      sql`SELECT classification, count(*)::int AS n FROM resources GROUP BY 1 ORDER BY 1`,
    );
    expect(classifications.map((row) => row.n)).toEqual([6, 6, 6, 6]);
    // The association's texts too, so a first start shows no 'Por definir...' (About, sign-in).
    const [association] = await queryRows<Record<string, string>>(
      database.db,
      sql`SELECT name, address, email, website, about, mission, vision, "values",
            jsonb_array_length(directive_council) AS directive, jsonb_array_length(consultive_council) AS consultive
          FROM association_texts`,
    );
    expect(association).toMatchObject({ name: 'Observatorio Ciudadano del Valle, A.C.', directive: 3 });
    expect(Object.values(association!).every((value) => String(value).trim().length > 0)).toBe(true);
  });

  it('gives the three monitors visibly different corruption-risk scores, one of each level', async () => {
    const ctx = await createTestApp({ database });
    const scores: Record<string, [number, string]> = {};
    for (const { id, short_name } of await queryRows<{ id: string; short_name: string }>(
      database.db,
      sql`SELECT id, short_name FROM organizations`,
    )) {
      const response = await ctx.app.inject({ url: `/public-api/comparations/corruption-index?id=${id}` });
      const index = response.json().data.corruptionIndex;
      scores[short_name] = [index.result, index.level];
    }
    await ctx.app.close();
    expect(scores.NVIZ![1]).toBe('BAJO');
    expect(scores.SLV![1]).toBe('MEDIO');
    expect(scores.CEANV![1]).toBe('ALTO');
    expect(scores.NVIZ![0] - scores.SLV![0]).toBeGreaterThan(10);
    expect(scores.SLV![0] - scores.CEANV![0]).toBeGreaterThan(10);
  });

  it('does nothing when run again: nothing is seeded twice', async () => {
    expect(await seedDemoData(database.db)).toBeNull();
    expect(await count(database, sql`SELECT count(*)::int AS n FROM contracts`)).toBe(12_000);
    expect(await count(database, sql`SELECT count(*)::int AS n FROM organizations`)).toBe(3);
  });

  it('spreads contracts over procedure types the way real data is (the municipality)', async () => {
    const rows = await queryRows<{ procedure_type: string; n: number; median: number }>(
      database.db,
      sql`SELECT procedure_type, count(*)::int AS n,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY total_or_max_amount)::float AS median
          FROM contracts WHERE NOT is_empty
            AND organization_id = (SELECT id FROM organizations WHERE short_name = 'SLV') GROUP BY 1`,
    );
    const byType = Object.fromEntries(rows.map((row) => [row.procedure_type, row]));
    const total = rows.reduce((sum, row) => sum + row.n, 0);
    expect(byType.NO_BID!.n / total).toBeGreaterThan(0.6);
    expect(byType.PUBLIC!.n / total).toBeLessThan(0.2);
    expect(byType.INVITATION!.n).toBeGreaterThan(byType.PUBLIC!.n);
    // Many small direct awards, fewer large public tenders.
    expect(byType.NO_BID!.median).toBeLessThan(byType.INVITATION!.median);
    expect(byType.INVITATION!.median).toBeLessThan(byType.PUBLIC!.median);
  });

  it('covers every procedure state, category (amendments included), contract type and empty rows', async () => {
    const values = await queryRows<{
      states: string[];
      categories: string[];
      types: string[];
      empty: number;
    }>(
      database.db,
      sql`SELECT array_agg(DISTINCT procedure_state::text) FILTER (WHERE procedure_state IS NOT NULL) AS states,
            array_agg(DISTINCT category::text) FILTER (WHERE category IS NOT NULL) AS categories,
            array_agg(DISTINCT contract_type::text) FILTER (WHERE contract_type IS NOT NULL) AS types,
            count(*) FILTER (WHERE is_empty)::int AS empty
          FROM contracts`,
    );
    const [row] = values;
    expect([...row!.states].sort()).toEqual(['CANCELED', 'CONCLUDED', 'DESERTED', 'IN_PROGRESS']);
    expect([...row!.categories].sort()).toEqual(
      ['ACQUISITION', 'ADENDUM', 'EXTENSION', 'LEASE', 'MODIFICATION', 'PUBLIC_WORKS', 'SERVICES'].sort(),
    );
    expect([...row!.types].sort()).toEqual(['NORMAL', 'OPEN']);
    expect(row!.empty).toBeGreaterThan(0);
  });

  it('keeps every date within its quarter and every quarter within its administration period', async () => {
    const outside = await count(
      database,
      sql`SELECT count(*)::int AS n FROM contracts
          WHERE contract_date IS NOT NULL AND (
            extract(year FROM contract_date)::text <> fiscal_year
            OR (extract(quarter FROM contract_date)::int || 'o ' || fiscal_year) <> period)`,
    );
    expect(outside).toBe(0);
    const badPeriod = await count(
      database,
      sql`SELECT count(*)::int AS n FROM contracts
          WHERE (fiscal_year::int * 4 + left(period, 1)::int)
            NOT BETWEEN split_part(administration_period, '-', 1)::int * 4 + 4
                    AND split_part(administration_period, '-', 2)::int * 4 + 3`,
    );
    expect(badPeriod).toBe(0);
    const future = await count(
      database,
      sql`SELECT count(*)::int AS n FROM contracts WHERE contract_date > '2026-09-30'`,
    );
    expect(future).toBe(0);
  });

  it('dates amendments after the contract they amend, with the same supplier', async () => {
    const wrong = await count(
      database,
      sql`SELECT count(*)::int AS n FROM contracts a
          JOIN contracts o ON o.organization_id = a.organization_id AND o.contract_number = split_part(a.contract_number, '-CM', 1)
          WHERE a.category IN ('EXTENSION', 'MODIFICATION', 'ADENDUM')
            AND (a.contract_date < date_trunc('quarter', o.contract_date) OR a.supplier_id IS DISTINCT FROM o.supplier_id)`,
    );
    expect(wrong).toBe(0);
  });

  it('gives suppliers valid names and well-formed, unique RFCs', async () => {
    const suppliers = await queryRows<{ name: string; rfc: string }>(
      database.db,
      sql`SELECT name, rfc FROM suppliers`,
    );
    for (const supplier of suppliers) {
      expect(supplier.name).toMatch(/^[A-ZÑ ]+$/);
      expect(supplier.rfc).toMatch(
        /^([A-Z&]{3}|[A-Z&]{4})\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z0-9]{3}$/,
      );
    }
    const duplicated = await count(
      database,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM suppliers GROUP BY organization_id, rfc HAVING count(*) > 1) d`,
    );
    expect(duplicated).toBe(0);
  });

  it('has document links for most contracts and misses some', async () => {
    const [links] = await queryRows<{ with_contract: number; awarded: number }>(
      database.db,
      sql`SELECT count(*) FILTER (WHERE contract_url IS NOT NULL)::int AS with_contract,
            count(*) FILTER (WHERE procedure_state IN ('CONCLUDED', 'IN_PROGRESS'))::int AS awarded
          FROM contracts`,
    );
    const share = links!.with_contract / links!.awarded;
    expect(share).toBeGreaterThan(0.75);
    expect(share).toBeLessThan(0.95);
  });

  it("says no copy is kept of a demonstration contract's documents, never that one is being prepared", async () => {
    // The demonstration's links name hosts that do not exist and are never registered for copying.
    const [contract] = await queryRows<{ id: string; organization_id: string }>(
      database.db,
      sql`SELECT id, organization_id FROM contracts
          WHERE contract_url IS NOT NULL AND announcement_url IS NOT NULL LIMIT 1`,
    );
    const ctx = await createTestApp({ database });
    const response = await ctx.app.inject({
      url: `/public-api/contracts/detail?id=${contract!.id}`,
      headers: { 'x-current-organization-id': contract!.organization_id },
    });
    await ctx.app.close();
    expect(response.statusCode).toBe(200);
    const backups = response.json().data.documentBackups as { state: string; reason: string | null }[];
    expect(backups.length).toBeGreaterThanOrEqual(2);
    for (const backup of backups) expect(backup).toMatchObject({ state: 'NOT_KEPT', reason: null });
  });

  it('is deterministic: the same seed gives the same data, ids included, and the seed writes exactly that', async () => {
    for (const index of [0, 1, 2]) expect(demoMonitorRows(index)).toEqual(demoMonitorRows(index));
    type Line = {
      id: string;
      organization: string;
      supplier: string | null;
      type: string;
      amount: number | null;
    };
    const byId = (a: Line, b: Line) => (a.id < b.id ? -1 : 1);
    const generated: Line[] = [0, 1, 2]
      .flatMap((index) => demoMonitorRows(index).contracts)
      .map((row) => ({
        id: row.id,
        organization: row.organizationId,
        supplier: row.supplierId,
        type: row.procedureType,
        amount: row.totalOrMaxAmount,
      }))
      .sort(byId);
    const written = (
      await queryRows<Line>(
        database.db,
        sql`SELECT id, organization_id AS organization, supplier_id AS supplier, procedure_type AS type,
                   total_or_max_amount::float8 AS amount FROM contracts`,
      )
    ).sort(byId);
    expect(written).toEqual(generated);
  });
});
