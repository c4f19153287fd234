import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCEDURE_STATES, PROCEDURE_TYPES } from '../../../shared/constants/enums';
import { bearer, createUser, signIn } from '../../test/auth';
import { createContract, createOrganization, createSupplier, createUnit } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { contractStore } from '../contracts/contracts-catalogue.repository';

/** A contract as the test made it: what each named sort reads. */
interface Made {
  id: string;
  even: boolean;
  supplier: { id: string; name: string } | null;
  organizer: { id: string; name: string };
  applicant: { id: string; name: string };
  administrationPeriod: string;
  fiscalYear: string;
  procedureType: string;
  procedureState: string | null;
  contractNumber: string | null;
  contractDate: string | null;
  totalOrMaxAmount: number | null;
  createdAt: number;
}

type Value = string | number | null;
/** Empty values are the smallest; then the value; then the referenced row's id; then the contract's id. */
const compareValues = (a: Value, b: Value) =>
  a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;

const readers: Record<string, (made: Made) => Value[]> = {
  'supplier.name': (m) => [m.supplier?.name ?? null, m.supplier?.id ?? null],
  'organizerAdministrativeUnit.name': (m) => [m.organizer.name, m.organizer.id],
  'applicantAdministrativeUnit.name': (m) => [m.applicant.name, m.applicant.id],
  administrationPeriod: (m) => [m.administrationPeriod],
  fiscalYear: (m) => [m.fiscalYear],
  procedureType: (m) => [PROCEDURE_TYPES.indexOf(m.procedureType as never)],
  procedureState: (m) => [
    m.procedureState === null ? null : PROCEDURE_STATES.indexOf(m.procedureState as never),
  ],
  contractNumber: (m) => [m.contractNumber],
  contractDate: (m) => [m.contractDate],
  totalOrMaxAmount: (m) => [m.totalOrMaxAmount],
  createdAt: (m) => [m.createdAt],
};

function expectedOrder(made: Made[], sort: string, order: 'asc' | 'desc'): string[] {
  const read = readers[sort]!;
  const sorted = [...made].sort((a, b) => {
    const [left, right] = [
      [...read(a), a.id],
      [...read(b), b.id],
    ];
    for (const [index, value] of left.entries()) {
      const compared = compareValues(value, right[index]!);
      if (compared !== 0) return compared;
    }
    return 0;
  });
  return (order === 'asc' ? sorted : sorted.reverse()).map((m) => m.id);
}

