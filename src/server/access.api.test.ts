import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calculations, passwordTokens, resources, sessions, users } from './db/schema';
import { routeKey } from './plugins/access';
import { bearer, createUser, signIn } from './test/auth';
import { createContract, createOrganization, createSupplier, createUnit } from './test/factories';
import { createTestApp, type TestContext, testConfig } from './test/test-app';

/** `url` replaces the route's own (path parameters filled in). */
type Sample = { url?: string; query?: string; payload?: object } | 'stream';

/**
 * A plausible call of every /api route, for the permission walk and the leak check. A new route
 * without a sample fails the test on purpose: add one here.
 */
function samples(ids: Ids): Record<string, Sample> {
  const user = {
    _id: ids.user,
    name: 'Walter',
    lastName: 'Walk',
    email: 'walter@example.org',
    active: true,
    administratorType: 'CUSTOM',
    permissions: ['SUPPLIERS'],
  };
  return {
    'GET /api/session': {},
    'POST /api/session/logout': 'stream', // would end the walking session; covered by accounts tests
    'GET /api/users/list': { query: '?page=1' },
    'POST /api/users/save': { payload: user },
    'POST /api/users/delete': { payload: { _id: ids.deletedUser } },
    'POST /api/users/save-updated-docs': { payload: { docs: [user] } },
    'GET /api/users/getProfileInfo': {},
    'POST /api/users/updateProfileInfo': { payload: { name: 'Gral', lastName: 'Walk' } },
    'POST /api/users/uploadProfilePicture': { payload: {} },
    'GET /api/admin/info-dashboard': {},
    'POST /api/admin/visits-month': { payload: { type: 'YEAR' } },
    'GET /api/admin/visits-route': {},
    'GET /api/admin/notifications': {},
    'GET /api/admin/read-notifications': {},
    'GET /api/admin/notifications/stream': 'stream',
    ...catalogueSamples('suppliers', { name: 'PROVEEDOR DE PASEO', rfc: null }, ids.supplier),
    ...catalogueSamples('administrative-units', { name: 'Dirección de paseo' }, ids.unit),
    ...catalogueSamples('organizations', { name: 'Monitor de paseo', shortName: 'PASEO' }, ids.organization),
    ...catalogueSamples('resources', RESOURCE, ids.resource),
    'POST /api/resources/upload-image': { payload: {} },
    ...catalogueSamples('contracts', contractEntry(ids.unit), ids.contract),
    'GET /api/contracts/retrieve/suppliers': { query: '?search=a' },
    'GET /api/contracts/retrieve/administrative-units': { query: '?search=a' },
    'GET /api/contracts/relations/:id': { url: `/api/contracts/relations/${ids.contract}` },
    ...catalogueSamples('calculations', CALCULATION, ids.calculation),
    'GET /api/calculations/variables': {},
    'GET /api/calculations/retrieve/calculations': { query: `?currentCalculationId=${ids.calculation}` },
    'GET /api/calculations/retrieve/suppliers': { query: '?search=a' },
    'GET /api/calculations/retrieve/administrative-units': { query: '?search=a' },
    'POST /api/calculations/formula/validate': { payload: { formula: '$NTC' } },
    'GET /api/calculations/formula/evaluate': { query: '?expression=%24NTC%20%2F%202' },
    'POST /api/data-load/upload': { payload: {} }, // not multipart: refused; uploads in data-load tests
    'GET /api/red-flags/settings': {},
    'POST /api/red-flags/settings': { payload: { chainWindowDays: 30 } },
    'GET /api/red-flags/lists': {},
    'POST /api/red-flags/lists/:kind': { url: '/api/red-flags/lists/sat-69b', payload: {} }, // not multipart: refused
    'GET /api/data-load/current': { query: '?page=1&showErrors=false' },
    'GET /api/data-load/current-info': {},
    'POST /api/data-load/cancel-current': { payload: {} },
    'POST /api/data-load/confirm-current': { payload: { ignoreErrors: false } },
    'GET /api/data-load/download-validations': {},
    'GET /api/data-load/download-plantilla': {},
    'GET /api/backups/summary': {},
    'GET /api/backups/documents': { query: '?page=1&state=FAILED' },
    'POST /api/backups/retry': { payload: { ids: [ids.contract] } },
    'GET /api/backups/contract/:id': { url: `/api/backups/contract/${ids.contract}` },
    'GET /api/alerts/summary': {},
    'POST /api/alerts/suspend': { payload: { email: 'nadie@example.org', suspended: true } }, // 404: follows nothing
    'GET /api/settings/load-settings': {},
    'POST /api/settings/change-settings': { payload: { title: 'Monitor de <b>paseo</b>', round: false } },
    'POST /api/settings/change-cover': { payload: {} }, // not multipart: refused; uploads in settings tests
    'POST /api/settings/change-theme': { payload: { theme: 'green' } },
    'GET /api/settings/load-about': {},
    'POST /api/settings/change-about': { payload: ABOUT },
  };
}

