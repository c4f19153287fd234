import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, suppliers } from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
import { createContract, createOrganization, createSupplier, createUnit } from '../../test/factories';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';

describe('catalogues kept by hand', () => {
  let ctx: TestContext;
  let organizationId: string;
  let otherOrganizationId: string;
  let token: string;

  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({ config: { rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000 } } });
    organizationId = (await createOrganization(ctx.database.db)).id;
    otherOrganizationId = (await createOrganization(ctx.database.db)).id;
    token = await signIn(
      ctx.app,
      (await createUser(ctx.database.db, { administratorType: 'GENERAL' })).email,
    );
  });
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    organization = organizationId,
    as = token,
  ) => ctx.app.inject({ method, url, headers: bearer(as, organization), ...(payload ? { payload } : {}) });
  const messages = (response: { json(): { errors?: { message: string }[] } }) =>
    (response.json().errors ?? []).map((error) => error.message);

  it('requires each catalogue’s permission', async () => {
    const custom = await signIn(
      ctx.app,
      (await createUser(ctx.database.db, { permissions: ['SUPPLIERS'] })).email,
    );
    expect((await call('GET', '/api/suppliers/list', undefined, organizationId, custom)).statusCode).toBe(
      200,
    );
    expect(
      (await call('GET', '/api/administrative-units/list', undefined, organizationId, custom)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/organizations/list', undefined, organizationId, custom)).statusCode).toBe(
      403,
    );
  });

  describe('suppliers', () => {
    it('creates, lists (newest first, searchable), updates and deletes with the spec messages', async () => {
      const created = await call('POST', '/api/suppliers/save', {
        name: 'CONSTRUCTORA DEL NORTE',
        rfc: 'cno010101aaa',
        notes: 'Alta manual',
      });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toMatchObject({
        message: 'El proveedor fue creado correctamente',
        data: { name: 'CONSTRUCTORA DEL NORTE', rfc: 'CNO010101AAA', notes: 'Alta manual' },
      });
      const id = created.json().data._id as string;
      await call('POST', '/api/suppliers/save', { name: 'PAPELERIA CENTRAL' });

      const list = await call('GET', '/api/suppliers/list?page=1');
      expect(list.json().data.docs[0].name).toBe('PAPELERIA CENTRAL');
      expect(list.json().data.total).toBe(2);
      expect(list.json().lastUpdate).toMatch(/^\d{4}-/);
      const found = await call('GET', '/api/suppliers/list?search=construcción');
      expect(found.json().data.docs.map((d: { name: string }) => d.name)).toEqual([]);
      const byName = await call('GET', '/api/suppliers/list?search=norte');
      expect(byName.json().data.docs.map((d: { name: string }) => d.name)).toEqual([
        'CONSTRUCTORA DEL NORTE',
      ]);
      const sorted = await call('GET', '/api/suppliers/list?sort=name&order=asc');
      expect(sorted.json().data.docs[0].name).toBe('CONSTRUCTORA DEL NORTE');

      const updated = await call('POST', '/api/suppliers/save', {
        _id: id,
        name: 'CONSTRUCTORA DEL NORTE DOS',
      });
      expect(updated.json().message).toBe('El proveedor fue actualizado correctamente');
      expect(updated.json().data.rfc).toBeNull();

      const removed = await call('POST', '/api/suppliers/delete', { _id: id });
      expect(removed.json().message).toBe('El proveedor fue eliminado correctamente');
      expect((await call('GET', '/api/suppliers/list')).json().data.total).toBe(1);
      const [row] = await ctx.database.db.select().from(suppliers).where(eq(suppliers.id, id));
      expect(row!.deletedAt).not.toBeNull();
      expect((await call('POST', '/api/suppliers/delete', { _id: id })).statusCode).toBe(404);
    });

    it('refuses names that break the rules, with the spec messages', async () => {
      const cases: [unknown, string][] = [
        ['', 'El nombre del Proveedor es requerido'],
        ['A', 'La longitud mínima es 2 caracteres'],
        ['A'.repeat(101), 'La longitud máxima es 100 caracteres'],
        // What a spreadsheet would run as a formula (decision 0042).
        [
          '=HYPERLINK("http://evil.example","3M")',
          'El nombre del Proveedor no puede empezar con =, +, - ni @.',
        ],
        [' +52 55 1234', 'El nombre del Proveedor no puede empezar con =, +, - ni @.'],
        ['-2+3', 'El nombre del Proveedor no puede empezar con =, +, - ni @.'],
        ['@SUMA(A1)', 'El nombre del Proveedor no puede empezar con =, +, - ni @.'],
      ];
      for (const [name, message] of cases) {
        const response = await call('POST', '/api/suppliers/save', { name });
        expect(response.statusCode, String(name)).toBe(400);
        expect(messages(response), String(name)).toContain(message);
      }
      // Real company names carry digits, punctuation, accents and lower case.
      for (const name of [
        'PEÑA HERMANOS',
        '3M MEXICO',
        'GRUPO 2000, S.A. DE C.V.',
        'Construcción Peña, S.C.',
      ]) {
        const saved = await call('POST', '/api/suppliers/save', { name });
        expect(saved.statusCode, name).toBe(200);
        expect(saved.json().data.name).toBe(name);
      }
    });

    it('answers 409 for a repeated name or RFC in the same monitor, not in another', async () => {
      await call('POST', '/api/suppliers/save', { name: 'UNICO', rfc: 'UNI010101AAA' });
      const name = await call('POST', '/api/suppliers/save', { name: 'UNICO' });
      expect(name.statusCode).toBe(409);
      expect(name.json().message).toBe('Ya existe un proveedor con ese nombre en esta organización.');
      const rfc = await call('POST', '/api/suppliers/save', { name: 'OTRO', rfc: 'uni010101aaa' });
      expect(rfc.statusCode).toBe(409);
      expect(rfc.json().message).toBe('Ya existe un proveedor con ese RFC en esta organización.');
      const elsewhere = await call('POST', '/api/suppliers/save', { name: 'UNICO' }, otherOrganizationId);
      expect(elsewhere.statusCode).toBe(200);
    });

    it("never shows or touches another monitor's suppliers", async () => {
      const foreign = await createSupplier(ctx.database.db, otherOrganizationId, { name: 'AJENO TOTAL' });
      expect((await call('GET', '/api/suppliers/list?search=ajeno')).json().data.total).toBe(0);
      expect(
        (await call('POST', '/api/suppliers/save', { _id: foreign.id, name: 'ROBADO' })).statusCode,
      ).toBe(404);
      expect((await call('POST', '/api/suppliers/delete', { _id: foreign.id })).statusCode).toBe(404);
    });

    it('refuses to delete a supplier that contracts still use, saying why', async () => {
      const unit = await createUnit(ctx.database.db, organizationId);
      const supplier = await createSupplier(ctx.database.db, organizationId);
      await createContract(ctx.database.db, { organizationId, unitId: unit.id, supplierId: supplier.id });
      const refused = await call('POST', '/api/suppliers/delete', { _id: supplier.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'No es posible eliminar el proveedor: 1 contrato lo usa. Reasigna o elimina esos contratos primero.',
      );
      const unitRefused = await call('POST', '/api/administrative-units/delete', { _id: unit.id });
      expect(unitRefused.statusCode).toBe(409);
      expect(unitRefused.json().message).toContain('No es posible eliminar la unidad administrativa');
    });

    it('saves inline edits all or none, naming the failing row', async () => {
      const a = (await call('POST', '/api/suppliers/save', { name: 'LOTE UNO' })).json().data;
      const b = (await call('POST', '/api/suppliers/save', { name: 'LOTE DOS' })).json().data;
      const failed = await call('POST', '/api/suppliers/save-updated-docs', {
        docs: [
          { _id: a._id, name: 'LOTE UNO EDITADO' },
          { _id: b._id, name: 'LOTE UNO EDITADO' },
        ],
      });
      expect(failed.statusCode).toBe(409);
      expect(failed.json().message).toContain('Registro 2');
      const names = (await call('GET', '/api/suppliers/list?search=lote'))
        .json()
        .data.docs.map((d: { name: string }) => d.name);
      expect(names.sort()).toEqual(['LOTE DOS', 'LOTE UNO']);

      const invalid = await call('POST', '/api/suppliers/save-updated-docs', {
        docs: [{ _id: a._id, name: '=minúsculas' }],
      });
      expect(invalid.statusCode).toBe(400);
      const saved = await call('POST', '/api/suppliers/save-updated-docs', {
        docs: [
          { _id: a._id, name: 'LOTE UNO EDITADO' },
          { _id: b._id, name: 'LOTE DOS EDITADO' },
        ],
      });
      expect(saved.json()).toMatchObject({
        message: 'Los cambios se guardaron correctamente',
        data: { saved: 2 },
      });
    });
  });

  describe('administrative units', () => {
    it('creates, refuses an empty or repeated name, and keeps monitors apart', async () => {
      const created = await call('POST', '/api/administrative-units/save', {
        name: 'Dirección de Obras Públicas',
      });
      expect(created.json().message).toBe('La unidad administrativa fue creada correctamente');
      const empty = await call('POST', '/api/administrative-units/save', { name: ' ' });
      expect(messages(empty)).toContain('El nombre de la Unidad Administrativa es requerido');
      const repeated = await call('POST', '/api/administrative-units/save', {
        name: 'Dirección de Obras Públicas',
      });
      expect(repeated.statusCode).toBe(409);
      expect(repeated.json().message).toBe(
        'Ya existe una unidad administrativa con ese nombre en esta organización.',
      );
      const found = await call('GET', '/api/administrative-units/list?search=obras publicas');
      expect(found.json().data.total).toBe(1);
    });
  });

  describe('resources', () => {
    it('creates with a web address only, refuses bad classifications and repeated titles', async () => {
      const body = {
        title: 'Ley de Adquisiciones',
        url: 'https://www.diputados.gob.mx/ley.pdf',
        classification: 'LEGAL_FRAMEWORK',
      };
      const created = await call('POST', '/api/resources/save', body);
      expect(created.json()).toMatchObject({
        message: 'El recurso fue creado correctamente',
        data: { classification: 'LEGAL_FRAMEWORK' },
      });
      for (const url of [
        'ftp://example.org/x',
        'javascript:alert(1)',
        'www.example.org',
        'https://localhost',
      ]) {
        const response = await call('POST', '/api/resources/save', { ...body, title: url, url });
        expect(messages(response), url).toContain('La Url no tiene el formato correcto');
      }
      const classification = await call('POST', '/api/resources/save', {
        ...body,
        title: 'Otro',
        classification: 'VIDEO',
      });
      expect(messages(classification)).toContain('El valor para la Clasificación del Recurso no es válido');
      const empty = await call('POST', '/api/resources/save', { ...body, title: '' });
      expect(messages(empty)).toContain('El título del Recurso es requerido');
      const repeated = await call('POST', '/api/resources/save', body);
      expect(repeated.statusCode).toBe(409);
      expect(repeated.json().message).toBe('Ya existe un recurso con ese título en esa clasificación.');
      expect(
        (await call('POST', '/api/resources/save', { ...body, classification: 'NOTES' })).statusCode,
      ).toBe(200);
    });
  });

  describe('organizations', () => {
    it('creates and validates with the spec messages, refuses a repeated name', async () => {
      const created = await call('POST', '/api/organizations/save', {
        name: 'Municipio de Prueba Nueva',
        shortName: 'MPN',
      });
      expect(created.json()).toMatchObject({
        message: 'La organización fue creada correctamente',
        data: { shortName: 'MPN' },
      });
      const cases: [object, string][] = [
        [{ name: '', shortName: 'AB' }, 'El campo Nombre de la Organización es requerido'],
        [{ name: 'X'.repeat(101), shortName: 'AB' }, 'El nombre excede los 100 caracteres permitidos'],
        [{ name: 'Bien', shortName: '' }, 'El campo Nombre corto de la Organización es requerido'],
        [{ name: 'Bien', shortName: 'A' }, 'El nombre corto no cumple con los 2 caracteres mínimos'],
        [{ name: 'Bien', shortName: 'ABCDEFGHIJKLM' }, 'El nombre corto excede los 12 caracteres permitidos'],
      ];
      for (const [body, message] of cases) {
        const response = await call('POST', '/api/organizations/save', body);
        expect(response.statusCode).toBe(400);
        expect(messages(response)).toContain(message);
      }
      const repeated = await call('POST', '/api/organizations/save', {
        name: 'municipio de prueba nueva',
        shortName: 'OTRO',
      });
      expect(repeated.statusCode).toBe(409);
      expect(repeated.json().message).toBe('Ya existe una organización con ese nombre.');
    });

    it('refuses to delete the last organization', async () => {
      const { db } = ctx.database;
      const all = await db.select().from(organizations);
      const keep = (
        await call('POST', '/api/organizations/save', { name: 'La Última', shortName: 'ULT' })
      ).json().data._id;
      for (const row of all)
        if (row.id !== keep)
          await db.update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, row.id));
      const refused = await call('POST', '/api/organizations/delete', { _id: keep }, keep);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'No es posible eliminar la última organización: el sitio necesita al menos un monitor.',
      );
    });
  });
});
