import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { contracts, organizations, suppliers } from '../../db/schema';
import { createContract, createOrganization, createSupplier, createUnit } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('public contracts API', () => {
  let ctx: TestContext;
  let organizationId: string;
  let otherContractId: string;
  let unitId: string;
  let organizerId: string;
  let supplierId: string;
  let contractId: string;
  const headers = () => ({ 'x-current-organization-id': organizationId });
  const list = (filters: object = {}, page = 1) =>
    ctx.app.inject({
      method: 'POST',
      url: `/public-api/contracts/filtered-list?page=${page}`,
      payload: { filters },
      headers: headers(),
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    organizationId = (await createOrganization(db)).id;
    unitId = (await createUnit(db, organizationId, { name: 'Dirección de Obras Públicas' })).id;
    organizerId = (await createUnit(db, organizationId, { name: 'Dirección de Adquisiciones' })).id;
    supplierId = (await createSupplier(db, organizationId, { name: 'CONSTRUCTORA PEÑA SA DE CV' })).id;
    const base = { organizationId, unitId, supplierId, organizerAdministrativeUnitId: organizerId };
    contractId = (
      await createContract(db, {
        ...base,
        procedureType: 'PUBLIC',
        category: 'PUBLIC_WORKS',
        contractId: 'LP-2022-001',
        contractNumber: 'SLV/LP/2022/001',
        servicesDescription: 'Pavimentación con concreto hidráulico de la calle Juárez',
        totalOrMaxAmount: 2_500_000.5,
        totalAmount: 2_500_000.5,
        contractUrl: 'https://transparencia.example.org/contrato.pdf',
        karewaNotes: 'Nota interna de la asociación',
      })
    ).id;
    await createContract(db, {
      ...base,
      procedureType: 'NO_BID',
      totalOrMaxAmount: 100_000,
      totalAmount: 100_000,
    });
    await createContract(db, {
      ...base,
      procedureType: 'NO_BID',
      category: 'EXTENSION',
      totalOrMaxAmount: 50_000,
      totalAmount: 50_000,
      servicesDescription: 'Ampliación del contrato',
    });
    await createContract(db, {
      ...base,
      procedureType: 'INVITATION',
      procedureState: 'CANCELED',
      totalOrMaxAmount: 70_000,
      totalAmount: 70_000,
      administrationPeriod: '2024-2027',
      fiscalYear: '2025',
      period: '3o 2025',
    });
    const other = await createOrganization(db);
    const otherUnit = await createUnit(db, other.id);
    otherContractId = (
      await createContract(db, {
        organizationId: other.id,
        unitId: otherUnit.id,
        totalOrMaxAmount: 9_999_999,
      })
    ).id;
  });
  afterAll(() => ctx.close());

  it('lists every contract but sums only concluded non-amendments (one rule for money)', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toMatchObject({ total: 4, page: 1, pages: 1 });
    expect(body.data.totals).toEqual({
      totalCount: 2,
      publicCount: 1,
      invitationCount: 0,
      noBidCount: 1,
      totalAmount: 2_600_000.5,
      PUBLIC: 2_500_000.5,
      INVITATION: 0,
      NO_BID: 100_000,
    });
    expect(body.data.docs[0]).toMatchObject({
      _id: contractId,
      contractId: 'LP-2022-001',
      contractNumber: 'SLV/LP/2022/001',
      totalOrMaxAmount: 2_500_000.5,
      contractDate: '2022-02-15',
      procedureType: 'PUBLIC',
      supplier: { _id: supplierId, name: 'CONSTRUCTORA PEÑA SA DE CV' },
      applicantAdministrativeUnit: { _id: unitId, name: 'Dirección de Obras Públicas' },
    });
    expect(body.lastUpdate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(response.body).not.toContain('9999999');
  });

  it('searches process id, contract number, description and supplier name, ignoring accents and case', async () => {
    for (const search of [
      'pavimentacion',
      'PAVIMENTACIÓN',
      'lp-2022',
      'slv/lp/2022',
      'constructora pena',
      'Peña',
    ]) {
      const body = (await list({ search })).json();
      expect(body.data.docs.length, search).toBeGreaterThan(0);
      expect(
        body.data.docs.every(
          (doc: { supplier: { name: string } }) => doc.supplier?.name === 'CONSTRUCTORA PEÑA SA DE CV',
        ),
      ).toBe(true);
    }
    expect((await list({ search: 'pavimentacion' })).json().data.total).toBe(1);
    for (const search of ['%', '_', '(.*', "' OR 1=1 --", '\\']) {
      const response = await list({ search });
      expect(response.statusCode, search).toBe(200);
      expect(response.json().data.total, search).toBe(0);
    }
  });

  it('filters by convening or requesting unit, period and state-independent list', async () => {
    expect((await list({ administrativeUnits: [organizerId] })).json().data.total).toBe(4);
    expect(
      (await list({ administrationPeriods: [{ administrationPeriod: '2024-2027' }] })).json().data.total,
    ).toBe(1);
    expect(
      (await list({ trimonths: ['3o 2025'], procedureTypes: ['INVITATION'] })).json().data.totals.totalAmount,
    ).toBe(0);
  });

  it('answers a malformed filter body with 400 and a Spanish message', async () => {
    const bad: [object, string][] = [
      [{ administrationPeriods: ['2021'] }, 'La administración debe tener el formato 2021-2024.'],
      [{ fiscalYears: ['20x1'] }, 'El ejercicio debe ser un año de cuatro cifras'],
      [{ trimonths: ['5o 2021'] }, 'El trimestre debe tener el formato 1o 2022.'],
      [{ procedureTypes: ['FOO'] }, 'El tipo de procedimiento no es válido.'],
      [{ suppliers: ['not-an-id'] }, 'El identificador no es válido.'],
      [
        { suppliers: Array.from({ length: 51 }, () => supplierId) },
        'Un filtro admite como máximo 50 valores.',
      ],
      [{ administrationPeriods: 'x' }, 'El filtro debe ser una lista.'],
      [{ search: 'x'.repeat(201) }, 'La búsqueda no puede exceder 200 caracteres.'],
    ];
    for (const [filters, message] of bad) {
      const response = await list(filters);
      expect(response.statusCode, JSON.stringify(filters)).toBe(400);
      expect(response.json().message, JSON.stringify(filters)).toContain(message);
    }
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/contracts/filtered-list',
      headers: { ...headers(), 'content-type': 'application/json' },
      payload: '[1,2',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it("needs a monitor, and only shows that monitor's contracts", async () => {
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/contracts/filtered-list',
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Por favor selecciona una Organización para continuar.');
    const detail = await ctx.app.inject({
      url: `/public-api/contracts/detail?id=${otherContractId}`,
      headers: headers(),
    });
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe('El contrato solicitado no existe.');
    const badId = await ctx.app.inject({ url: '/public-api/contracts/detail?id=123', headers: headers() });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('El identificador del contrato no es válido.');
  });

  it("shows a contract's public detail, without the association's internal notes", async () => {
    const response = await ctx.app.inject({
      url: `/public-api/contracts/detail?id=${contractId}`,
      headers: headers(),
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      _id: contractId,
      servicesDescription: 'Pavimentación con concreto hidráulico de la calle Juárez',
      organizerAdministrativeUnit: { _id: organizerId, name: 'Dirección de Adquisiciones' },
      contractUrl: 'https://transparencia.example.org/contrato.pdf',
      contractUrlBackup: null,
      totalAmount: 2_500_000.5,
    });
    expect(response.body).not.toContain('Nota interna');
    expect(data).not.toHaveProperty('karewaNotes');
  });

  it('offers filter options sorted as the spec says', async () => {
    const get = async (kind: string, query = '') =>
      (
        await ctx.app.inject({ url: `/public-api/contracts/retrieve/${kind}${query}`, headers: headers() })
      ).json().data.docs;
    expect(await get('administration-periods')).toEqual([
      { _id: '2021-2024', administrationPeriod: '2021-2024' },
      { _id: '2024-2027', administrationPeriod: '2024-2027' },
    ]);
    expect(await get('trimonths')).toEqual([
      { _id: '1o 2022', period: '1o 2022' },
      { _id: '3o 2025', period: '3o 2025' },
    ]);
    expect((await get('fiscal-years')).map((doc: { fiscalYear: string }) => doc.fiscalYear)).toEqual([
      '2022',
      '2025',
    ]);
    expect((await get('procedure-types')).map((doc: { _id: string }) => doc._id)).toEqual([
      'NO_BID',
      'INVITATION',
      'PUBLIC',
    ]);
    expect((await get('administrative-units')).map((doc: { name: string }) => doc.name)).toEqual([
      'Dirección de Adquisiciones',
      'Dirección de Obras Públicas',
    ]);
    expect(await get('suppliers-filter', '?search=pena')).toEqual([
      { _id: supplierId, name: 'CONSTRUCTORA PEÑA SA DE CV' },
    ]);
    expect(await get('suppliers-filter', '?search=nadie')).toEqual([]);
    const unknown = await ctx.app.inject({
      url: '/public-api/contracts/retrieve/everything',
      headers: headers(),
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('sorts unit and supplier options by name as a Spanish reader does, and leaves deleted units out', async () => {
    const { db } = ctx.database;
    const other = (await createOrganization(db)).id;
    const names = ['Zeta', 'Ángel', 'Beta', 'agua'];
    const deleted = await createUnit(db, other, { name: 'Aaa borrada', deletedAt: new Date() });
    for (const name of names) {
      const unit = await createUnit(db, other, { name });
      const supplier = await createSupplier(db, other, { name });
      await createContract(db, { organizationId: other, unitId: unit.id, supplierId: supplier.id });
    }
    await createContract(db, { organizationId: other, unitId: deleted.id });
    const get = async (kind: string) =>
      (
        await ctx.app.inject({
          url: `/public-api/contracts/retrieve/${kind}`,
          headers: { 'x-current-organization-id': other },
        })
      )
        .json()
        .data.docs.map((doc: { name: string }) => doc.name);
    expect(await get('administrative-units')).toEqual(['agua', 'Ángel', 'Beta', 'Zeta']);
    expect(await get('suppliers-filter')).toEqual(['agua', 'Ángel', 'Beta', 'Zeta']);
  });

  it('reflects every change at once: new, changed, deleted contracts and renamed suppliers', async () => {
    const { db } = ctx.database;
    const before = (await list()).json();
    const [{ version: versionBefore }] = (await db
      .select({ version: organizations.dataVersion })
      .from(organizations)
      .where(eq(organizations.id, organizationId))) as [{ version: number }];

    await createContract(db, {
      organizationId,
      unitId,
      supplierId,
      procedureType: 'NO_BID',
      totalOrMaxAmount: 1_000_000,
      totalAmount: 1_000_000,
    });
    let after = (await list()).json();
    expect(after.data.total).toBe(before.data.total + 1);
    expect(after.data.totals.NO_BID).toBe(before.data.totals.NO_BID + 1_000_000);

    await db.update(contracts).set({ procedureState: 'CANCELED' }).where(eq(contracts.id, contractId));
    after = (await list()).json();
    expect(after.data.totals.PUBLIC).toBe(0);
    expect(after.data.total).toBe(before.data.total + 1);

    await db.update(contracts).set({ deletedAt: new Date() }).where(eq(contracts.id, contractId));
    after = (await list()).json();
    expect(after.data.total).toBe(before.data.total);
    expect(after.data.docs.map((doc: { _id: string }) => doc._id)).not.toContain(contractId);

    await db
      .update(suppliers)
      .set({ name: 'CONSTRUCTORA PEÑA Y ASOCIADOS SA DE CV' })
      .where(eq(suppliers.id, supplierId));
    const ranking = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/suppliers/filtered-list',
      payload: {},
      headers: headers(),
    });
    expect(ranking.json().data.docs[0].name).toBe('CONSTRUCTORA PEÑA Y ASOCIADOS SA DE CV');

    const [{ version: versionAfter }] = (await db
      .select({ version: organizations.dataVersion })
      .from(organizations)
      .where(eq(organizations.id, organizationId))) as [{ version: number }];
    expect(versionAfter).toBeGreaterThan(versionBefore);
    // 'Última actualización' follows the most recent change of the monitor's contracts.
    const [row] = await queryRows<{ updated: boolean }>(
      db,
      sql`SELECT contracts_updated_at = (SELECT max(updated_at) FROM contracts WHERE organization_id = ${organizationId}) AS updated
          FROM organizations WHERE id = ${organizationId}`,
    );
    expect(row?.updated).toBe(true);
  });
  it('pages a search in the list order, page after page, whether found along the order or collected', async () => {
    const { db } = ctx.database;
    const monitor = (await createOrganization(db)).id;
    const unit = (await createUnit(db, monitor)).id;
    const bacheos = (await createSupplier(db, monitor, { name: 'BACHEOS DEL NORTE SA' })).id;
    const matching: { id: string; amount: number }[] = [];
    for (let n = 0; n < 24; n++) {
      // Equal amounts in pairs: the id breaks the tie, as in the list.
      const amount = 1_000 * (30 - Math.floor(n / 2));
      const row = await createContract(db, {
        organizationId: monitor,
        unitId: unit,
        servicesDescription: `Bacheo de la calle ${n}`,
        totalOrMaxAmount: amount,
      });
      matching.push({ id: row.id, amount });
      // Contracts that do not match, between them in the order.
      await createContract(db, { organizationId: monitor, unitId: unit, totalOrMaxAmount: amount + 500 });
    }
    // Found through the supplier's name.
    const bySupplier = await createContract(db, {
      organizationId: monitor,
      unitId: unit,
      supplierId: bacheos,
      totalOrMaxAmount: 15_250,
    });
    matching.push({ id: bySupplier.id, amount: 15_250 });
    // A deleted match, and another monitor's, are never listed.
    await createContract(db, {
      organizationId: monitor,
      unitId: unit,
      servicesDescription: 'Bacheo borrado',
      totalOrMaxAmount: 99_000,
      deletedAt: new Date(),
    });
    const elsewhere = await createOrganization(db);
    await createContract(db, {
      organizationId: elsewhere.id,
      unitId: (await createUnit(db, elsewhere.id)).id,
      servicesDescription: 'Bacheo ajeno',
      totalOrMaxAmount: 98_000,
    });
    const expected = matching
      .sort((a, b) => b.amount - a.amount || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    const listed: string[] = [];
    for (const page of [1, 2, 3]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/public-api/contracts/filtered-list?page=${page}`,
        payload: { filters: { search: 'BACHEO' } },
        headers: { 'x-current-organization-id': monitor },
      });
      const data = response.json().data;
      expect(data).toMatchObject({ total: 25, page, pages: 3 });
      listed.push(...data.docs.map((doc: { _id: string }) => doc._id));
    }
    expect(listed).toEqual(expected);
  });
});
