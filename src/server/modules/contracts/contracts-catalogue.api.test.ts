import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, organizations } from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
import {
  contractEntry,
  createContract,
  createOrganization,
  createSupplier,
  createUnit,
} from '../../test/factories';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';

describe('contracts catalogue', () => {
  let ctx: TestContext;
  let organizationId: string;
  let otherOrganizationId: string;
  let token: string;
  let unit: string;
  let otherUnit: string;
  let secondUnit: string;
  let supplier: string;
  let foreignSupplier: string;
  let foreignUnit: string;

  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({ config: { rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000 } } });
    const { db } = ctx.database;
    organizationId = (await createOrganization(db)).id;
    otherOrganizationId = (await createOrganization(db)).id;
    token = await signIn(ctx.app, (await createUser(db, { administratorType: 'GENERAL' })).email);
    unit = (await createUnit(db, organizationId, { name: 'Dirección de Compras' })).id;
    secondUnit = (await createUnit(db, organizationId, { name: 'Secretaría de Obras' })).id;
    supplier = (
      await createSupplier(db, organizationId, { name: 'PAPELERIA DEL CENTRO', rfc: 'PCE010101AAA' })
    ).id;
    otherUnit = (await createUnit(db, otherOrganizationId)).id;
    foreignUnit = otherUnit;
    foreignSupplier = (await createSupplier(db, otherOrganizationId)).id;
  });
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    organization = organizationId,
    as = token,
  ) => ctx.app.inject({ method, url, headers: bearer(as, organization), ...(payload ? { payload } : {}) });
  const messages = (response: { json(): { errors?: { path: string; message: string }[] } }) =>
    Object.fromEntries((response.json().errors ?? []).map((error) => [error.path, error.message]));

  const entry = (overrides: Record<string, unknown> = {}) =>
    contractEntry({ supplier, unit, applicant: secondUnit }, overrides);

  it('creates a contract with the names of its supplier and units, and the derived total', async () => {
    const created = await call('POST', '/api/contracts/save', entry({ contractNumber: 'CTO-ALTA-1' }));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      message: 'El contrato fue creado correctamente',
      data: {
        supplier: { _id: supplier, name: 'PAPELERIA DEL CENTRO' },
        organizerAdministrativeUnit: { _id: unit, name: 'Dirección de Compras' },
        applicantAdministrativeUnit: { _id: secondUnit, name: 'Secretaría de Obras' },
        totalAmount: 125_000.5,
        totalOrMaxAmount: 125_000.5,
        limitExceeded: null,
        amountExceeded: null,
        contractDate: '2022-05-10',
        period: '2o 2022',
      },
    });
    const list = await call('GET', '/api/contracts/list?page=1');
    expect(list.json().data.docs[0]).toMatchObject({ contractNumber: 'CTO-ALTA-1' });
    const [row] = await ctx.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.id, created.json().data._id));
    expect(row).toMatchObject({ organizationId, totalOrMaxAmount: 125_000.5, isEmpty: false });
  });

  it('takes the maximum as the amount of an OPEN contract and keeps limit fields for direct awards only', async () => {
    const open = await call(
      'POST',
      '/api/contracts/save',
      entry({
        contractType: 'OPEN',
        totalAmount: null,
        minAmount: 1_000,
        maxAmount: 9_000,
        procedureType: 'NO_BID',
        limitExceeded: true,
        amountExceeded: 500,
      }),
    );
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data).toMatchObject({
      totalOrMaxAmount: 9_000,
      limitExceeded: true,
      amountExceeded: 500,
    });

    // Cents of hundreds of millions (public works) are kept exactly.
    const large = await call('POST', '/api/contracts/save', entry({ totalAmount: '155,319,236.70' }));
    expect(large.statusCode, large.body).toBe(200);
    expect(large.json().data.totalOrMaxAmount).toBe(155_319_236.7);
    const cents = await call('POST', '/api/contracts/save', entry({ totalAmount: 10.005 }));
    expect(messages(cents)['body.totalAmount']).toBe(
      'El monto debe ser un número positivo con hasta dos decimales.',
    );

    const publicOne = await call(
      'POST',
      '/api/contracts/save',
      entry({ limitExceeded: true, amountExceeded: 10 }),
    );
    expect(publicOne.json().data).toMatchObject({ limitExceeded: null, amountExceeded: null });

    const disagreeing = await call(
      'POST',
      '/api/contracts/save',
      entry({ totalAmount: 100, totalOrMaxAmount: 90 }),
    );
    expect(disagreeing.statusCode).toBe(400);
    expect(messages(disagreeing)['body.totalOrMaxAmount']).toBe(
      'El Monto total o máximo debe coincidir con el monto total debido al tipo de contrato.',
    );
    const openWithoutMax = await call(
      'POST',
      '/api/contracts/save',
      entry({ contractType: 'OPEN', minAmount: 5 }),
    );
    expect(messages(openWithoutMax)['body.maxAmount']).toBe('El campo Monto máximo es requerido');
  });

  it('says which field has the wrong format, with an example', async () => {
    const response = await call(
      'POST',
      '/api/contracts/save',
      entry({
        administrationPeriod: '2021-24',
        fiscalYear: '22',
        period: '5o 2022',
        contractId: '???',
        announcementUrl: 'convocatoria.pdf',
        contractDate: '2022-02-30',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toMatchObject({
      'body.administrationPeriod':
        'El campo Administración no tiene el formato correcto.\nEjemplo: 2019-2021',
      'body.fiscalYear': 'El campo Ejercicio no tiene el formato correcto.\nEjemplo: 2019',
      'body.period': 'El campo Periodo no tiene el formato correcto.\nEjemplo: 1o 2019',
      'body.contractId': 'El campo ID no tiene el formato correcto.\nEjemplo: XX000/00',
      'body.announcementUrl':
        'El campo Hipervínculo a la convocatoria no tiene el formato correcto.\nEjemplo: https://www.ejemplo.gob.mx/documento.pdf',
      'body.contractDate': 'La fecha no es válida (dd/mm/aaaa).',
    });
    const accepted = await call(
      'POST',
      '/api/contracts/save',
      entry({ announcementUrl: 'www.municipio.gob.mx/convocatoria.pdf', contractId: 'AD-MCH-2022-00001' }),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('requires the always-required fields, and the others only when the row is not empty', async () => {
    const missing = await call('POST', '/api/contracts/save', {
      procedureType: '',
      administrationPeriod: '',
      isEmpty: false,
    });
    expect(messages(missing)).toMatchObject({
      'body.procedureType': 'El campo Tipo de procedimiento es requerido',
      'body.category': 'El campo Materia es requerido',
      'body.administrationPeriod': 'El campo Administración es requerido',
      'body.fiscalYear': 'El campo Ejercicio es requerido',
      'body.period': 'El campo Periodo es requerido',
      'body.organizerAdministrativeUnit': 'El campo Unidad administrativa convocante es requerido',
      'body.applicantAdministrativeUnit': 'El campo Unidad administrativa solicitante es requerido',
      'body.areaInCharge': 'El campo Área responsable es requerido',
    });
    const incomplete = await call(
      'POST',
      '/api/contracts/save',
      entry({
        servicesDescription: '',
        administrativeUnitType: null,
        contractType: null,
        contractDate: '',
        contractNumber: '',
        totalAmount: null,
        procedureState: null,
      }),
    );
    expect(messages(incomplete)).toMatchObject({
      'body.procedureState': 'El campo Estado del procedimiento es requerido',
      'body.servicesDescription': 'El campo Descripción de las obras, bienes o servicios es requerido',
      'body.administrativeUnitType': 'El campo Tipo de unidad administrativa es requerido',
      'body.contractType': 'El campo Tipo de contrato es requerido',
      'body.contractDate': 'El campo Fecha del contrato es requerido',
      'body.contractNumber': 'El campo Número de contrato es requerido',
      'body.totalAmount': 'El campo Monto total es requerido',
    });
    const empty = await call(
      'POST',
      '/api/contracts/save',
      entry({
        isEmpty: true,
        supplier: null,
        servicesDescription: '',
        administrativeUnitType: null,
        contractType: null,
        contractDate: '',
        contractNumber: '',
        totalAmount: null,
        procedureState: null,
      }),
    );
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toMatchObject({ isEmpty: true, supplier: null, totalOrMaxAmount: null });
  });

  it('asks decentralized units to be both organizer and applicant', async () => {
    const response = await call(
      'POST',
      '/api/contracts/save',
      entry({ administrativeUnitType: 'DESCENTRALIZED' }),
    );
    expect(messages(response)['body.applicantAdministrativeUnit']).toBe(
      'Si el Tipo de U. administrativa es DESCENTRALIZADA la U. administrativa solicitante y convocante deben ser la misma',
    );
  });

  it('answers 409 for a repeated contract number in the monitor, not in another', async () => {
    expect(
      (await call('POST', '/api/contracts/save', entry({ contractNumber: 'CTO-UNICO' }))).statusCode,
    ).toBe(200);
    const repeated = await call('POST', '/api/contracts/save', entry({ contractNumber: 'CTO-UNICO' }));
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().message).toBe('Ya existe un Contrato registrado con este número.');
    const elsewhere = await call(
      'POST',
      '/api/contracts/save',
      entry({
        contractNumber: 'CTO-UNICO',
        supplier: null,
        organizerAdministrativeUnit: otherUnit,
        applicantAdministrativeUnit: otherUnit,
      }),
      otherOrganizationId,
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it("refuses another monitor's supplier or units, and never lists or touches its contracts", async () => {
    const foreign = await call(
      'POST',
      '/api/contracts/save',
      entry({ supplier: foreignSupplier, organizerAdministrativeUnit: foreignUnit }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(messages(foreign)).toEqual({
      'body.supplier': 'El proveedor no existe en esta organización.',
      'body.organizerAdministrativeUnit': 'La unidad administrativa no existe en esta organización.',
    });
    const theirs = await createContract(ctx.database.db, {
      organizationId: otherOrganizationId,
      unitId: otherUnit,
      contractNumber: 'AJENO-1',
    });
    const list = await call('GET', '/api/contracts/list?search=AJENO');
    expect(list.json().data.total).toBe(0);
    const update = await call('POST', '/api/contracts/save', { ...entry(), _id: theirs.id });
    expect(update.statusCode).toBe(404);
    expect((await call('POST', '/api/contracts/delete', { _id: theirs.id })).statusCode).toBe(404);
  });

  it('searches by number, description and supplier name, and sorts by joined names', async () => {
    await call(
      'POST',
      '/api/contracts/save',
      entry({
        contractNumber: 'BUSCA-77',
        servicesDescription: 'Mantenimiento de alumbrado',
        applicantAdministrativeUnit: unit,
      }),
    );
    const byNumber = await call('GET', '/api/contracts/list?search=busca-77');
    expect(byNumber.json().data.docs.map((d: { contractNumber: string }) => d.contractNumber)).toEqual([
      'BUSCA-77',
    ]);
    const byDescription = await call('GET', '/api/contracts/list?search=alúmbrado');
    expect(byDescription.json().data.total).toBe(1);
    const bySupplier = await call('GET', '/api/contracts/list?search=papeleria del');
    expect(bySupplier.json().data.total).toBeGreaterThan(3);
    const sorted = await call('GET', '/api/contracts/list?sort=applicantAdministrativeUnit.name&order=asc');
    expect(sorted.statusCode).toBe(200);
    expect(sorted.json().data.docs[0].applicantAdministrativeUnit.name).toBe('Dirección de Compras');
    const descending = await call(
      'GET',
      '/api/contracts/list?sort=applicantAdministrativeUnit.name&order=desc',
    );
    expect(descending.json().data.docs[0].applicantAdministrativeUnit.name).toBe('Secretaría de Obras');
  });

  it('saves inline edits all or none, naming the failing row', async () => {
    const a = (await call('POST', '/api/contracts/save', entry({ contractNumber: 'LOTE-A' }))).json().data;
    const b = (await call('POST', '/api/contracts/save', entry({ contractNumber: 'LOTE-B' }))).json().data;
    const asInput = (doc: Record<string, unknown>, changes: Record<string, unknown>) => ({
      ...entry(),
      _id: doc._id,
      contractNumber: doc.contractNumber,
      ...changes,
    });
    const failing = await call('POST', '/api/contracts/save-updated-docs', {
      docs: [asInput(a, { areaInCharge: 'Tesorería' }), asInput(b, { contractNumber: 'LOTE-A' })],
    });
    expect(failing.statusCode).toBe(409);
    expect(failing.json().message).toBe(
      'No fue posible guardar los registros. Registro 2: Ya existe un Contrato registrado con este número.',
    );
    const [unchanged] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, a._id));
    expect(unchanged?.areaInCharge).toBe('Dirección de Adquisiciones');

    const invalid = await call('POST', '/api/contracts/save-updated-docs', {
      docs: [asInput(a, { fiscalYear: 'dos mil' })],
    });
    expect(invalid.statusCode).toBe(400);
    expect(messages(invalid)['body.docs.0.fiscalYear']).toBe(
      'El campo Ejercicio no tiene el formato correcto.\nEjemplo: 2019',
    );

    const saved = await call('POST', '/api/contracts/save-updated-docs', {
      docs: [
        asInput(a, { areaInCharge: 'Tesorería' }),
        asInput(b, { servicesDescription: 'Compra de papelería y tóner' }),
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.saved).toBe(2);
  });

  it('deletes (kept, hidden), and the public figures follow the change', async () => {
    const before = await ctx.database.db
      .select({ version: organizations.dataVersion })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    const doc = (await call('POST', '/api/contracts/save', entry({ contractNumber: 'BORRAR-1' }))).json()
      .data;
    const removed = await call('POST', '/api/contracts/delete', { _id: doc._id });
    expect(removed.json().message).toBe('El contrato fue eliminado correctamente');
    expect((await call('GET', '/api/contracts/list?search=BORRAR-1')).json().data.total).toBe(0);
    const [row] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, doc._id));
    expect(row?.deletedAt).not.toBeNull();
    const after = await ctx.database.db
      .select({ version: organizations.dataVersion })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(after[0]!.version).toBeGreaterThan(before[0]!.version);
  });

  it('offers the monitor’s suppliers and units to the pickers, searched, with the chosen one', async () => {
    const suppliersFound = await call('GET', '/api/contracts/retrieve/suppliers?search=papeleria');
    expect(suppliersFound.json().data.docs).toEqual([
      { _id: supplier, name: 'PAPELERIA DEL CENTRO', rfc: 'PCE010101AAA' },
    ]);
    const byRfc = await call('GET', '/api/contracts/retrieve/suppliers?search=pce0101');
    expect(byRfc.json().data.docs).toHaveLength(1);
    const units = await call('GET', '/api/contracts/retrieve/administrative-units?search=secretaria');
    expect(units.json().data.docs).toEqual([{ _id: secondUnit, name: 'Secretaría de Obras' }]);
    const withChosen = await call(
      'GET',
      `/api/contracts/retrieve/administrative-units?search=zzz&include=${unit}`,
    );
    expect(withChosen.json().data.docs.map((d: { _id: string }) => d._id)).toEqual([unit]);
    // With more names than a picker shows, the chosen one still comes first.
    for (let index = 0; index < 55; index++)
      await createUnit(ctx.database.db, organizationId, { name: `AAA Unidad ${index}` });
    const crowded = await call('GET', `/api/contracts/retrieve/administrative-units?include=${secondUnit}`);
    expect(crowded.json().data.docs[0]).toEqual({ _id: secondUnit, name: 'Secretaría de Obras' });
    expect(crowded.json().data.docs).toHaveLength(51);
    const foreign = await call('GET', `/api/contracts/retrieve/suppliers?include=${foreignSupplier}`);
    expect(foreign.json().data.docs.map((d: { _id: string }) => d._id)).not.toContain(foreignSupplier);
  });

  it('requires the CONTRACTS permission', async () => {
    const custom = await signIn(
      ctx.app,
      (await createUser(ctx.database.db, { permissions: ['SUPPLIERS'] })).email,
    );
    for (const url of [
      '/api/contracts/list',
      '/api/contracts/retrieve/suppliers',
      '/api/contracts/retrieve/administrative-units',
    ]) {
      expect((await call('GET', url, undefined, organizationId, custom)).statusCode, url).toBe(403);
    }
    const allowed = await signIn(
      ctx.app,
      (await createUser(ctx.database.db, { permissions: ['CONTRACTS'] })).email,
    );
    expect((await call('GET', '/api/contracts/list', undefined, organizationId, allowed)).statusCode).toBe(
      200,
    );
  });
});