/** A valid hand-entered contract naming the given unit. */
const contractEntry = (unit: string) => ({
  procedureType: 'PUBLIC',
  category: 'SERVICES',
  procedureState: 'CONCLUDED',
  administrationPeriod: '2021-2024',
  fiscalYear: '2022',
  period: '1o 2022',
  organizerAdministrativeUnit: unit,
  applicantAdministrativeUnit: unit,
  areaInCharge: 'Compras',
  servicesDescription: 'Servicio de paseo',
  administrativeUnitType: 'CENTRALIZED',
  contractType: 'NORMAL',
  contractDate: '2022-03-01',
  contractNumber: `PASEO-${unit.slice(-6)}`,
  totalAmount: 100,
});

const ABOUT = {
  association: { name: 'Asociación de paseo', address: '', email: '', website: '' },
  about: 'Paseamos.',
  mission: '',
  vision: '',
  values: '',
  directiveCouncil: [],
  consultiveCouncil: [],
};

const RESOURCE = { title: 'Ley de paseo', url: 'https://example.org/ley', classification: 'LEGAL_FRAMEWORK' };
const CALCULATION = {
  name: 'Cálculo de paseo',
  description: 'Un cálculo del paseo por las rutas.',
  type: 'CONTRACT',
  abbreviation: '$$PASEO',
  formula: { expression: '$NTC' },
};

interface Ids {
  /** The index of the walked monitor (no other calculation uses it), and another monitor's. */
  calculation: string;
  otherCalculation: string;
  resource: string;
  otherResource: string;
  contract: string;
  otherContract: string;
  user: string;
  deletedUser: string;
  supplier: string;
  unit: string;
  organization: string;
  otherSupplier: string;
  otherUnit: string;
  deletedOrganization: string;
}

function catalogueSamples(path: string, entry: object, id: string): Record<string, Sample> {
  return {
    [`GET /api/${path}/list`]: { query: '?page=1&search=a' },
    [`POST /api/${path}/save`]: { payload: { _id: id, ...entry } },
    [`POST /api/${path}/delete`]: 'stream', // would remove the walked record; covered by catalogues tests
    [`POST /api/${path}/save-updated-docs`]: { payload: { docs: [{ _id: id, ...entry }] } },
  };
}

/** A catalogue's record-naming routes called with a record of another monitor (or a deleted one). */
function catalogueProbes(path: string, entry: object, id: string) {
  return {
    [`POST /api/${path}/save`]: { payload: { _id: id, ...entry } },
    [`POST /api/${path}/delete`]: { payload: { _id: id } },
    [`POST /api/${path}/save-updated-docs`]: { payload: { docs: [{ _id: id, ...entry }] } },
  };
}

/** Routes that name a record: calling them with a record they may not reach must give 404. */
function recordProbes(ids: Ids): Record<string, { url?: string; query?: string; payload?: object }> {
  return {
    'GET /api/backups/contract/:id': { url: `/api/backups/contract/${ids.otherContract}` },
    'GET /api/contracts/relations/:id': { url: `/api/contracts/relations/${ids.otherContract}` },
    ...catalogueProbes('suppliers', { name: 'PROVEEDOR AJENO' }, ids.otherSupplier),
    ...catalogueProbes('administrative-units', { name: 'Unidad ajena' }, ids.otherUnit),
    ...catalogueProbes('organizations', { name: 'Borrada', shortName: 'BORR' }, ids.deletedOrganization),
    ...catalogueProbes('resources', RESOURCE, ids.otherResource),
    ...catalogueProbes('contracts', contractEntry(ids.unit), ids.otherContract),
    ...catalogueProbes('calculations', CALCULATION, ids.otherCalculation),
    'POST /api/calculations/formula/validate': { payload: { _id: ids.otherCalculation, formula: '$NTC' } },
    'POST /api/users/delete': { payload: { _id: ids.deletedUser } },
    'POST /api/users/save': {
      payload: {
        _id: ids.deletedUser,
        name: 'X',
        lastName: 'Y',
        email: 'borrado@example.org',
        active: true,
        administratorType: 'CUSTOM',
        permissions: ['SUPPLIERS'],
      },
    },
  };
}

