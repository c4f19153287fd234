import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { calculationVersions } from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
import {
  createContract,
  createOrganization,
  createSupplier,
  createUnit,
  seedGeneratedMonitor,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * The calculations catalogue and its form's calls (admin spec): every validation in Spanish,
 * references and cycles against the monitor's others, versions, permissions and monitor scoping,
 * and the public index following an edit of the locked calculation.
 */
describe('/api/calculations', () => {
  let ctx: TestContext;
  let monitorId: string;
  let otherMonitorId: string;
  let token: string;
  let customToken: string;
  let period: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    const seeded = await seedGeneratedMonitor(db, { contracts: 400, suppliers: 20 });
    monitorId = seeded.organization.id;
    otherMonitorId = (await createOrganization(db)).id;
    const [row] = await queryRows<{ period: string }>(
      db,
      sql`SELECT administration_period AS period FROM contracts WHERE organization_id = ${monitorId}
          GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    period = row!.period;
    const admin = await createUser(db, { permissions: ['CALCULATIONS'] });
    const other = await createUser(db, { permissions: ['CONTRACTS', 'SUPPLIERS'] });
    token = await signIn(ctx.app, admin.email);
    customToken = await signIn(ctx.app, other.email, undefined, '10.9.0.2');
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = bearer(token, monitorId)) =>
    ctx.app.inject({ method, url: `/api/calculations${url}`, headers, ...(payload ? { payload } : {}) });
  const list = async (search = '') =>
    (await call('GET', `/list?limit=100${search ? `&search=${encodeURIComponent(search)}` : ''}`)).json()
      .data;
  const byAbbreviation = async (abbreviation: string) =>
    (await list()).docs.find((doc: { abbreviation: string }) => doc.abbreviation === abbreviation);
  const valid = {
    name: 'Adjudicaciones a un proveedor',
    description: 'Parte de las adjudicaciones directas del proveedor elegido.',
    type: 'CONTRACT',
    abbreviation: '$$PROV1',
    enabled: true,
    displayForm: 'PERCENTAGE',
    hasPercentScale: true,
    scale: [
      { min: 0, max: 33.33, value: 2.67 },
      { min: 33.33, max: 66.67, value: 5.33 },
      { min: 66.67, max: 100, value: 8 },
    ],
    filters: [] as object[],
    formula: { expression: '$NCAD / $NTC * 100' },
  };
  const save = (body: object) => call('POST', '/save', body);
  const messageOf = async (body: object) => {
    const response = await save(body);
    return { status: response.statusCode, message: response.json().message as string, body: response.json() };
  };

  it('lists the default index of the monitor (thirteen calculations, one locked)', async () => {
    const data = await list();
    expect(data.total).toBe(13);
    expect(
      data.docs
        .filter((doc: { locked: boolean }) => doc.locked)
        .map((doc: { abbreviation: string }) => doc.abbreviation),
    ).toEqual(['$$IRC']);
    expect(
      (await list('transparencia')).docs.map((doc: { abbreviation: string }) => doc.abbreviation),
    ).toContain('$$EJE3');
  });

  it('refuses users without CALCULATIONS, and another monitor keeps its own calculations', async () => {
    expect((await call('GET', '/list', undefined, bearer(customToken, monitorId))).statusCode).toBe(403);
    expect((await call('POST', '/save', valid, bearer(customToken, monitorId))).statusCode).toBe(403);
    expect((await call('GET', '/variables', undefined, bearer(customToken, monitorId))).statusCode).toBe(403);
    const irc = await byAbbreviation('$$IRC');
    // Editing or deleting this monitor's calculation from another monitor finds nothing.
    const elsewhere = await call('POST', '/save', { ...valid, _id: irc._id }, bearer(token, otherMonitorId));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('El cálculo no existe o fue eliminado.');
    expect((await call('POST', '/delete', { _id: irc._id }, bearer(token, otherMonitorId))).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/list', undefined, bearer(token, otherMonitorId))).json().data.total).toBe(13);
  });

  it('refuses each bad field with its Spanish message', async () => {
    const cases: [object, string][] = [
      [{ name: '' }, 'El nombre del Cálculo es requerido'],
      [{ description: ' ' }, 'La descripción del Cálculo es requerida'],
      [{ type: 'OTRO' }, 'El tipo del Cálculo debe ser GENERAL o CONTRATO'],
      [
        { abbreviation: 'PROV' },
        'La abreviación debe empezar con $$ seguida de 1 a 7 letras mayúsculas o dígitos',
      ],
      [{ abbreviation: '$$DEMASIADO' }, 'La abreviación debe empezar con $$'],
      [{ administrationPeriod: '2021' }, 'El campo Administración no cumple con el formato esperado'],
      [{ administrationPeriod: '3021-2024' }, 'El campo Administración no cumple con el formato esperado'],
      [{ formula: { expression: '' } }, 'La fórmula del Cálculo es requerida'],
      [{ formula: { expression: '$NCAD / ($NTC * 100' } }, 'posición'],
      [{ formula: { expression: '$NCAD / $NOEXISTE' } }, 'La variable $NOEXISTE no existe (posición 9).'],
      [
        { formula: { expression: '$$PROV1 + 1' } },
        'La fórmula no puede usar su propio cálculo $$PROV1 (posición 1).',
      ],
      [{ formula: { expression: '$$NADA + 1' } }, 'El cálculo $$NADA no existe (posición 1).'],
      [{ formula: { expression: 'pow(2, 3)' } }, 'posición 1'],
      [
        {
          scale: [
            { min: 0, max: 50, value: 1 },
            { min: 60, max: 100, value: 2 },
          ],
        },
        'La escala tiene un hueco entre 50 y 60',
      ],
      [
        {
          scale: [
            { min: 0, max: 60, value: 1 },
            { min: 50, max: 100, value: 2 },
          ],
        },
        'Los rangos de la escala se traslapan',
      ],
      [
        { scale: [{ min: 0, max: 100.005, value: 1 }] },
        'Los valores de la escala admiten como máximo dos decimales.',
      ],
      [
        { filters: [{ variableAbbreviation: '$NCAD', propertyName: 'totalAmount', operator: 'GREATER' }] },
        'El filtro necesita un valor numérico.',
      ],
      [
        { filters: [{ variableAbbreviation: '$NCAD', propertyName: 'supplier', operator: 'EQUAL' }] },
        'El filtro necesita elegir un registro.',
      ],
      [
        {
          filters: [
            { variableAbbreviation: '$MTG', propertyName: 'totalAmount', operator: 'GREATER', value: 5 },
          ],
        },
        'El filtro debe aplicarse a una variable de la fórmula. $MTG no está en la fórmula.',
      ],
    ];
    for (const [change, expected] of cases) {
      const { status, body } = await messageOf({ ...valid, ...change });
      expect([status, JSON.stringify(body)], JSON.stringify(change)).toEqual([
        400,
        expect.stringContaining(expected),
      ]);
    }
    expect((await list()).total).toBe(13);
  });

  it('creates a calculation with a scale and a supplier filter, version 1, and the form previews it', async () => {
    const supplier = await createSupplier(ctx.database.db, monitorId, {
      name: 'PROVEEDOR DEL FILTRO SA DE CV',
    });
    const filters = [
      { variableAbbreviation: '$NCAD', propertyName: 'supplier', operator: 'EQUAL', reference: supplier.id },
    ];
    const created = await save({ ...valid, filters });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('El cálculo fue creado correctamente');
    const doc = await byAbbreviation('$$PROV1');
    expect(doc).toMatchObject({
      version: 1,
      filters: [{ propertyType: 'REF', onModel: 'Supplier', reference: supplier.id }],
      formula: { expression: '$NCAD / $NTC * 100', variables: ['$NCAD', '$NTC'], calculations: [] },
    });
    // The same abbreviation or name twice: a conflict in Spanish.
    const twice = await messageOf({ ...valid, name: 'Otro nombre' });
    expect([twice.status, twice.message]).toEqual([
      409,
      'Ya existe un cálculo con esa abreviación en esta organización.',
    ]);

    // The preview: a GENERAL formula's value for the period, and a formula error with its position.
    const preview = await call('POST', '/formula/validate', {
      formula: { expression: '$NTC' },
      type: 'GENERAL',
      administrationPeriod: period,
    });
    const [truth] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM contracts WHERE deleted_at IS NULL AND administration_period = ${period} AND counts_in_totals`,
    );
    expect(preview.json()).toEqual({
      error: false,
      message: '',
      results: { value: truth!.n, administrationPeriod: period },
    });
    const broken = (await call('POST', '/formula/validate', { formula: '2 * * $NTC' })).json();
    expect(broken).toMatchObject({ error: true, position: 5 });
    expect(broken.message).toContain('posición 5');
    const evaluated = (
      await call(
        'GET',
        `/formula/evaluate?expression=${encodeURIComponent('$NTC - $NTC')}&administrationPeriod=${period}`,
      )
    ).json();
    expect(evaluated).toMatchObject({ error: false, results: { value: 0 } });
    const noData = (
      await call('POST', '/formula/validate', { formula: '$NTC / 0', administrationPeriod: period })
    ).json();
    expect(noData.results.value).toBeNull();
    expect(noData.message).not.toBe('');
  });

  it("refuses a filter on another monitor's supplier or unit, or on one that does not exist, on save and in the preview", async () => {
    const { db } = ctx.database;
    const theirSupplier = await createSupplier(db, otherMonitorId, { name: 'PROVEEDOR DE OTRO MONITOR' });
    const theirUnit = await createUnit(db, otherMonitorId, { name: 'Unidad de otro monitor' });
    const ourUnit = await createUnit(db, monitorId, { name: 'Unidad de este monitor' });
    const nobody = '01234567-89ab-4def-8123-456789abcdef';
    const filter = (propertyName: string, reference: string) => ({
      variableAbbreviation: '$NCAD',
      propertyName,
      operator: 'EQUAL',
      reference,
    });
    const supplierUnknown = 'El proveedor no existe en esta organización.';
    const unitUnknown = 'La unidad administrativa no existe en esta organización.';
    const cases: [object[], { path: string; message: string }[]][] = [
      [
        [filter('supplier', theirSupplier.id)],
        [{ path: 'body.filters.0.reference', message: supplierUnknown }],
      ],
      [[filter('supplier', nobody)], [{ path: 'body.filters.0.reference', message: supplierUnknown }]],
      [
        [
          filter('organizerAdministrativeUnit', ourUnit.id),
          filter('applicantAdministrativeUnit', theirUnit.id),
        ],
        [{ path: 'body.filters.1.reference', message: unitUnknown }],
      ],
      [
        [filter('organizerAdministrativeUnit', nobody)],
        [{ path: 'body.filters.0.reference', message: unitUnknown }],
      ],
      // A unit's id where a supplier is asked names no supplier.
      [[filter('supplier', ourUnit.id)], [{ path: 'body.filters.0.reference', message: supplierUnknown }]],
    ];
    const before = (await list()).total;
    const body = { ...valid, name: 'Filtro ajeno', abbreviation: '$$AJENO' };
    for (const [filters, errors] of cases) {
      const response = await save({ ...body, filters });
      expect([response.statusCode, response.json().message, response.json().errors]).toEqual([
        400,
        errors[0]!.message,
        errors,
      ]);
      // The form's check and preview refuses it the same way, instead of previewing 0.
      const preview = await call('POST', '/formula/validate', {
        ...body,
        filters,
        administrationPeriod: period,
      });
      expect([preview.statusCode, preview.json().message]).toEqual([400, errors[0]!.message]);
    }
    expect((await list()).total).toBe(before);
    // An edit is refused too, and the monitor's own unit is fine.
    const indicator = await byAbbreviation('$$I2');
    const edit = await save({
      ...indicator,
      filters: [{ ...filter('supplier', theirSupplier.id), variableAbbreviation: '$NTC' }],
    });
    expect([edit.statusCode, edit.json().message]).toEqual([400, supplierUnknown]);
    const ok = await save({ ...body, filters: [filter('organizerAdministrativeUnit', ourUnit.id)] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('POST', '/delete', { _id: (await byAbbreviation('$$AJENO'))._id })).statusCode).toBe(
      200,
    );
  });

  it('refuses a cycle naming the calculations, and keeps the monitor usable', async () => {
    const a = await save({
      ...valid,
      name: 'Ciclo A',
      abbreviation: '$$CA',
      hasPercentScale: false,
      formula: { expression: '$NTC' },
    });
    expect(a.statusCode).toBe(200);
    expect(
      (
        await save({
          ...valid,
          name: 'Ciclo B',
          abbreviation: '$$CB',
          hasPercentScale: false,
          formula: { expression: '$$CA + 1' },
        })
      ).statusCode,
    ).toBe(200);
    const ca = await byAbbreviation('$$CA');
    const cycle = await messageOf({
      ...valid,
      _id: ca._id,
      name: 'Ciclo A',
      abbreviation: '$$CA',
      hasPercentScale: false,
      formula: { expression: '$$CB * 2' },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.message).toBe(
      'La fórmula haría una referencia circular entre cálculos: $$CA → $$CB → $$CA. Quita una de esas referencias.',
    );
    // The form's check says the same before saving.
    const checked = (
      await call('POST', '/formula/validate', { _id: ca._id, abbreviation: '$$CA', formula: '$$CB * 2' })
    ).json();
    expect(checked.error).toBe(true);
    expect(checked.message).toContain('$$CA → $$CB → $$CA');
    // The others are offered for references, without the one being edited.
    const others = (await call('GET', `/retrieve/calculations?currentCalculationId=${ca._id}`)).json().data
      .docs;
    expect(others.map((doc: { abbreviation: string }) => doc.abbreviation)).toContain('$$CB');
    expect(others.map((doc: { abbreviation: string }) => doc.abbreviation)).not.toContain('$$CA');
    // Renaming a calculation others use, deleting it, and deleting the index are refused.
    const rename = await messageOf({
      ...valid,
      _id: ca._id,
      name: 'Ciclo A',
      abbreviation: '$$CAX',
      hasPercentScale: false,
      formula: { expression: '$NTC' },
    });
    expect(rename.message).toBe('La abreviación $$CA no puede cambiar: la usan $$CB.');
    const used = await call('POST', '/delete', { _id: ca._id });
    expect([used.statusCode, used.json().message]).toEqual([
      409,
      'No es posible eliminar $$CA: lo usan $$CB. Quítalo de esas fórmulas primero.',
    ]);
    const irc = await byAbbreviation('$$IRC');
    const index = await call('POST', '/delete', { _id: irc._id });
    expect(index.statusCode).toBe(409);
    expect(index.json().message).toContain('índice de riesgo de corrupción');
    // A second locked calculation is refused.
    const locked = await messageOf({
      ...valid,
      name: 'Otro índice',
      abbreviation: '$$IRC2',
      locked: true,
      hasPercentScale: false,
    });
    expect([locked.status, locked.message]).toEqual([
      409,
      'Ya hay un cálculo bloqueado (el índice de riesgo de corrupción) en esta organización: desbloquéalo antes de bloquear otro.',
    ]);
    // An unused one goes.
    const cb = await byAbbreviation('$$CB');
    const gone = await call('POST', '/delete', { _id: cb._id });
    expect([gone.statusCode, gone.json().message]).toEqual([200, 'El cálculo fue eliminado correctamente']);
  });

  it('an edit of the locked index is a new version and the public page shows it at once', async () => {
    const publicIndex = async () =>
      (
        await ctx.app.inject({
          url: `/public-api/comparations/corruption-index?id=${monitorId}&administrationPeriod=${period}`,
        })
      ).json().data;
    const before = await publicIndex();
    const irc = await byAbbreviation('$$IRC');
    const edited = await save({ ...irc, formula: { expression: 'avg($$EJE1, $$EJE3)' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toBe('El cálculo fue actualizado correctamente');
    const after = await publicIndex();
    expect(after.methodVersion).toBeGreaterThan(before.methodVersion);
    expect(after.axes.map((axis: { abbreviation: string }) => axis.abbreviation)).toEqual([
      '$$EJE1',
      '$$EJE3',
    ]);
    expect(after.corruptionIndex.result).toBeCloseTo((after.axes[0].result + after.axes[1].result) / 2, 6);
    expect(after.corruptionIndex.version).toBe(2);
    const versions = await ctx.database.db
      .select({ version: calculationVersions.version })
      .from(calculationVersions)
      .where(and(eq(calculationVersions.calculationId, irc._id)));
    expect(versions.map((row) => row.version).sort()).toEqual([1, 2]);
    // Saving it again unchanged (only the notes) is not a new version.
    await save({ ...irc, formula: { expression: 'avg($$EJE1, $$EJE3)' }, notes: 'Sin transparencia fiscal' });
    expect((await byAbbreviation('$$IRC')).version).toBe(2);
  });

  /** A new monitor (the default index) with a contract, so its index has a period. */
  const smallMonitor = async () => {
    const { db } = ctx.database;
    const organization = await createOrganization(db);
    const unit = await createUnit(db, organization.id);
    await createContract(db, { organizationId: organization.id, unitId: unit.id });
    return organization.id;
  };
  /** A side as the comparison page reads it: the index's method key. */
  const methodKey = async (id: string) =>
    (await ctx.app.inject({ url: `/public-api/comparations/detail?id=${id}` })).json().data
      .methodKey as string;
  const saved = async (id: string, abbreviation: string, change: object) => {
    const doc = (
      await call(
        'GET',
        `/list?limit=100&search=${encodeURIComponent(abbreviation)}`,
        undefined,
        bearer(token, id),
      )
    )
      .json()
      .data.docs.find((item: { abbreviation: string }) => item.abbreviation === abbreviation);
    const response = await call('POST', '/save', { ...doc, ...change }, bearer(token, id));
    expect(response.statusCode, response.body).toBe(200);
  };

  it("says 'misma metodología' only while the whole method is the same: axes, indicators, filters, scales", async () => {
    const [a, b] = [await smallMonitor(), await smallMonitor()];
    const same = async () => (await methodKey(a)) === (await methodKey(b));
    expect(await methodKey(a)).toMatch(/^[0-9a-f]{16}$/);
    expect(await same()).toBe(true);
    // An axis, then an indicator's formula: another method; put back, the same again.
    await saved(a, '$$EJE2', { formula: { expression: 'avg($$I5, $$I1)' } });
    expect(await same()).toBe(false);
    await saved(a, '$$EJE2', { formula: { expression: '$$I5' } });
    expect(await same()).toBe(true);
    await saved(a, '$$I3', { formula: { expression: '100 - $NAC / $NTC * 50' } });
    expect(await same()).toBe(false);
    await saved(a, '$$I3', { formula: { expression: '100-($NAC/$NTC)*100' }, name: 'Sin ampliación' });
    expect(await same()).toBe(true);
    // A scale on an indicator.
    const scale = valid.scale;
    await saved(a, '$$I2', { hasPercentScale: true, scale });
    expect(await same()).toBe(false);
    await saved(b, '$$I2', { hasPercentScale: true, scale: [...scale].reverse() });
    expect(await same()).toBe(true);
    // A filter on a supplier: the same supplier (its RFC) on each server, though the ids differ.
    const filterOn = async (id: string, rfc: string) => {
      const supplier = await createSupplier(ctx.database.db, id, { name: `Proveedor ${rfc}`, rfc });
      await saved(id, '$$I1', {
        filters: [
          {
            variableAbbreviation: '$MGLP',
            propertyName: 'supplier',
            operator: 'EQUAL',
            reference: supplier.id,
          },
        ],
      });
    };
    await filterOn(a, 'AAA010101AA1');
    expect(await same()).toBe(false);
    await filterOn(b, 'BBB010101BB2');
    expect(await same()).toBe(false);
    await filterOn(b, 'AAA010101AA1');
    expect(await same()).toBe(true);
  });

  it("moves the index's 'Versión del método' only when something the index uses changes", async () => {
    const id = await smallMonitor();
    const methodVersion = async () =>
      (await ctx.app.inject({ url: `/public-api/comparations/corruption-index?id=${id}` })).json().data
        .methodVersion as number;
    expect(await methodVersion()).toBe(1);
    // Three 'Datos generales' calculations the index does not use, and an edit of one: their own versions.
    for (const [index, abbreviation] of ['$$DG1', '$$DG2', '$$DG3'].entries()) {
      const response = await call(
        'POST',
        '/save',
        { ...valid, name: `Dato general ${index}`, abbreviation, hasPercentScale: false },
        bearer(token, id),
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    await saved(id, '$$DG2', { formula: { expression: '$NTC * 2' } });
    expect(await methodVersion()).toBe(1);
    // An indicator's formula: a new version; saving it again, or renaming it, is the same method.
    await saved(id, '$$I3', { formula: { expression: '100 - $NAC / $NTC * 50' } });
    expect(await methodVersion()).toBe(2);
    await saved(id, '$$I3', { notes: 'Sin cambios al método' });
    await saved(id, '$$I3', { name: 'Contratos sin ampliación', description: 'Otra descripción.' });
    expect(await methodVersion()).toBe(2);
    // An axis, then the index itself.
    await saved(id, '$$EJE2', { formula: { expression: 'avg($$I5, $$I3)' } });
    expect(await methodVersion()).toBe(3);
    await saved(id, '$$IRC', { formula: { expression: 'avg($$EJE1, $$EJE2)' } });
    expect(await methodVersion()).toBe(4);
    // Once the index no longer uses an axis, that axis's changes are not the index's.
    await saved(id, '$$EJE3', { formula: { expression: 'avg($$I6, $$I7)' } });
    expect(await methodVersion()).toBe(4);
  });

  it('answers the variables grouped as the form lists them', async () => {
    const variables = (await call('GET', '/variables')).json().data;
    // The index's 19, then two per red flag (16) and two for any flag.
    expect(variables).toHaveLength(19 + 2 * 16 + 2);
    expect(variables.find((v: { abbreviation: string }) => v.abbreviation === '$NSAUP')).toMatchObject({
      name: 'Número de contratos con la señal «Un solo participante»',
      group: 'SEÑALES DE ALERTA',
      axis: 'Competencia económica',
      unit: 'COUNT',
    });
    expect(variables.find((v: { abbreviation: string }) => v.abbreviation === '$MSA')).toMatchObject({
      name: 'Monto de los contratos con alguna señal de alerta',
      group: 'SEÑALES DE ALERTA',
      unit: 'AMOUNT',
    });
    expect(variables.find((v: { abbreviation: string }) => v.abbreviation === '$NPCGE')).toMatchObject({
      name: 'Número de proveedores que concentran el 40% del gasto ejercido',
      group: 'CONTRATOS',
      axis: 'Competencia económica',
    });
    expect(variables.find((v: { abbreviation: string }) => v.abbreviation === '$MGLP').group).toBe('GENERAL');
    const units = (await call('GET', '/retrieve/administrative-units')).json().data.docs;
    expect(units.length).toBeGreaterThan(0);
  });
});
