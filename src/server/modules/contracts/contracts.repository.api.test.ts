import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { contracts, suppliers } from '../../db/schema';
import { newId } from '../../lib/ids';
import { createContract, createUnit, seedGeneratedMonitor } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { contractConditions } from './contract-filters.repository';
import { streamContracts } from './contracts.repository';

/** The export reader: every contract once, in the list's order, whatever the batch size. */
describe('streamContracts', () => {
  let ctx: TestContext;
  let organizationId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    const seeded = await seedGeneratedMonitor(db, { contracts: 240, suppliers: 12 });
    organizationId = seeded.organization.id;
    const unitId = (await createUnit(db, organizationId)).id;
    // Contracts without an amount come last; equal amounts are ordered by id.
    for (let i = 0; i < 9; i++) {
      await createContract(db, { organizationId, unitId, totalOrMaxAmount: null, totalAmount: null });
      await createContract(db, { organizationId, unitId, totalOrMaxAmount: 777, totalAmount: 777 });
    }
  });
  afterAll(() => ctx.close());

  async function listOrder(condition = sql`TRUE`) {
    const rows = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`SELECT id FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL AND ${condition}
          ORDER BY total_or_max_amount DESC NULLS LAST, id DESC`,
    );
    return rows.map((row) => row.id);
  }

  async function streamed(filters: object, batchSize: number) {
    const where = await contractConditions(ctx.database.db, organizationId, filters);
    const ids: string[] = [];
    for await (const row of streamContracts(ctx.database.db, where, batchSize)) ids.push(row.id);
    return ids;
  }

  it.each([1, 7, 18, 2_000])('batches of %i give every row once, in list order', async (batchSize) => {
    const expected = await listOrder();
    expect(expected.length).toBe(258);
    expect(await streamed({}, batchSize)).toEqual(expected);
  });

  it('applies the filters', async () => {
    expect(await streamed({ administrationPeriods: ['2021-2024'] }, 5)).toEqual(
      await listOrder(sql`administration_period = '2021-2024'`),
    );
  });

  it('a search matching thousands of supplier names still finds every contract of theirs', async () => {
    const { db } = ctx.database;
    const unitId = (await createUnit(db, organizationId)).id;
    const names = Array.from({ length: 2_050 }, (_, i) => ({
      id: newId(),
      organizationId,
      name: `SERVICIOS GENÉRICOS NÚMERO ${i} SA DE CV`,
    }));
    await db.insert(suppliers).values(names);
    await db.insert(contracts).values(
      names.map((supplier, i) => ({
        organizationId,
        supplierId: supplier.id,
        procedureType: 'NO_BID' as const,
        administrationPeriod: '2021-2024',
        fiscalYear: '2022',
        period: '1o 2022',
        organizerAdministrativeUnitId: unitId,
        applicantAdministrativeUnitId: unitId,
        contractNumber: `GEN-${i}`,
        servicesDescription: 'Mantenimiento',
        totalOrMaxAmount: 100 + i,
      })),
    );
    const ids = await streamed({ search: 'servicios genericos numero' }, 2_000);
    expect(ids).toHaveLength(2_050);
    expect(ids).toEqual(
      await listOrder(
        sql`supplier_id IN (SELECT id FROM suppliers WHERE name LIKE 'SERVICIOS GENÉRICOS NÚMERO %')`,
      ),
    );
  });
});
