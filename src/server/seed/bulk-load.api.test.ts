import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/client';
import { contracts, organizations } from '../db/schema';
import { figureDifferences, tidyAfterBulkWrite } from '../modules/figures/cube-repair.queries';
import { createContract, createOrganization, createUnit } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import { bulkInsert, bulkInsertAll } from './bulk';
import { loadContractsInBulk } from './bulk-load';
import { generateSuppliers, generateUnits } from './catalogue-generator';
import { CONTRACT_COLUMNS, SUPPLIER_COLUMNS, UNIT_COLUMNS } from './columns';
import { generateContracts } from './contract-generator';
import { Random } from './random';
import type { GeneratorSpec } from './rows';

/**
 * The bulk seed (bench:seed) loads a monitor with the contracts' triggers, keys and indexes set
 * aside (issue 27): its figures must still equal its contracts', every other monitor's must stay
 * as they were, and the table must be whole again afterwards.
 */
describe('loading a monitor in bulk', () => {
  let ctx: TestContext;
  let db: Database;
  let monitor: string;
  let other: string;
  let unit: string;
  const COUNT = 1_500;

  const version = async (id: string) =>
    (await db.select().from(organizations).where(eq(organizations.id, id)))[0]!;
  /** The planner's row estimate of a table: -1 (or 0) when nothing ever analysed it. */
  const estimate = async (table: string) =>
    Number(
      (
        await queryRows<{ rows: number }>(
          db,
          sql`SELECT reltuples AS rows FROM pg_class WHERE relname = ${table}`,
        )
      )[0]?.rows,
    );

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    other = (await createOrganization(db)).id;
    const otherUnit = (await createUnit(db, other)).id;
    for (const amount of [100, 250])
      await createContract(db, { organizationId: other, unitId: otherUnit, totalOrMaxAmount: amount });

    monitor = (await createOrganization(db)).id;
    const random = new Random(3);
    const spec: GeneratorSpec = {
      organizationId: monitor,
      code: 'BLK',
      slug: 'carga',
      units: ['Dirección de Adquisiciones', 'Dirección de Obras Públicas', 'Tesorería Municipal'],
      purchasingUnits: ['Dirección de Adquisiciones'],
      worksUnit: 'Dirección de Obras Públicas',
      administrationPeriods: ['2018-2021', '2021-2024', '2024-2027'],
      lastQuarter: { quarter: 3, year: 2026 },
      supplierCount: 60,
      amountScale: 1,
    };
    const createdAt = new Date('2018-10-01T00:00:00Z');
    const units = generateUnits(random, spec, createdAt);
    const suppliers = generateSuppliers(random, spec, createdAt);
    unit = units[0]!.id;
    await bulkInsert(db, 'administrative_units', UNIT_COLUMNS, units);
    await bulkInsert(db, 'suppliers', SUPPLIER_COLUMNS, suppliers);
    const before = (await version(monitor)).dataVersion;
    await db.transaction(async (tx) => {
      const session = tx as unknown as Database;
      await loadContractsInBulk(session, monitor, async () => {
        await bulkInsertAll(
          session,
          'contracts',
          CONTRACT_COLUMNS,
          generateContracts(random, spec, units, suppliers, COUNT),
          {
            batchSize: 400,
          },
        );
      });
    });
    expect((await version(monitor)).dataVersion).toBeGreaterThan(before);
  });
  afterAll(() => ctx?.close());

  it("builds the monitor's figures from its contracts, and leaves the others' as they were", async () => {
    expect(await figureDifferences(db, monitor)).toBe(0);
    expect(await figureDifferences(db, other)).toBe(0);
    const headers = { 'x-current-organization-id': monitor };
    const list = (await ctx.app.inject({ url: '/public-api/contracts/list', headers })).json();
    expect(list.data.total).toBe(COUNT);
    expect(list.lastUpdate).toEqual(expect.any(String));
    const [truth] = await queryRows<{ amount: string }>(
      db,
      sql`SELECT sum(total_or_max_amount) FILTER (WHERE counts_in_totals) AS amount FROM contracts
          WHERE organization_id = ${monitor} AND deleted_at IS NULL`,
    );
    expect(list.data.totals.totalAmount).toBeCloseTo(Number(truth!.amount), 2);
    expect(Number(truth!.amount)).toBeGreaterThan(0);
  });

  it('gives the table back whole: triggers keep the figures, keys refuse a missing supplier, indexes are there', async () => {
    const before = (await version(monitor)).dataVersion;
    await createContract(db, { organizationId: monitor, unitId: unit, totalOrMaxAmount: 777 });
    expect((await version(monitor)).dataVersion).toBeGreaterThan(before);
    expect(await figureDifferences(db, monitor)).toBe(0);
    await expect(
      createContract(db, { organizationId: monitor, unitId: unit, supplierId: crypto.randomUUID() }),
    ).rejects.toThrow();
    await expect(db.delete(contracts).where(eq(contracts.totalOrMaxAmount, 777))).resolves.toBeDefined();
    expect(await figureDifferences(db, monitor)).toBe(0);
    const indexes = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM pg_indexes WHERE tablename = 'contracts'`,
    );
    expect(indexes[0]!.count).toBeGreaterThan(10);
  });

  it('leaves the planner statistics of the contracts and of every figures table after tidying', async () => {
    await tidyAfterBulkWrite(db);
    expect(await estimate('contracts')).toBeGreaterThanOrEqual(COUNT);
    for (const table of ['contract_cube', 'supplier_cube', 'supplier_ranking', 'index_cube'])
      expect(await estimate(table), table).toBeGreaterThan(0);
  });
});