const namesRecord = (schema: unknown) => {
  const parts = schema as { body?: z.ZodType; querystring?: z.ZodType } | undefined;
  const shapeHas = (candidate: unknown, key: string) =>
    candidate instanceof z.ZodObject && key in (candidate as z.ZodObject).shape;
  return ['_id', 'id'].some((key) => shapeHas(parts?.body, key) || shapeHas(parts?.querystring, key));
};

describe('every /api route', () => {
  let ctx: TestContext;
  let organizationId: string;
  let generalToken: string;
  let noPermissionToken: string;
  let ids: Ids;
  let routes: {
    method: string;
    url: string;
    key: string;
    sampleKey: string;
    permission: string;
    organization: string;
    schema: unknown;
  }[];

  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({ config: { rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000 } } });
    const { db } = ctx.database;
    organizationId = (await createOrganization(db)).id;
    const general = await createUser(db, { administratorType: 'GENERAL' });
    generalToken = await signIn(ctx.app, general.email);
    noPermissionToken = await signIn(ctx.app, (await createUser(db)).email);
    const deleted = await createUser(db, { permissions: ['SUPPLIERS'] });
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const otherOrganizationId = (await createOrganization(db)).id;
    const unit = (await createUnit(db, organizationId)).id;
    const otherUnit = (await createUnit(db, otherOrganizationId)).id;
    ids = {
      user: (await createUser(db, { permissions: ['SUPPLIERS'] })).id,
      deletedUser: deleted.id,
      supplier: (await createSupplier(db, organizationId)).id,
      unit,
      organization: (await createOrganization(db)).id,
      otherSupplier: (await createSupplier(db, otherOrganizationId)).id,
      otherUnit,
      deletedOrganization: (await createOrganization(db, { deletedAt: new Date() })).id,
      resource: await insertResource(organizationId),
      otherResource: await insertResource(otherOrganizationId),
      contract: (await createContract(db, { organizationId, unitId: unit })).id,
      otherContract: (await createContract(db, { organizationId: otherOrganizationId, unitId: otherUnit }))
        .id,
      calculation: await indexOf(organizationId),
      otherCalculation: await indexOf(otherOrganizationId),
    };
    const seen = new Set<string>();
    routes = ctx.app.apiRoutes
      .map((route) => ({
        ...route,
        key: routeKey(route.method, route.url),
        sampleKey: routeKey(route.method === 'HEAD' ? 'GET' : route.method, route.url),
        permission: route.access.permission,
        organization: route.access.organization,
      }))
      .filter((route) => !seen.has(route.key) && seen.add(route.key));
  });
  afterAll(() => ctx.close());

  /** A monitor's locked calculation (every monitor has the default index). */
  async function indexOf(organization: string): Promise<string> {
    const [row] = await ctx.database.db
      .select({ id: calculations.id })
      .from(calculations)
      .where(and(eq(calculations.organizationId, organization), eq(calculations.locked, true)));
    return row!.id;
  }

  async function insertResource(organization: string): Promise<string> {
    const [row] = await ctx.database.db
      .insert(resources)
      .values({
        organizationId: organization,
        title: `Recurso ${organization}`,
        url: 'https://example.org',
        classification: 'WEBSITE',
      })
      .returning();
    return row!.id;
  }

  const call = (route: { method: string; url: string }, headers: Record<string, string>, sample?: Sample) =>
    ctx.app.inject({
      method: route.method as 'GET',
      url: `${(typeof sample === 'object' && sample.url) || route.url}${typeof sample === 'object' ? (sample.query ?? '') : ''}`,
      headers,
      ...(typeof sample === 'object' && sample.payload ? { payload: sample.payload } : {}),
    });

  it('is walked by this test (has a sample call)', () => {
    expect(routes.length).toBeGreaterThan(10);
    const table = samples(ids);
    expect(routes.map((route) => route.sampleKey).filter((key) => !(key in table))).toEqual([]);
    // HEAD requests of GET routes are walked too (Fastify adds them by itself).
    expect(routes.some((route) => route.key === 'HEAD /api/users/list')).toBe(true);
  });

  it('answers 401 without a token, or with a malformed one', async () => {
    for (const route of routes) {
      const anonymous = await call(route, { 'x-current-organization-id': organizationId });
      expect(anonymous.statusCode, route.key).toBe(401);
      if (route.method !== 'HEAD') {
        expect(anonymous.json().message, route.key).toBe('Por favor inicia sesión para continuar.');
      } else {
        expect(anonymous.body, route.key).toBe('');
      }
      const garbage = await call(route, {
        authorization: 'Bearer abc.def.ghi',
        'x-current-organization-id': organizationId,
      });
      expect(garbage.statusCode, route.key).toBe(401);
    }
  });

  it('answers 403 to a signed-in user without the permission', async () => {
    const guarded = routes.filter((route) => route.permission !== 'SIGNED_IN');
    expect(guarded.length).toBeGreaterThan(3);
    for (const route of guarded) {
      const response = await call(route, bearer(noPermissionToken, organizationId));
      expect(response.statusCode, route.key).toBe(403);
      if (route.method !== 'HEAD') {
        expect(response.json().message).toBe('No tienes permiso para realizar esta acción.');
      }
    }
  });

  it('answers 404 for a monitor that does not exist or was deleted, and for records out of reach', async () => {
    const deletedOrganization = (await createOrganization(ctx.database.db, { deletedAt: new Date() })).id;
    const inMonitor = routes.filter((route) => route.organization === 'required');
    expect(inMonitor.length).toBeGreaterThan(3);
    for (const organization of ['0192aaaa-0000-7000-8000-000000000000', deletedOrganization, 'not-an-id']) {
      for (const route of inMonitor) {
        const response = await call(route, bearer(generalToken, organization));
        expect(response.statusCode, `${route.key} ${organization}`).toBe(404);
      }
    }
    // The session, users and profile do not depend on a monitor: a deleted one never blocks them.
    const session = await call(
      { method: 'GET', url: '/api/session' },
      bearer(generalToken, deletedOrganization),
    );
    expect(session.statusCode).toBe(200);
    const probes = recordProbes(ids);
    const naming = routes.filter((route) => namesRecord(route.schema)).map((route) => route.key);
    expect(naming.filter((key) => !(key in probes) && !key.endsWith(' /api/users/getProfileInfo'))).toEqual(
      [],
    );
    for (const [key, probe] of Object.entries(probes)) {
      const [method, url] = key.split(' ') as [string, string];
      const response = await call({ method, url }, bearer(generalToken, organizationId), probe);
      expect(response.statusCode, key).toBe(404);
    }
  });

  it('never answers with a password hash, a stored token or another session', async () => {
    const { db } = ctx.database;
    const secrets = [
      ...(await db.select({ hash: users.passwordHash }).from(users)).map((row) => row.hash),
      ...(await db.select({ hash: passwordTokens.tokenHash }).from(passwordTokens)).map((row) => row.hash),
      noPermissionToken,
    ].filter((value): value is string => Boolean(value));
    expect(secrets.length).toBeGreaterThan(3);
    const table = samples(ids);
    for (const route of routes) {
      const sample = table[route.sampleKey]!;
      if (sample === 'stream') continue;
      const response = await call(route, bearer(generalToken, organizationId), sample);
      expect(response.statusCode, `${route.key}: ${response.body}`).toBeLessThan(500);
      for (const secret of secrets) expect(response.body, route.key).not.toContain(secret);
      expect(response.body, route.key).not.toMatch(/\$argon2|passwordHash|tokenHash/);
    }
    // Sessions are not listed anywhere either.
    expect((await db.select().from(sessions)).length).toBeGreaterThan(0);
  });
});
