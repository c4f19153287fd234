import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client';
import { contracts, supplierRankingTotals, suppliers as supplierTable } from '../../db/schema';
import {
  createContract,
  createOrganization,
  createSupplier,
  createUnit,
  seedGeneratedMonitor,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { figureDifferences, rebuildFigures } from './cube-repair.queries';
import { keptVariableValues, type VariableSet, variableValues } from './index-variables.queries';

/**
 * The index's variables on a small crafted monitor whose answers are known by hand, read both
 * from the tables the writes keep (index_cube, supplier_ranking) and from the contracts, which
 * must agree after every kind of write.
 */
describe('the variables of the corruption-risk index', () => {
  let ctx: TestContext;
  let db: Database;
  let organizationId: string;
  let set: VariableSet;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    const organization = await createOrganization(db);
    organizationId = organization.id;
    set = { organizationId, administrationPeriod: '2021-2024', filters: [] };
    const unit = await createUnit(db, organizationId);
    const other = await createUnit(db, organizationId);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createSupplier(db, organizationId)));
    Object.assign(ids, { unit: unit.id, other: other.id, a: a!.id, b: b!.id, c: c!.id, d: d!.id });
    const base = { organizationId, unitId: unit.id };
    const rows: Parameters<typeof createContract>[1][] = [
      // Public tenders: 3 counted, amount 600 + 300 + 100.
      {
        ...base,
        procedureType: 'PUBLIC',
        supplierId: a!.id,
        totalOrMaxAmount: 600,
        contractId: 'F-1',
        contractUrl: 'https://x/1',
        clarificationMeetingJudgmentUrl: 'https://x/j1',
        informationDate: '2022-04-30',
      },
      {
        ...base,
        procedureType: 'PUBLIC',
        supplierId: a!.id,
        totalOrMaxAmount: 300,
        contractId: 'F-2',
        announcementUrl: 'https://x/a2',
        informationDate: '2022-04-10',
      },
      {
        ...base,
        procedureType: 'PUBLIC',
        supplierId: b!.id,
        totalOrMaxAmount: 100,
        contractId: '',
        period: '2o 2022',
        informationDate: '2022-07-31',
      },
      // Direct awards: 4 counted (one over the limit, two without folio), amount 500 + 200 + 200 + 100.
      {
        ...base,
        procedureType: 'NO_BID',
        supplierId: b!.id,
        totalOrMaxAmount: 500,
        limitExceeded: true,
        contractId: 'F-3',
        contractUrl: 'https://x/3',
        informationDate: '2022-04-30',
      },
      {
        ...base,
        procedureType: 'NO_BID',
        supplierId: c!.id,
        totalOrMaxAmount: 200,
        contractId: null,
        contractUrl: 'https://x/4',
        informationDate: '2022-05-01',
      },
      { ...base, procedureType: 'NO_BID', supplierId: c!.id, totalOrMaxAmount: 200, contractId: null },
      {
        ...base,
        procedureType: 'NO_BID',
        supplierId: null,
        totalOrMaxAmount: 100,
        contractId: 'F-5',
        organizerAdministrativeUnitId: other.id,
        period: '4o 2022',
        informationDate: '2023-01-30',
      },
      // Invitation: 1 counted, 100.
      {
        ...base,
        procedureType: 'INVITATION',
        supplierId: d!.id,
        totalOrMaxAmount: 100,
        contractId: 'F-6',
        announcementUrl: 'https://x/a6',
      },
      // Not counted: an extension (counted only by $NAC), one in progress, one deleted, one of another period.
      {
        ...base,
        procedureType: 'NO_BID',
        supplierId: a!.id,
        totalOrMaxAmount: 9_000,
        category: 'EXTENSION',
        contractId: 'F-7',
      },
      {
        ...base,
        procedureType: 'PUBLIC',
        supplierId: a!.id,
        totalOrMaxAmount: 9_000,
        procedureState: 'IN_PROGRESS',
        category: 'EXTENSION',
      },
      { ...base, procedureType: 'PUBLIC', supplierId: d!.id, totalOrMaxAmount: 9_000, deletedAt: new Date() },
      {
        ...base,
        procedureType: 'PUBLIC',
        supplierId: d!.id,
        totalOrMaxAmount: 9_000,
        administrationPeriod: '2018-2021',
      },
    ];
    for (const row of rows) await createContract(db, row);
  });
  afterAll(() => ctx.close());

  const KNOWN = {
    $MTG: 2_100,
    $MGLP: 1_000,
    $MGAD: 1_000,
    $MGIR: 100,
    $NTC: 8,
    $NTCLP: 3,
    $NCSF: 3,
    $NCADSM: 1,
    $NAC: 1,
    $NCAD: 4,
    // Suppliers of counted contracts: a 900, b 600, c 400, d 100 (the one without a supplier is none).
    $NTP: 4,
    // 40% of 2,000 is 800: a alone (900) crosses it.
    $NPCGE: 1,
    // Average 500: a and b above it. Average contracts 7/4 = 1.75: a, b and c have 2.
    $NPEPE: 2,
    $NPEPCP: 3,
    $NCDPT: 3,
    $NIDPT: 2,
    $NCPJA: 1,
    // Formats: (1o 2022, unit, A) latest 04-30 on time; (1o 2022, unit, B) latest 05-01, one day late;
    // (2o 2022, unit, A) 07-31, late (deadline 07-30); (4o 2022, other unit, B) 2023-01-30, on time.
    $NTF: 4,
    $NFXXVII: 2,
  };

  it('gives the known answers, the same from the kept tables and from the contracts', async () => {
    expect(await keptVariableValues(db, set)).toEqual(KNOWN);
    expect(await variableValues(db, set)).toEqual(KNOWN);
  });

  it("keeps the suppliers' concentration in the writes: a kept value is what the index reads, and the repair mends it", async () => {
    const where = and(
      eq(supplierRankingTotals.organizationId, organizationId),
      eq(supplierRankingTotals.administrationPeriod, '2021-2024'),
    );
    const [stored] = await db.select().from(supplierRankingTotals).where(where);
    expect(stored).toMatchObject({
      countedSuppliers: 4,
      leadingSuppliers: 1,
      aboveAverageAmount: 2,
      aboveAverageContracts: 3,
    });
    // A stored value gone wrong is what the index says (it reads the kept row, ranks nothing), and
    // the check finds it; the repair writes what the suppliers say.
    await db.update(supplierRankingTotals).set({ leadingSuppliers: 3 }).where(where);
    expect((await keptVariableValues(db, set)).$NPCGE).toBe(3);
    expect(await figureDifferences(db, organizationId)).toBeGreaterThan(0);
    await rebuildFigures(db, organizationId);
    expect(await figureDifferences(db, organizationId)).toBe(0);
    expect(await keptVariableValues(db, set)).toEqual(KNOWN);
  });

  it("says 'sin datos' for the concentration without any amount, and counts nothing in an empty period", async () => {
    const empty = { ...set, administrationPeriod: '2030-2033' };
    const kept = await keptVariableValues(db, empty);
    expect(kept.$NTC).toBe(0);
    expect(kept.$NPCGE).toBeNull();
    expect(await variableValues(db, empty)).toEqual(kept);
  });

  it('applies a calculation’s filters (references as alternatives, amounts all together)', async () => {
    const filtered = await variableValues(db, {
      ...set,
      filters: [
        {
          variableAbbreviation: '$NTC',
          propertyName: 'supplier',
          propertyType: 'REF',
          operator: 'EQUAL',
          onModel: 'Supplier',
          reference: ids.a,
        },
        {
          variableAbbreviation: '$NTC',
          propertyName: 'supplier',
          propertyType: 'REF',
          operator: 'EQUAL',
          onModel: 'Supplier',
          reference: ids.c,
        },
        {
          variableAbbreviation: '$NTC',
          propertyName: 'totalOrMaxAmount',
          propertyType: 'NUMBER',
          operator: 'GREATER_EQUAL',
          value: '200',
        },
        {
          variableAbbreviation: '$NTC',
          propertyName: 'totalOrMaxAmount',
          propertyType: 'NUMBER',
          operator: 'LESS',
          value: '600',
        },
      ],
    });
    // a: 300 (600 is not < 600); c: 200 and 200.
    expect(filtered.$NTC).toBe(3);
    expect(filtered.$MTG).toBe(700);
  });

  it('stays exact after inserts, updates, soft deletes, restores and deletes, on every engine', async () => {
    const base = { organizationId, unitId: ids.unit! };
    const added = await createContract(db, {
      ...base,
      procedureType: 'PUBLIC',
      supplierId: ids.d,
      totalOrMaxAmount: 1_000,
      contractId: '',
      informationDate: '2022-06-01',
    });
    await db
      .update(contracts)
      .set({ contractUrl: 'https://x/new', limitExceeded: true })
      .where(eq(contracts.id, added.id));
    await db.update(contracts).set({ procedureState: 'IN_PROGRESS' }).where(eq(contracts.contractId, 'F-6'));
    await db.update(contracts).set({ deletedAt: new Date() }).where(eq(contracts.contractId, 'F-3'));
    await db.update(contracts).set({ deletedAt: null }).where(eq(contracts.contractId, 'F-3'));
    await db.update(contracts).set({ category: 'SERVICES' }).where(eq(contracts.contractId, 'F-7'));
    await db.delete(contracts).where(eq(contracts.contractId, 'F-2'));
    const kept = await keptVariableValues(db, set);
    expect(kept).toEqual(await variableValues(db, set));
    expect(kept.$NTC).toBe(KNOWN.$NTC + 1 - 1 + 1 - 1);
    expect(kept.$NAC).toBe(0);
    expect(kept.$MTG).toBe(2_100 + 1_000 - 100 + 9_000 - 300);
    expect(await figureDifferences(db, organizationId)).toBe(0);
  });

  it('keeps the concentration exact through writes that move the averages both ways, one row or many at a time', async () => {
    const organization = await createOrganization(db);
    const monitor = organization.id;
    const unit = await createUnit(db, monitor);
    const suppliers = await Promise.all(Array.from({ length: 12 }, () => createSupplier(db, monitor)));
    const scopes = [
      { organizationId: monitor, administrationPeriod: '2021-2024', filters: [] },
      { organizationId: monitor, administrationPeriod: null, filters: [] },
    ];
    const agree = async (step: string) => {
      for (const scope of scopes)
        expect({ step, ...(await keptVariableValues(db, scope)) }).toEqual({
          step,
          ...(await variableValues(db, scope)),
        });
      expect({ step, differences: await figureDifferences(db, monitor) }).toEqual({ step, differences: 0 });
    };
    // A deterministic sequence: amounts of several sizes, suppliers gaining and losing their counted contracts.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const row = (index: number) => ({
      organizationId: monitor,
      procedureType: (['PUBLIC', 'NO_BID', 'INVITATION'] as const)[index % 3]!,
      category: 'ACQUISITION' as const,
      administrationPeriod: index % 4 === 0 ? '2018-2021' : '2021-2024',
      fiscalYear: '2022',
      period: '1o 2022',
      procedureState: 'CONCLUDED' as const,
      organizerAdministrativeUnitId: unit.id,
      applicantAdministrativeUnitId: unit.id,
      contractNumber: `CONC-${index}`,
      contractDate: '2022-02-15',
      contractType: 'NORMAL' as const,
      totalAmount: 1,
      totalOrMaxAmount: [10, 100, 1_000, 25_000][next(4)]! + next(50),
      supplierId: suppliers[next(suppliers.length)]!.id,
      servicesDescription: 'Servicios',
    });
    // Many rows in one statement, then one at a time.
    await db.insert(contracts).values(Array.from({ length: 40 }, (_, index) => row(index)));
    await agree('bulk insert');
    for (let index = 40; index < 46; index++) {
      await db.insert(contracts).values(row(index));
      await agree(`insert ${index}`);
    }
    const numbers = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, index) => `CONC-${from + index}`);
    const steps: [string, () => Promise<unknown>][] = [
      // The largest supplier grows: the average rises past others.
      [
        'one amount up',
        () =>
          db
            .update(contracts)
            .set({ totalOrMaxAmount: 400_000 })
            .where(eq(contracts.contractNumber, 'CONC-3')),
      ],
      [
        'many amounts down',
        () =>
          db
            .update(contracts)
            .set({ totalOrMaxAmount: 5 })
            .where(inArray(contracts.contractNumber, numbers(0, 20))),
      ],
      [
        'a supplier moves',
        () =>
          db
            .update(contracts)
            .set({ supplierId: suppliers[0]!.id })
            .where(inArray(contracts.contractNumber, numbers(20, 30))),
      ],
      [
        'no longer counted',
        () =>
          db
            .update(contracts)
            .set({ category: 'EXTENSION' })
            .where(inArray(contracts.contractNumber, numbers(30, 38))),
      ],
      [
        'counted again',
        () =>
          db
            .update(contracts)
            .set({ category: 'ACQUISITION' })
            .where(inArray(contracts.contractNumber, numbers(30, 34))),
      ],
      [
        'in progress',
        () =>
          db
            .update(contracts)
            .set({ procedureState: 'IN_PROGRESS' })
            .where(inArray(contracts.contractNumber, numbers(38, 43))),
      ],
      [
        'soft deleted',
        () =>
          db
            .update(contracts)
            .set({ deletedAt: new Date() })
            .where(inArray(contracts.contractNumber, numbers(10, 25))),
      ],
      [
        'restored',
        () =>
          db
            .update(contracts)
            .set({ deletedAt: null })
            .where(inArray(contracts.contractNumber, numbers(10, 15))),
      ],
      [
        'another period',
        () =>
          db
            .update(contracts)
            .set({ administrationPeriod: '2021-2024' })
            .where(eq(contracts.administrationPeriod, '2018-2021')),
      ],
      [
        'all amounts zero',
        () => db.update(contracts).set({ totalOrMaxAmount: 0 }).where(eq(contracts.organizationId, monitor)),
      ],
      [
        'amounts back',
        () =>
          db
            .update(contracts)
            .set({ totalOrMaxAmount: sql`length(${contracts.contractNumber}) * 1000 + 7` })
            .where(eq(contracts.organizationId, monitor)),
      ],
      ['deleted', () => db.delete(contracts).where(inArray(contracts.contractNumber, numbers(0, 30)))],
      ['none left', () => db.delete(contracts).where(eq(contracts.organizationId, monitor))],
    ];
    for (const [step, write] of steps) {
      await write();
      await agree(step);
    }
    expect((await keptVariableValues(db, scopes[0]!)).$NPCGE).toBeNull();
  });

  it('counts the suppliers reaching 40% however many it takes (200 equal suppliers: 80)', async () => {
    const organization = await createOrganization(db);
    const unit = await createUnit(db, organization.id);
    const letters = (n: number) => n.toString(10).replace(/[0-9]/g, (digit) => 'QRSTUVWXYZ'[Number(digit)]!);
    const equal = await db
      .insert(supplierTable)
      .values(
        Array.from({ length: 200 }, (_, n) => ({
          organizationId: organization.id,
          name: `PROVEEDOR IGUAL ${letters(n)}`,
        })),
      )
      .returning({ id: supplierTable.id });
    await db.insert(contracts).values(
      equal.map(({ id }, n) => ({
        organizationId: organization.id,
        procedureType: 'PUBLIC' as const,
        category: 'ACQUISITION' as const,
        administrationPeriod: '2021-2024',
        fiscalYear: '2022',
        period: '1o 2022',
        procedureState: 'CONCLUDED' as const,
        organizerAdministrativeUnitId: unit.id,
        applicantAdministrativeUnitId: unit.id,
        contractNumber: `IGUAL-${n}`,
        contractDate: '2022-02-15',
        contractType: 'NORMAL' as const,
        totalAmount: 100,
        totalOrMaxAmount: 100,
        supplierId: id,
        servicesDescription: 'Servicios',
      })),
    );
    const scope = { organizationId: organization.id, administrationPeriod: '2021-2024', filters: [] };
    const kept = await keptVariableValues(db, scope);
    expect(kept).toMatchObject({ $NTP: 200, $NPCGE: 80, $NPEPE: 0, $NPEPCP: 0 });
    expect(kept).toEqual(await variableValues(db, scope));
    expect(await figureDifferences(db, organization.id)).toBe(0);
  });

  it('agrees with the contracts on a generated monitor, for one monitor and for all of them', async () => {
    const seeded = await seedGeneratedMonitor(db, { contracts: 800, suppliers: 40 });
    const [{ period }] = (await queryRows<{ period: string }>(
      db,
      sql`SELECT administration_period AS period FROM contracts WHERE organization_id = ${seeded.organization.id} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    )) as [{ period: string }];
    for (const scope of [
      { organizationId: seeded.organization.id, administrationPeriod: period, filters: [] },
      { organizationId: null, administrationPeriod: period, filters: [] },
    ]) {
      const kept = await keptVariableValues(db, scope);
      expect(kept.$NTC).toBeGreaterThan(0);
      expect(kept).toEqual(await variableValues(db, scope));
    }
  });
});
