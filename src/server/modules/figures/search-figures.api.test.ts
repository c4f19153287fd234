import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client';
import { contracts, suppliers } from '../../db/schema';
import { createContract, createOrganization, createSupplier, createUnit } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { figureDifferences, rebuildFigures } from './cube-repair.queries';
import { KEPT_SEARCHES_PER_MONITOR, requestKeepSearch } from './figure-jobs';
import { SEARCH_KEPT_FROM } from './figures';
import { keepSearch, keptSearches, keptSearchFigures } from './search-figures.queries';

/**
 * A search of many contracts has its figures kept by the database in every write (decision 0031):
 * after any kind of write they equal plain sums over the contracts the search matches (text or
 * supplier name, accents and case aside), and the public list answers from them.
 */
describe('kept search figures', () => {
  let ctx: TestContext;
  let db: Database;
  let monitor: string;
  let other: string;
  let unit: string;
  let plain: string;
  let bacheos: string;

  /** Plain SQL over the contracts, independent of the kept figures and of the engine's queries. */
  async function truth(search = 'bacheo', id = monitor) {
    const rows = await queryRows<{ type: string; listed: string; counted: string; amount: string | null }>(
      db,
      sql`SELECT c.procedure_type AS type, count(*) AS listed,
                 count(*) FILTER (WHERE c.counts_in_totals) AS counted,
                 sum(c.total_or_max_amount) FILTER (WHERE c.counts_in_totals) AS amount
          FROM contracts c LEFT JOIN suppliers s ON s.id = c.supplier_id AND s.deleted_at IS NULL
          WHERE c.organization_id = ${id} AND c.deleted_at IS NULL
            AND (c.search_text LIKE ${`%${search}%`} OR s.search_name LIKE ${`%${search}%`})
          GROUP BY 1 ORDER BY 1`,
    );
    return rows
      .map((row) => ({
        procedureType: row.type,
        listed: Number(row.listed),
        counted: Number(row.counted),
        amount: Math.round(Number(row.amount ?? 0) * 100) / 100,
      }))
      .filter((row) => row.listed > 0)
      .sort((a, b) => (a.procedureType < b.procedureType ? -1 : 1));
  }

  async function kept(search = 'Bacheo', id = monitor) {
    const rows = await keptSearchFigures(db, id, search);
    return rows
      ?.filter((row) => row.listed !== 0 || row.counted !== 0 || row.amount !== 0)
      .map((row) => ({ ...row, amount: Math.round(row.amount * 100) / 100 }))
      .sort((a, b) => (a.procedureType < b.procedureType ? -1 : 1));
  }

  /** The kept figures (unless `isKept` is false: then there are none) and the list equal the truth. */
  async function expectExact(isKept = true) {
    expect(await kept()).toEqual(isKept ? await truth() : undefined);
    // The public list answers the same, from the kept figures.
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/contracts/filtered-list?page=1',
      payload: { filters: { search: 'BACHEO' } },
      headers: { 'x-current-organization-id': monitor },
    });
    const expected = await truth();
    const { data } = response.json();
    expect(data.total).toBe(expected.reduce((sum, row) => sum + row.listed, 0));
    expect(data.totals.totalCount).toBe(expected.reduce((sum, row) => sum + row.counted, 0));
    expect(data.totals.totalAmount).toBeCloseTo(
      expected.reduce((sum, row) => sum + row.amount, 0),
      2,
    );
  }

  const bacheo = (overrides: Partial<typeof contracts.$inferInsert> = {}) =>
    createContract(db, {
      organizationId: monitor,
      unitId: unit,
      supplierId: plain,
      servicesDescription: 'Bacheo de la calle Hidalgo',
      ...overrides,
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    monitor = (await createOrganization(db)).id;
    unit = (await createUnit(db, monitor)).id;
    plain = (await createSupplier(db, monitor, { name: 'PAPELERÍA CENTRAL SA' })).id;
    bacheos = (await createSupplier(db, monitor, { name: 'BACHEOS DEL NORTE SA' })).id;
    await bacheo({ procedureType: 'PUBLIC', totalOrMaxAmount: 1_000.5 });
    await bacheo({ procedureType: 'NO_BID', totalOrMaxAmount: 200, procedureState: 'CANCELED' });
    await bacheo({ servicesDescription: 'BACHÉO urgente', totalOrMaxAmount: 300 });
    await bacheo({ servicesDescription: 'Papelería', supplierId: bacheos, totalOrMaxAmount: 400 });
    await bacheo({ servicesDescription: 'Papelería', totalOrMaxAmount: 5_000 });
    await bacheo({ totalOrMaxAmount: 7_000, deletedAt: new Date() });
    other = (await createOrganization(db)).id;
    await createContract(db, {
      organizationId: other,
      unitId: (await createUnit(db, other)).id,
      servicesDescription: 'Bacheo ajeno',
      totalOrMaxAmount: 9_000,
    });
    expect(await keepSearch(db, monitor, '  Bacheo ', KEPT_SEARCHES_PER_MONITOR)).toBe(true);
    // Kept once: asking again changes nothing.
    expect(await keepSearch(db, monitor, 'bacheo', KEPT_SEARCHES_PER_MONITOR)).toBe(false);
  });
  afterAll(() => ctx.close());

  it('counts the search once, under the one rule for money, text and supplier name alike', async () => {
    expect(await kept()).toEqual([
      { procedureType: 'NO_BID', listed: 3, counted: 2, amount: 700 },
      { procedureType: 'PUBLIC', listed: 1, counted: 1, amount: 1_000.5 },
    ]);
    await expectExact();
    expect(await keptSearchFigures(db, other, 'bacheo')).toBeUndefined();
  });

  it('stays exact through every kind of write', async () => {
    const added = await bacheo({ totalOrMaxAmount: 10 });
    await expectExact();
    const unrelated = await bacheo({ servicesDescription: 'Limpieza', totalOrMaxAmount: 20 });
    await expectExact();
    // The description now matches; then the amount, the state, the type and the supplier change.
    await db
      .update(contracts)
      .set({ servicesDescription: 'Bacheo nocturno' })
      .where(eq(contracts.id, unrelated.id));
    await expectExact();
    await db.update(contracts).set({ totalOrMaxAmount: 55.25 }).where(eq(contracts.id, added.id));
    await db.update(contracts).set({ procedureState: 'IN_PROGRESS' }).where(eq(contracts.id, unrelated.id));
    await expectExact();
    await db.update(contracts).set({ procedureType: 'INVITATION' }).where(eq(contracts.id, added.id));
    await db
      .update(contracts)
      .set({ servicesDescription: 'Papelería', supplierId: bacheos })
      .where(eq(contracts.id, unrelated.id));
    await expectExact();
    // Soft delete, restore, hard delete.
    await db.update(contracts).set({ deletedAt: new Date() }).where(eq(contracts.id, added.id));
    await expectExact();
    await db.update(contracts).set({ deletedAt: null }).where(eq(contracts.id, added.id));
    await expectExact();
    await db.delete(contracts).where(eq(contracts.id, added.id));
    await expectExact();
    // Many rows in one statement, and a transaction that rolls back.
    await db.insert(contracts).values(
      Array.from({ length: 300 }, (_, n) => ({
        organizationId: monitor,
        procedureType: n % 2 ? ('PUBLIC' as const) : ('INVITATION' as const),
        category: 'PUBLIC_WORKS' as const,
        administrationPeriod: '2021-2024',
        fiscalYear: '2022',
        period: '1o 2022',
        procedureState: 'CONCLUDED' as const,
        organizerAdministrativeUnitId: unit,
        applicantAdministrativeUnitId: unit,
        contractNumber: `BULK-${n}`,
        contractType: 'NORMAL' as const,
        servicesDescription: n % 3 ? `Bacheo lote ${n}` : `Alumbrado ${n}`,
        totalOrMaxAmount: n,
        totalAmount: n,
      })),
    );
    await expectExact();
    await db
      .transaction(async (tx) => {
        await tx.update(contracts).set({ totalOrMaxAmount: 1 }).where(eq(contracts.organizationId, monitor));
        throw new Error('rolled back');
      })
      .catch(() => {});
    await expectExact();
  });

  it('the nightly check finds a kept figure that differs from the contracts, and the repair mends it', async () => {
    expect(await figureDifferences(db, monitor)).toBe(0);
    await db.execute(
      sql`UPDATE search_figures SET contracts = contracts + 1 WHERE organization_id = ${monitor}`,
    );
    expect(await figureDifferences(db, monitor)).toBeGreaterThan(0);
    await rebuildFigures(db, monitor);
    expect(await figureDifferences(db, monitor)).toBe(0);
    await expectExact(false);
    await keepSearch(db, monitor, 'bacheo', KEPT_SEARCHES_PER_MONITOR);
    await expectExact();
  });

  it("drops the monitor's kept searches when a supplier's name changes, and answers right meanwhile", async () => {
    await db.update(suppliers).set({ name: 'PAPELERÍA DEL SUR SA' }).where(eq(suppliers.id, bacheos));
    expect(await keptSearches(db, monitor)).toEqual([]);
    await expectExact(false);
    // Asked again through the job, it is kept again, without the renamed supplier's contracts.
    await requestKeepSearch(ctx.app.deps, monitor, 'bacheo');
    await ctx.app.deps.jobs.idle();
    expect(await keptSearches(db, monitor)).toEqual(['%bacheo%']);
    await expectExact();
  });

  it('keeps at most so many searches per monitor, the oldest going first, and none after a repair', async () => {
    for (let n = 0; n < KEPT_SEARCHES_PER_MONITOR + 2; n++)
      await keepSearch(db, monitor, `lote ${n}`, KEPT_SEARCHES_PER_MONITOR);
    const searches = await keptSearches(db, monitor);
    expect(searches).toHaveLength(KEPT_SEARCHES_PER_MONITOR);
    expect(searches).not.toContain('%bacheo%');
    expect(searches).toContain(`%lote ${KEPT_SEARCHES_PER_MONITOR + 1}%`);
    await rebuildFigures(db, monitor);
    expect(await keptSearches(db, monitor)).toEqual([]);
    await expectExact(false);
  });

  it('keeps a search the public list found matching many contracts, after answering, and answers the same from it', async () => {
    const many = (await createOrganization(db)).id;
    const manyUnit = (await createUnit(db, many)).id;
    const rows = Array.from({ length: SEARCH_KEPT_FROM + 10 }, (_, n) => ({
      organizationId: many,
      procedureType: 'PUBLIC' as const,
      category: 'PUBLIC_WORKS' as const,
      administrationPeriod: '2021-2024',
      fiscalYear: '2022',
      period: '1o 2022',
      procedureState: 'CONCLUDED' as const,
      organizerAdministrativeUnitId: manyUnit,
      applicantAdministrativeUnitId: manyUnit,
      contractNumber: `PAV-${n}`,
      contractType: 'NORMAL' as const,
      servicesDescription: n < SEARCH_KEPT_FROM ? `Pavimentación ${n}` : `Alumbrado ${n}`,
      totalOrMaxAmount: 100,
      totalAmount: 100,
    }));
    // In statements of 1,000 rows (a statement takes at most 65,535 parameters).
    for (let start = 0; start < rows.length; start += 1_000)
      await db.insert(contracts).values(rows.slice(start, start + 1_000));
    const ask = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/public-api/contracts/filtered-list?page=1',
          payload: { filters: { search: 'pavimentacion' } },
          headers: { 'x-current-organization-id': many },
        })
      ).json().data;
    // The job queue answers only when the test says so: the first visitor gets the figures
    // counted from the contracts without waiting for it, and nothing is kept yet.
    const { jobs, background } = ctx.app.deps;
    const enqueue = jobs.enqueue;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queued: string[] = [];
    jobs.enqueue = async (...args) => {
      queued.push(args[0]);
      await held;
      return enqueue.apply(jobs, args);
    };
    try {
      let scanned: unknown;
      void ask().then((data) => {
        scanned = data;
      });
      await expect.poll(() => scanned, { timeout: 15_000 }).toBeDefined();
      expect(scanned).toMatchObject({
        total: SEARCH_KEPT_FROM,
        totals: { totalAmount: SEARCH_KEPT_FROM * 100 },
      });
      expect(queued).toEqual(['figures-keep-search']);
      expect(await keptSearches(db, many)).toEqual([]);
    } finally {
      release();
      jobs.enqueue = enqueue;
    }
    // Afterwards the durable job keeps them.
    await background.idle();
    await jobs.idle();
    expect(await keptSearches(db, many)).toEqual(['%pavimentacion%']);
    await db.update(contracts).set({ totalOrMaxAmount: 200 }).where(eq(contracts.contractNumber, 'PAV-0'));
    expect(await ask()).toMatchObject({
      total: SEARCH_KEPT_FROM,
      totals: { totalAmount: SEARCH_KEPT_FROM * 100 + 100 },
    });
    expect(await keptSearchFigures(db, many, 'pavimentacion')).toEqual([
      {
        procedureType: 'PUBLIC',
        listed: SEARCH_KEPT_FROM,
        counted: SEARCH_KEPT_FROM,
        amount: SEARCH_KEPT_FROM * 100 + 100,
      },
    ]);
  });

  it('never builds a pattern from the text: wildcards are literal', async () => {
    expect(await keepSearch(db, other, '%', KEPT_SEARCHES_PER_MONITOR)).toBe(true);
    expect(await keptSearchFigures(db, other, '%')).toEqual([]);
  });
});
