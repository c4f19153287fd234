import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client';
import { contracts, suppliers } from '../../db/schema';
import { createContract, createSupplier, createUnit, seedGeneratedMonitor } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { figureDifferences } from './cube-repair.queries';
import { FIGURES_CHECK_JOB, FIGURES_REPAIR_JOB } from './figure-jobs';

/**
 * The pre-aggregated tables are maintained by the database in the same transaction as each write
 * (decision 0027): after any kind of write they hold exactly what the contracts say, and the public
 * figures (read from them) equal plain sums over the contracts.
 */
describe('figures maintained in every write', () => {
  let ctx: TestContext;
  let db: Database;
  let organizationId: string;
  let otherId: string;
  let unitId: string;
  let supplierId: string;

  /** Plain SQL over the contracts, independent of the tables and of their functions. */
  async function truth(id = organizationId) {
    const [row] = await queryRows<{
      listed: string;
      counted: string;
      amount: string | null;
      suppliers: string;
    }>(
      db,
      sql`SELECT count(*) AS listed, count(*) FILTER (WHERE counts_in_totals) AS counted,
                 sum(total_or_max_amount) FILTER (WHERE counts_in_totals) AS amount,
                 count(DISTINCT supplier_id) AS suppliers
          FROM contracts WHERE organization_id = ${id} AND deleted_at IS NULL`,
    );
    return {
      listed: Number(row!.listed),
      counted: Number(row!.counted),
      amount: Math.round(Number(row!.amount ?? 0) * 100) / 100,
      suppliers: Number(row!.suppliers),
    };
  }

  /** The stored tables agree with the contracts, and so do the public list totals. */
  async function expectExact(id = organizationId) {
    expect(await figureDifferences(db, id)).toBe(0);
    const expected = await truth(id);
    const list = await ctx.app.inject({
      url: '/public-api/contracts/list',
      headers: { 'x-current-organization-id': id },
    });
    const { data } = list.json();
    expect(data.total).toBe(expected.listed);
    expect(data.totals.totalCount).toBe(expected.counted);
    expect(data.totals.totalAmount).toBeCloseTo(expected.amount, 2);
    const ranking = await ctx.app.inject({
      url: '/public-api/suppliers/list',
      headers: { 'x-current-organization-id': id },
    });
    expect(ranking.json().data.total).toBe(expected.suppliers);
    expect(ranking.json().data.totals.total).toBeCloseTo(
      expected.amount - (await amountWithoutSupplier(id)),
      2,
    );
  }

  async function amountWithoutSupplier(id: string) {
    const [row] = await queryRows<{ amount: string | null }>(
      db,
      sql`SELECT sum(total_or_max_amount) AS amount FROM contracts
          WHERE organization_id = ${id} AND deleted_at IS NULL AND counts_in_totals AND supplier_id IS NULL`,
    );
    return Number(row?.amount ?? 0);
  }

  beforeAll(async () => {
    ctx = await createTestApp({ config: { resultCacheEntries: 0 } });
    db = ctx.database.db;
    const seeded = await seedGeneratedMonitor(db, { contracts: 600, suppliers: 30 });
    organizationId = seeded.organization.id;
    otherId = (await seedGeneratedMonitor(db, { contracts: 200, suppliers: 10, seed: 99 })).organization.id;
    unitId = (await createUnit(db, organizationId)).id;
    supplierId = (await createSupplier(db, organizationId)).id;
  });
  afterAll(() => ctx.close());

  it('starts exact, for both monitors', async () => {
    await expectExact();
    await expectExact(otherId);
  });

  it('adds inserted contracts and follows every kind of update', async () => {
    const before = await truth(otherId);
    const created = await createContract(db, {
      organizationId,
      unitId,
      supplierId,
      totalOrMaxAmount: 1234.56,
    });
    await expectExact();
    const changes: Partial<typeof contracts.$inferInsert>[] = [
      { procedureType: 'PUBLIC' },
      { period: '3o 2023', fiscalYear: '2023', administrationPeriod: '2024-2027' },
      { totalOrMaxAmount: 0.01 },
      { totalOrMaxAmount: null },
      { totalOrMaxAmount: 99_999_999.99 },
      { procedureState: 'IN_PROGRESS' },
      { procedureState: 'CONCLUDED', category: 'EXTENSION' },
      { category: 'SERVICES' },
      { supplierId: null },
      { supplierId },
    ];
    for (const change of changes) {
      await db.update(contracts).set(change).where(sql`${contracts.id} = ${created.id}`);
      await expectExact();
    }
    expect(await truth(otherId)).toEqual(before);
    await expectExact(otherId);
  });

  it('subtracts soft-deleted contracts, adds them back when restored, and forgets hard-deleted ones', async () => {
    const created = await createContract(db, { organizationId, unitId, supplierId, totalOrMaxAmount: 777 });
    await db.update(contracts).set({ deletedAt: new Date() }).where(sql`${contracts.id} = ${created.id}`);
    await expectExact();
    // An update of a deleted contract changes nothing.
    await db.update(contracts).set({ totalOrMaxAmount: 5 }).where(sql`${contracts.id} = ${created.id}`);
    await expectExact();
    await db.update(contracts).set({ deletedAt: null }).where(sql`${contracts.id} = ${created.id}`);
    await expectExact();
    await db.delete(contracts).where(sql`${contracts.id} = ${created.id}`);
    await expectExact();
  });

  it('takes a bulk insert of thousands of rows in one transaction, and a bulk update and delete', async () => {
    const rows = Array.from({ length: 3_000 }, (_, index) => ({
      organizationId,
      procedureType: (['PUBLIC', 'INVITATION', 'NO_BID'] as const)[index % 3]!,
      category: index % 7 === 0 ? ('ADENDUM' as const) : ('ACQUISITION' as const),
      administrationPeriod: '2021-2024',
      fiscalYear: String(2021 + (index % 3)),
      period: `${(index % 4) + 1}o ${2021 + (index % 3)}`,
      procedureState: index % 5 === 0 ? ('CANCELED' as const) : ('CONCLUDED' as const),
      organizerAdministrativeUnitId: unitId,
      applicantAdministrativeUnitId: unitId,
      supplierId: index % 2 === 0 ? supplierId : null,
      totalOrMaxAmount: (index % 1000) + 0.37,
      dataLoadId: '00000000-0000-4000-8000-000000000001',
    }));
    await db.transaction(async (tx) => {
      await tx.insert(contracts).values(rows);
    });
    await expectExact();
    await db
      .update(contracts)
      .set({ procedureType: 'PUBLIC' })
      .where(sql`${contracts.dataLoadId} = '00000000-0000-4000-8000-000000000001'`);
    await expectExact();
    await db.delete(contracts).where(sql`${contracts.dataLoadId} = '00000000-0000-4000-8000-000000000001'`);
    await expectExact();
  });

  it('leaves nothing of a rolled-back transaction', async () => {
    const before = await truth();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(contracts).values({
          organizationId,
          procedureType: 'PUBLIC',
          administrationPeriod: '2021-2024',
          fiscalYear: '2022',
          period: '1o 2022',
          procedureState: 'CONCLUDED',
          organizerAdministrativeUnitId: unitId,
          applicantAdministrativeUnitId: unitId,
          supplierId,
          totalOrMaxAmount: 5_000,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await truth()).toEqual(before);
    await expectExact();
  });

  it('stays exact under concurrent writes to one monitor', async () => {
    const writers = Array.from({ length: 8 }, (_, writer) =>
      db.transaction(async (tx) => {
        for (let index = 0; index < 5; index++) {
          const [row] = await tx
            .insert(contracts)
            .values({
              organizationId,
              procedureType: 'INVITATION',
              administrationPeriod: '2021-2024',
              fiscalYear: '2022',
              period: '2o 2022',
              procedureState: 'CONCLUDED',
              organizerAdministrativeUnitId: unitId,
              applicantAdministrativeUnitId: unitId,
              supplierId,
              totalOrMaxAmount: 100 + writer,
            })
            .returning({ id: contracts.id });
          if (index % 2 === 1)
            await tx.update(contracts).set({ deletedAt: new Date() }).where(sql`id = ${row!.id}`);
        }
      }),
    );
    await Promise.all(writers);
    await expectExact();
  });

  it("renames a supplier in the ranking when the supplier's name changes", async () => {
    await db
      .update(suppliers)
      .set({ name: 'PROVEEDOR RENOMBRADO' })
      .where(sql`${suppliers.id} = ${supplierId}`);
    await expectExact();
    const names = await queryRows<{ name: string }>(
      db,
      sql`SELECT DISTINCT name FROM supplier_ranking WHERE supplier_id = ${supplierId}`,
    );
    expect(names).toEqual([{ name: 'PROVEEDOR RENOMBRADO' }]);
  });

  it('repairs a deliberately corrupted monitor: the nightly check finds it and queues the repair, which reports progress on the bus', async () => {
    await db.execute(
      sql`UPDATE contract_cube SET amount = amount + 1 WHERE organization_id = ${organizationId}`,
    );
    await db.execute(
      sql`DELETE FROM supplier_ranking WHERE organization_id = ${organizationId} AND supplier_id = ${supplierId}`,
    );
    await db.execute(
      sql`UPDATE supplier_cube SET contracts = contracts + 3 WHERE organization_id = ${otherId}`,
    );
    expect(await figureDifferences(db, organizationId)).toBeGreaterThan(0);
    expect(await figureDifferences(db, otherId)).toBeGreaterThan(0);
    const progress: { name: string; fraction: number }[] = [];
    const unsubscribe = await ctx.app.deps.events.subscribe('jobProgress', (event) => progress.push(event));
    await ctx.app.deps.jobs.enqueue(FIGURES_CHECK_JOB, {});
    await ctx.app.deps.jobs.idle(60_000);
    // The repair job was queued by the check and has run by now.
    await ctx.app.deps.jobs.idle(60_000);
    await expectExact();
    await expectExact(otherId);
    await new Promise((resolve) => setImmediate(resolve));
    unsubscribe();
    expect(progress.some((event) => event.name === FIGURES_REPAIR_JOB && event.fraction === 1)).toBe(true);
    expect(progress.some((event) => event.name === FIGURES_CHECK_JOB)).toBe(true);
  });
});
