import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { contracts, organizations } from '../../db/schema';
import { createContract, createOrganization, createSupplier, createUnit } from '../../test/factories';
import { createTestDatabase } from '../../test/test-app';
import {
  type ContractWrite,
  type DocumentRegistration,
  type FlagRegistration,
  prepareContracts,
  saveContracts,
  writeContracts,
} from './contracts.write';

// These tests look at the contracts only: their documents' registration is the backups' (backups.api.test.ts).
const documents: DocumentRegistration = async () => {};
// And their flags are the red flags' (red-flags.api.test.ts).
const flags: FlagRegistration = async () => {};

describe('saveContracts', () => {
  let database: DatabaseHandle;
  const now = new Date('2025-03-01T12:00:00Z');
  const actor = { userId: '0190a0a0-0000-7000-8000-0000000000aa' };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** A monitor with a unit and a supplier, and a valid contract of it. */
  async function monitor() {
    const { db } = database;
    const organization = await createOrganization(db);
    const unit = (await createUnit(db, organization.id)).id;
    const supplier = (await createSupplier(db, organization.id)).id;
    let sequence = 0;
    const row = (overrides: Record<string, unknown> = {}): ContractWrite => ({
      supplier,
      procedureType: 'NO_BID',
      category: 'SERVICES',
      administrationPeriod: '2021-2024',
      fiscalYear: '2022',
      period: '1o 2022',
      procedureState: 'CONCLUDED',
      organizerAdministrativeUnit: unit,
      applicantAdministrativeUnit: unit,
      administrativeUnitType: 'CENTRALIZED',
      areaInCharge: 'Tesorería',
      servicesDescription: 'Limpieza',
      contractNumber: `CTO-${organization.id.slice(-6)}-${++sequence}`,
      contractDate: '2022-02-01',
      contractType: 'NORMAL',
      totalAmount: 1_000,
      ...overrides,
    });
    const stored = async () =>
      (
        await db
          .select({ total: count() })
          .from(contracts)
          .where(and(eq(contracts.organizationId, organization.id), isNull(contracts.deletedAt)))
      )[0]!.total;
    return { organization, unit, supplier, row, stored };
  }

  const save = (rows: ContractWrite[], organizationId: string, onRefused?: 'rollback' | 'skip') =>
    saveContracts(database.db, rows, { id: organizationId }, actor, { now, onRefused, documents, flags });

  it("refuses another monitor's supplier and units, and deleted ones, naming the field", async () => {
    const { db } = database;
    const mine = await monitor();
    const other = await monitor();
    const deletedUnit = (await createUnit(db, mine.organization.id, { deletedAt: now })).id;
    const result = await save(
      [
        mine.row({ supplier: other.supplier }),
        mine.row({ organizerAdministrativeUnit: other.unit, applicantAdministrativeUnit: deletedUnit }),
        mine.row(),
      ],
      mine.organization.id,
    );
    expect(result.written).toBe(false);
    expect(result.outcomes.map((outcome) => outcome.status)).toEqual(['refused', 'refused', 'created']);
    expect(result.outcomes[0]).toMatchObject({
      code: 'BAD_REQUEST',
      problems: [{ field: 'supplier', message: 'El proveedor no existe en esta organización.' }],
    });
    expect(result.outcomes[1]).toMatchObject({
      problems: [
        {
          field: 'organizerAdministrativeUnit',
          message: 'La unidad administrativa no existe en esta organización.',
        },
        {
          field: 'applicantAdministrativeUnit',
          message: 'La unidad administrativa no existe en esta organización.',
        },
      ],
    });
    // One refused row writes nothing by default.
    expect(await mine.stored()).toBe(0);
    // The import's choice: the valid rows are written, the refused ones are not.
    const skipped = await save(
      [mine.row({ supplier: other.supplier }), mine.row()],
      mine.organization.id,
      'skip',
    );
    expect(skipped.written).toBe(true);
    expect(await mine.stored()).toBe(1);
  });

  it('refuses a contract number repeated in the batch or already in the monitor, not in another monitor', async () => {
    const mine = await monitor();
    const other = await monitor();
    await createContract(database.db, {
      organizationId: mine.organization.id,
      unitId: mine.unit,
      contractNumber: 'CTO-EXISTE, "1" {2}',
    });
    await createContract(database.db, {
      organizationId: other.organization.id,
      unitId: other.unit,
      contractNumber: 'CTO-DE-OTRO',
    });
    const result = await save(
      [
        mine.row({ contractNumber: 'CTO-NUEVO' }),
        mine.row({ contractNumber: 'CTO-NUEVO' }),
        mine.row({ contractNumber: 'CTO-EXISTE, "1" {2}' }),
        mine.row({ contractNumber: 'CTO-DE-OTRO' }),
      ],
      mine.organization.id,
      'skip',
    );
    expect(result.outcomes.map((outcome) => outcome.status)).toEqual([
      'created',
      'refused',
      'refused',
      'created',
    ]);
    for (const refused of [result.outcomes[1], result.outcomes[2]])
      expect(refused).toMatchObject({
        code: 'CONFLICT',
        problems: [{ field: 'contractNumber', message: 'Ya existe un Contrato registrado con este número.' }],
      });
    expect(await mine.stored()).toBe(3);
  });

  it('refuses a contract loaded without a number whose data the monitor already holds, in the batch too', async () => {
    const mine = await monitor();
    const other = await monitor();
    const loaded = (fingerprint: string, row: (overrides?: Record<string, unknown>) => ContractWrite) =>
      row({ contractNumber: null, _fingerprint: fingerprint });
    await save([loaded('huella-1', mine.row)], mine.organization.id);
    await save([loaded('huella-2', other.row)], other.organization.id);
    const result = await save(
      [
        loaded('huella-1', mine.row),
        loaded('huella-3', mine.row),
        loaded('huella-3', mine.row),
        loaded('huella-2', mine.row),
      ],
      mine.organization.id,
      'skip',
    );
    expect(result.outcomes.map((outcome) => outcome.status)).toEqual([
      'refused',
      'created',
      'refused',
      'created',
    ]);
    expect(result.outcomes[0]).toMatchObject({
      code: 'CONFLICT',
      problems: [{ message: 'Ya existe un contrato cargado con los mismos datos.' }],
    });
    expect(await mine.stored()).toBe(3);
  });

  it('writes rows prepared ahead to the monitor they were prepared for', async () => {
    const mine = await monitor();
    const other = await monitor();
    const prepared = prepareContracts([mine.row()], mine.organization, actor);
    const written = await writeContracts(database.db, prepared, { now, documents, flags });
    expect(written.outcomes.map((outcome) => outcome.status)).toEqual(['created']);
    expect(await mine.stored()).toBe(1);
    expect(await other.stored()).toBe(0);
  });

  it('asks for the procedure state of a contract with procedures, not of an empty row', async () => {
    const mine = await monitor();
    const result = await save(
      [
        mine.row({ procedureState: null }),
        mine.row({
          isEmpty: true,
          procedureState: null,
          supplier: null,
          servicesDescription: null,
          contractNumber: null,
          contractDate: null,
          contractType: null,
          totalAmount: null,
        }),
      ],
      mine.organization.id,
      'skip',
    );
    expect(result.outcomes[0]).toMatchObject({
      status: 'refused',
      code: 'BAD_REQUEST',
      problems: [{ field: 'procedureState', message: 'El campo Estado del procedimiento es requerido' }],
    });
    expect(result.outcomes[1]).toMatchObject({ status: 'created' });
  });

  it('writes 5,000 contracts in one call, and the monitor’s data version follows', async () => {
    const mine = await monitor();
    const version = async () =>
      (
        await database.db
          .select({ version: organizations.dataVersion })
          .from(organizations)
          .where(eq(organizations.id, mine.organization.id))
      )[0]!.version;
    const before = await version();
    const rows = Array.from({ length: 5_000 }, () => mine.row());
    const result = await save(rows, mine.organization.id);
    expect(result.written).toBe(true);
    expect(result.outcomes.filter((outcome) => outcome.status === 'created')).toHaveLength(5_000);
    expect(await mine.stored()).toBe(5_000);
    expect(Number(await version())).toBeGreaterThan(Number(before));
  });

  it('updates contracts of its monitor only', async () => {
    const mine = await monitor();
    const other = await monitor();
    const theirs = await createContract(database.db, {
      organizationId: other.organization.id,
      unitId: other.unit,
    });
    const result = await save([{ ...mine.row(), _id: theirs.id }], mine.organization.id);
    expect(result.outcomes[0]).toMatchObject({ status: 'refused', code: 'NOT_FOUND' });
  });

  it('rolls the whole batch back on an unexpected error', async () => {
    const mine = await monitor();
    // A failure the rules cannot foresee, in the second insert statement (after 1,000 rows went in).
    await database.db.execute(sql`
      CREATE FUNCTION fail_on_marked_contract() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.contract_number = 'CTO-FALLA' THEN RAISE EXCEPTION 'fallo inesperado'; END IF;
        RETURN NEW;
      END $$`);
    await database.db.execute(sql`
      CREATE TRIGGER fail_on_marked_contract BEFORE INSERT ON contracts
      FOR EACH ROW EXECUTE FUNCTION fail_on_marked_contract()`);
    try {
      const rows = [
        ...Array.from({ length: 1_200 }, () => mine.row()),
        mine.row({ contractNumber: 'CTO-FALLA' }),
      ];
      await expect(save(rows, mine.organization.id)).rejects.toThrow();
      expect(await mine.stored()).toBe(0);
    } finally {
      await database.db.execute(sql`DROP TRIGGER fail_on_marked_contract ON contracts`);
      await database.db.execute(sql`DROP FUNCTION fail_on_marked_contract()`);
    }
  });
});