describe('contracts catalogue: named sorts and page sizes', () => {
  let ctx: TestContext;
  let organizationId: string;
  let token: string;
  const made: Made[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    organizationId = (await createOrganization(db)).id;
    const otherOrganizationId = (await createOrganization(db)).id;
    token = await signIn(ctx.app, (await createUser(db, { administratorType: 'GENERAL' })).email);
    const supplier = async (name: string, deleted = false) => {
      const row = await createSupplier(db, organizationId, {
        name,
        ...(deleted ? { deletedAt: new Date() } : {}),
      });
      return { id: row.id, name };
    };
    // GAMA was deleted after its contract was entered: the contract still lists and sorts by it.
    const suppliers = [await supplier('BETA'), await supplier('ALFA'), await supplier('GAMA', true), null];
    const unit = async (name: string) => ({ id: (await createUnit(db, organizationId, { name })).id, name });
    const units = [await unit('NORTE'), await unit('CENTRO'), await unit('ESTE')];
    const base = Date.UTC(2024, 0, 1);
    for (let i = 0; i < 24; i++) {
      const values = {
        supplier: suppliers[i % 4]!,
        organizer: units[i % 3]!,
        applicant: units[(i + 1) % 2]!,
        administrationPeriod: ['2018-2021', '2021-2024', '2015-2018'][i % 3]!,
        fiscalYear: ['2019', '2022', '2020', '2021'][i % 4]!,
        procedureType: PROCEDURE_TYPES[i % 3]!,
        procedureState: i % 5 === 2 ? null : PROCEDURE_STATES[i % 4]!,
        contractNumber: i % 5 === 0 ? null : `N${(i * 7) % 24}`,
        contractDate: i % 6 === 0 ? null : ['2022-01-10', '2021-05-01', '2023-12-31'][i % 3]!,
        totalOrMaxAmount: i % 5 === 1 ? null : [1000, 250.5, 1000, 99999.99][i % 4]!,
        createdAt: base + (i % 4) * 1000,
      };
      const row = await createContract(db, {
        organizationId,
        unitId: values.organizer.id,
        supplierId: values.supplier?.id ?? null,
        applicantAdministrativeUnitId: values.applicant.id,
        administrationPeriod: values.administrationPeriod,
        fiscalYear: values.fiscalYear,
        procedureType: values.procedureType,
        procedureState: values.procedureState,
        contractNumber: values.contractNumber,
        contractDate: values.contractDate,
        totalAmount: values.totalOrMaxAmount,
        totalOrMaxAmount: values.totalOrMaxAmount,
        servicesDescription: i % 2 === 0 ? 'LOTE PAR' : 'LOTE NON',
        createdAt: new Date(values.createdAt),
      });
      made.push({ id: row.id, even: i % 2 === 0, ...values });
    }
    // Neither a deleted contract nor another monitor's contracts may show, whatever the order.
    await createContract(db, {
      organizationId,
      unitId: units[0]!.id,
      supplierId: suppliers[1]!.id,
      contractNumber: 'N0',
      servicesDescription: 'LOTE PAR',
      deletedAt: new Date(),
    });
    const foreignUnit = (await createUnit(db, otherOrganizationId, { name: 'AAA' })).id;
    const foreignSupplier = (await createSupplier(db, otherOrganizationId, { name: 'AAA' })).id;
    for (let i = 0; i < 3; i++)
      await createContract(db, {
        organizationId: otherOrganizationId,
        unitId: foreignUnit,
        supplierId: foreignSupplier,
        servicesDescription: 'LOTE PAR',
      });
  });
  afterAll(() => ctx.close());

  const list = (query: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/contracts/list?${query}`,
      headers: bearer(token, organizationId),
    });

  /** Every page of a listing at a page size, joined. */
  async function allPages(query: string, limit: number): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const response = await list(`${query}&limit=${limit}&page=${page}`);
      expect(response.statusCode, response.body).toBe(200);
      const { docs, pages } = response.json().data as { docs: { _id: string }[]; pages: number };
      ids.push(...docs.map((doc) => doc._id));
      if (page >= pages) return ids;
    }
  }

  it('names its sorts: supplier, units, period, year, type, state, number, date, amount, creation', () => {
    expect([...contractStore.sorts].sort()).toEqual(Object.keys(readers).sort());
  });

  for (const sort of Object.keys(readers)) {
    it(`sorts by ${sort} both ways, ties by id, across pages, without other monitors' or deleted rows`, async () => {
      for (const order of ['asc', 'desc'] as const) {
        expect(await allPages(`sort=${sort}&order=${order}`, 10), `${sort} ${order}`).toEqual(
          expectedOrder(made, sort, order),
        );
        // A narrow search sorts its matches outright: the same order among them.
        expect(
          await allPages(`sort=${sort}&order=${order}&search=lote%20par`, 10),
          `${sort} ${order}`,
        ).toEqual(
          expectedOrder(
            made.filter((m) => m.even),
            sort,
            order,
          ),
        );
      }
    });
  }

  it('pages by 10 unless asked for 25, 50 or 100 rows', async () => {
    const first = (await list('page=1')).json().data;
    expect(first).toMatchObject({ total: 24, page: 1, pages: 3 });
    expect(first.docs).toHaveLength(10);
    const wide = (await list('limit=25')).json().data;
    expect(wide).toMatchObject({ total: 24, page: 1, pages: 1 });
    expect(wide.docs).toHaveLength(24);
    const third = (await list('limit=10&page=3')).json().data;
    expect(third.docs).toHaveLength(4);
    for (const limit of ['7', '1000', 'diez']) {
      const refused = await list(`limit=${limit}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/tamaño de página/);
    }
  });

  it('refuses a sort it does not name, in Spanish', async () => {
    for (const sort of ['partida', 'notes', 'constructor', 'supplier.rfc']) {
      const refused = await list(`sort=${sort}`);
      expect(refused.statusCode, sort).toBe(400);
      expect(refused.json().message).toBe('El orden solicitado no es válido.');
    }
  });
});
