import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { associationTexts, calculations, contracts } from '../db/schema';
import { bearer, createUser, signIn, TEST_PASSWORD } from '../test/auth';
import { contractEntry, createOrganization, createSupplier, createUnit } from '../test/factories';
import { createTestApp, type TestContext, testConfig } from '../test/test-app';

/**
 * A lone UTF-16 surrogate (`\ud800` in a JSON body) is no character: PostgreSQL refuses it in a
 * JSON parameter and stores U+FFFD for it in a text one. Every text is refused with a Spanish 400
 * before anything is written (47,000 fuzzed requests: every 500 had this cause).
 */
describe('lone surrogates in request texts', () => {
  let ctx: TestContext;
  let organizationId: string;
  let token: string;
  let unit: string;
  let supplier: string;
  const LONE = '\ud800';

  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({
      config: { rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000, resetPerHour: 1_000 } },
    });
    const { db } = ctx.database;
    organizationId = (await createOrganization(db)).id;
    token = await signIn(ctx.app, (await createUser(db, { administratorType: 'GENERAL' })).email);
    unit = (await createUnit(db, organizationId)).id;
    supplier = (await createSupplier(db, organizationId)).id;
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object, signedIn = true) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: signedIn ? bearer(token, organizationId) : {},
      payload,
    });
  const mailJobs = async () =>
    (await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM pgboss.job`))[0]!.n;

  it('refuses the reset e-mail with a Spanish 400 and queues no mail', async () => {
    const before = await mailJobs();
    const response = await post(
      '/public-api/accounts/reset-password',
      { email: `a${LONE}b@example.org` },
      false,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'La solicitud contiene datos no válidos. El correo electrónico contiene caracteres no válidos.',
    );
    expect(await mailJobs()).toBe(before);
  });

  it('refuses a contract number and stores no contract', async () => {
    const response = await post(
      '/api/contracts/save',
      contractEntry({ supplier, unit }, { contractNumber: `CTO-${LONE}-1`, totalAmount: 1_000 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({
      path: 'body.contractNumber',
      message: 'El texto contiene caracteres no válidos.',
    });
    const stored = await ctx.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.organizationId, organizationId));
    expect(stored).toEqual([]);
  });

  it('refuses a calculation name and stores no calculation', async () => {
    const response = await post('/api/calculations/save', {
      name: `Adjudicaciones ${LONE}`,
      description: 'Parte de las adjudicaciones directas.',
      type: 'CONTRACT',
      abbreviation: '$$SURR1',
      formula: { expression: '$NCAD / $NTC * 100' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({
      path: 'body.name',
      message: 'Nombre: el texto contiene caracteres no válidos.',
    });
    const stored = await ctx.database.db
      .select()
      .from(calculations)
      .where(eq(calculations.abbreviation, '$$SURR1'));
    expect(stored).toEqual([]);
  });

  it('refuses an association text and keeps the installation texts as they were', async () => {
    const response = await post('/api/settings/change-about', {
      association: { name: 'Asociación', address: `Calle ${LONE} 1`, email: '', website: '' },
      about: 'Quiénes somos',
      mission: 'Misión',
      vision: 'Visión',
      values: 'Valores',
      directiveCouncil: [],
      consultiveCouncil: [],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'body.association.address', message: 'Domicilio: el texto contiene caracteres no válidos.' },
    ]);
    expect(await ctx.database.db.select().from(associationTexts)).toEqual([]);
  });

  it('refuses a text no field rule checks (the sign-in password) with the same single rule', async () => {
    const user = await createUser(ctx.database.db);
    const response = await post(
      '/public-api/accounts/login',
      { username: user.email, password: `${TEST_PASSWORD}${LONE}` },
      false,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'La solicitud contiene datos no válidos. El texto enviado contiene caracteres no válidos.',
      errors: [{ path: 'body.password', message: 'El texto enviado contiene caracteres no válidos.' }],
    });
  });
});
