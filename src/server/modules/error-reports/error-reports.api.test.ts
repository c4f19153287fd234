import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REPORT_MESSAGES } from '../../../shared/schemas/error-reports';
import { buildApp } from '../../app';
import { errorReportDescriptions, errorReports, notifications as notificationRows } from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
import { createOrganization } from '../../test/factories';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';
import { ERROR_REPORTS_PRUNE_JOB } from './error-report-jobs';

const HEADER = 'x-current-organization-id';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const REPORT = {
  source: 'request',
  message: 'Ocurrió un error inesperado. Por favor intenta nuevamente.',
  stack: 'ApiError: Ocurrió un error\n    at apiRequest (http://localhost/assets/index-a1b2.js:1:200)',
  path: '/contracts',
  requestId: 'b3d1c2a4-0f4e-4d7c-9f0e-2a6b8c1d3e5f',
};

describe('error reports API', () => {
  let ctx: TestContext;
  let first: string;
  let monitor: string;
  let other: string;
  let admin: string;
  let token: string;
  let now = new Date('2026-03-02T12:00:00Z');

  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({
      now: () => now,
      config: { rateLimits: { ...base.rateLimits, errorReportsPerHour: 1_000, loginPer15Minutes: 1_000 } },
    });
    const { db } = ctx.database;
    first = (await createOrganization(db, { name: 'Primer monitor' })).id;
    monitor = (await createOrganization(db)).id;
    other = (await createOrganization(db)).id;
    admin = (await createUser(db, { administratorType: 'GENERAL' })).email;
    token = await signIn(ctx.app, admin);
  });
  afterAll(() => ctx.close());

  const report = (payload: object, organizationId: string | null = monitor, ip = '10.40.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/public-api/error-reports',
      remoteAddress: ip,
      headers: { 'user-agent': CHROME, ...(organizationId ? { [HEADER]: organizationId } : {}) },
      payload,
    });
  const describeReport = (id: string, payload: object, ip = '10.40.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: `/public-api/error-reports/${id}/description`,
      remoteAddress: ip,
      payload,
    });
  const notifications = async (organizationId: string) => {
    const response = await ctx.app.inject({
      url: '/api/admin/notifications',
      headers: bearer(token, organizationId),
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.notifications as { message: string; status: string; unread: boolean }[];
  };
  const stored = async (id: string) =>
    (await ctx.database.db.select().from(errorReports).where(eq(errorReports.id, id)))[0]!;

  it('stores a report and shows it to the monitor’s administrators as a notification', async () => {
    const response = await report(REPORT);
    expect(response.statusCode).toBe(200);
    const id = response.json().data._id as string;
    const row = await stored(id);
    expect(row).toMatchObject({
      organizationId: monitor,
      source: 'request',
      path: '/contracts',
      requestId: REPORT.requestId,
      userAgent: CHROME,
      occurrences: 1,
    });
    const [notification] = await notifications(monitor);
    expect(notification).toMatchObject({ status: 'DANGER', unread: true });
    expect(notification!.message).toBe(
      `Error inesperado en /contracts: ${REPORT.message} · solicitud ${REPORT.requestId} · Chrome 140 · Linux`,
    );
    // Another monitor's administrators are not told.
    expect((await notifications(other)).some((n) => n.message.includes(REPORT.requestId))).toBe(false);
  });

  it('counts repeats of an error on one report and notifies again only after a day', async () => {
    const payload = { ...REPORT, source: 'script', message: 'TypeError: x is undefined', requestId: null };
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) ids.add((await report(payload)).json().data._id);
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect((await stored(id!)).occurrences).toBe(3);
    const told = () =>
      notifications(monitor).then((list) => list.filter((n) => n.message.includes('x is undefined')));
    expect(await told()).toHaveLength(1);

    now = new Date(now.getTime() + 25 * 60 * 60_000);
    // Sessions last a day too: the administrator signs in again.
    token = await signIn(ctx.app, admin);
    expect((await report(payload)).json().data._id).toBe(id);
    const after = await told();
    expect(after).toHaveLength(2);
    expect(after[0]!.message).toMatch(/^Error inesperado \(visto 4 veces\) en \/contracts: TypeError/);
  });

  it('masks e-mails, tokens and query strings before storing', async () => {
    const secret = 'Zx81kQ0pLmN2vB7cX4rT9yW3uE6iO5aS1dF';
    const response = await report({
      source: 'promise',
      message: `No se encontró ana.perez@example.org con clave ${secret}`,
      stack: `Error\n    at load (http://localhost/contracts?search=ana%40example.org&page=2:1:5)\n    at eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln`,
      path: `/new-password/${secret}?email=ana@example.org#top`,
      requestId: null,
    });
    expect(response.statusCode).toBe(200);
    const row = await stored(response.json().data._id);
    expect(row.message).toBe('No se encontró [correo] con clave [token]');
    expect(row.path).toBe('/new-password/[token]');
    expect(row.stack).toBe('Error\n    at load (http://localhost/contracts)\n    at [token]');
    const all = JSON.stringify(row);
    expect(all).not.toContain('ana');
    expect(all).not.toContain(secret);
    // Our public ids are not mistaken for tokens.
    const detail = await report({ ...REPORT, message: 'Detalle', path: `/contracts/${monitor}` });
    expect((await stored(detail.json().data._id)).path).toBe(`/contracts/${monitor}`);
  });

  it('tells the first monitor when the visitor had none chosen or named an unknown one', async () => {
    const one = await report({ ...REPORT, message: 'Fallo en la selección' }, null);
    const two = await report({ ...REPORT, message: 'Fallo en la selección' }, randomUUID());
    expect(one.statusCode).toBe(200);
    expect(two.json().data._id).toBe(one.json().data._id);
    expect((await stored(one.json().data._id)).organizationId).toBe(first);
    expect(
      (await notifications(first)).filter((n) => n.message.includes('Fallo en la selección')),
    ).toHaveLength(1);
  });

  it('refuses malformed and oversized reports with Spanish messages, storing nothing', async () => {
    const before = (await ctx.database.db.select().from(errorReports)).length;
    const cases: [object, string][] = [
      [{ ...REPORT, message: 'x'.repeat(1_001) }, 'El mensaje de error no puede exceder 1000 caracteres'],
      [{ ...REPORT, stack: 'x'.repeat(4_001) }, 'La traza del error no puede exceder 4000 caracteres'],
      [{ ...REPORT, message: '   ' }, 'El mensaje de error es requerido'],
      [{ ...REPORT, source: 'other' }, 'El origen del error no es válido'],
      [{ ...REPORT, path: 'contracts' }, 'La ruta debe comenzar con "/" y no contener espacios'],
      [{ ...REPORT, requestId: 'no es un id' }, 'El identificador de la solicitud no es válido'],
    ];
    for (const [payload, message] of cases) {
      const response = await report(payload);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect([body.message, ...(body.errors ?? []).map((e: { message: string }) => e.message)]).toContain(
        message,
      );
    }
    const huge = await report({ ...REPORT, stack: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('El contenido enviado excede el tamaño permitido.');
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/error-reports',
      headers: { 'content-type': 'application/json' },
      payload: '{"message": ',
    });
    expect(garbage.statusCode).toBe(400);
    expect((await ctx.database.db.select().from(errorReports)).length).toBe(before);
  });

  it("attaches the visitor's description, masked, and tells the administrators", async () => {
    const id = (await report({ ...REPORT, message: 'Error al filtrar' })).json().data._id as string;
    const response = await describeReport(id, {
      description: '  Filtré por año 2024 y la tabla desapareció. Escríbanme a ana@example.org  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error: false, message: ERROR_REPORT_MESSAGES.sent });
    expect(response.json().message).toBe('Tu mensaje ha sido enviado');
    const rows = await ctx.database.db
      .select()
      .from(errorReportDescriptions)
      .where(eq(errorReportDescriptions.reportId, id));
    expect(rows.map((row) => row.description)).toEqual([
      'Filtré por año 2024 y la tabla desapareció. Escríbanme a [correo]',
    ]);
    const [latest] = await notifications(monitor);
    expect(latest).toMatchObject({
      status: 'INFO',
      message:
        'Un visitante describió el error «Error al filtrar» en /contracts: ' +
        '«Filtré por año 2024 y la tabla desapareció. Escríbanme a [correo]»',
    });
  });

  it('refuses empty, oversized and unknown descriptions', async () => {
    const id = (await report({ ...REPORT, message: 'Otro error' })).json().data._id as string;
    const empty = await describeReport(id, { description: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Por favor describe lo que ocurrió');
    const long = await describeReport(id, { description: 'a'.repeat(2_001) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('La descripción no puede exceder 2000 caracteres');
    const unknown = await describeReport(randomUUID(), { description: 'Hola' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('El reporte de error no existe');
    expect((await describeReport('no-es-un-id', { description: 'Hola' })).statusCode).toBe(400);
  });

  it('stops notifying a monitor after 20 distinct errors in an hour, still storing them', async () => {
    const flooded = (await createOrganization(ctx.database.db)).id;
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await report({ ...REPORT, message: `Error número ${i}` }, flooded);
      expect(response.statusCode).toBe(200);
      ids.push(response.json().data._id);
    }
    expect(new Set(ids).size).toBe(22);
    expect((await notifications(flooded)).filter((n) => n.status === 'DANGER')).toHaveLength(20);
  });

  it('counts descriptions in the hourly cap of notifications, even when they arrive together', async () => {
    const busy = (await createOrganization(ctx.database.db)).id;
    const ids: string[] = [];
    for (const message of ['Fallo A', 'Fallo B']) {
      ids.push((await report({ ...REPORT, message }, busy)).json().data._id);
    }
    const told = async () =>
      (await ctx.database.db.select().from(notificationRows).where(eq(notificationRows.organizationId, busy)))
        .length;
    expect(await told()).toBe(2);
    // 30 descriptions at once, from many addresses: each stored, at most 18 more notifications.
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        describeReport(ids[i % 2]!, { description: `Descripción ${i}` }, `10.42.0.${i + 1}`),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    const descriptions = await ctx.database.db
      .select()
      .from(errorReportDescriptions)
      .where(inArray(errorReportDescriptions.reportId, ids));
    expect(descriptions).toHaveLength(30);
    expect(await told()).toBe(20);
    // A new error is stored but does not notify within the hour either.
    const late = await report({ ...REPORT, message: 'Fallo C' }, busy);
    expect(late.statusCode).toBe(200);
    expect(await told()).toBe(20);
  });

  it('keeps at most 20 descriptions per report when they arrive together', async () => {
    const quiet = (await createOrganization(ctx.database.db)).id;
    const id = (await report({ ...REPORT, message: 'Fallo D' }, quiet)).json().data._id as string;
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        describeReport(id, { description: `Texto ${i}` }, `10.43.0.${i + 1}`),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const rows = await ctx.database.db
      .select()
      .from(errorReportDescriptions)
      .where(eq(errorReportDescriptions.reportId, id));
    expect(rows).toHaveLength(20);
  });

  it('limits reports per address with a Spanish 429', async () => {
    const base = testConfig();
    const limited = await buildApp(
      testConfig({ rateLimits: { ...base.rateLimits, errorReportsPerHour: 2 } }),
      { database: ctx.database, now: () => now },
    );
    try {
      const send = (ip: string) =>
        limited.inject({
          method: 'POST',
          url: '/public-api/error-reports',
          remoteAddress: ip,
          payload: REPORT,
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await send('10.41.0.1')).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await send('10.41.0.1');
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: ERROR_REPORT_MESSAGES.tooMany });
      // Another address is counted apart.
      expect((await send('10.41.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('drops, in its hourly job, the reports nobody has seen for 90 days, and keeps the others', async () => {
    const old = await report({ ...REPORT, message: 'Un error de hace mucho' }, monitor, '10.42.0.1');
    const recent = await report({ ...REPORT, message: 'Un error de ayer' }, monitor, '10.42.0.2');
    const { db } = ctx.database;
    await db
      .update(errorReports)
      .set({ lastSeenAt: new Date(now.getTime() - 91 * 24 * 60 * 60 * 1000) })
      .where(eq(errorReports.id, old.json().data._id));
    await ctx.app.deps.jobs.enqueue(ERROR_REPORTS_PRUNE_JOB, {});
    await ctx.app.deps.jobs.idle();
    const left = (await db.select({ id: errorReports.id }).from(errorReports)).map((row) => row.id);
    expect(left).not.toContain(old.json().data._id);
    expect(left).toContain(recent.json().data._id);
  });
});
