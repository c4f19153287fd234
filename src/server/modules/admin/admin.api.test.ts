import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWebRoute } from '../../../shared/routes';
import { bearer, createUser, signIn } from '../../test/auth';
import { createContract, createOrganization, createSupplier, createUnit } from '../../test/factories';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';
import { visitBuckets } from './dashboard.service';
import { createNotification } from './notifications.service';

describe('dashboard and notifications', () => {
  let ctx: TestContext;
  let organizationId: string;
  let otherOrganizationId: string;
  let general: string;
  let custom: string;
  const now = new Date('2026-11-22T18:00:00Z');

  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({
      now: () => now,
      config: { rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000, visitsPerMinute: 1_000 } },
    });
    const { db } = ctx.database;
    organizationId = (await createOrganization(db)).id;
    otherOrganizationId = (await createOrganization(db)).id;
    const unit = await createUnit(db, organizationId);
    const supplier = await createSupplier(db, organizationId);
    await createContract(db, { organizationId, unitId: unit.id, supplierId: supplier.id });
    await createContract(db, { organizationId, unitId: unit.id, supplierId: supplier.id });
    // The other monitor's figures must never be counted here.
    const otherUnit = await createUnit(db, otherOrganizationId);
    await createContract(db, { organizationId: otherOrganizationId, unitId: otherUnit.id });
    general = await signIn(
      ctx.app,
      (await createUser(db, { administratorType: 'GENERAL', name: 'Gema', lastName: 'G' })).email,
    );
    custom = await signIn(ctx.app, (await createUser(db, { permissions: ['SUPPLIERS'] })).email);

    await db.execute(sql`INSERT INTO visit_daily_counts (organization_id, day, route_key, count) VALUES
      (${organizationId}, '2026-11-03', 'contracts', 5),
      (${organizationId}, '2026-11-20', 'contracts:detail', 2),
      (${organizationId}, '2026-08-15', 'suppliers', 4),
      (${organizationId}, '2025-12-31', 'home', 7),
      (${organizationId}, '2020-01-01', 'home', 100),
      (${otherOrganizationId}, '2026-11-03', 'contracts', 1000)`);
  });
  afterAll(() => ctx.close());

  const get = (url: string, token: string, organization = organizationId) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(token, organization) });

  it("counts the monitor's own visits, contracts, suppliers, units and calculations", async () => {
    const response = await get('/api/admin/info-dashboard', general);
    expect(response.json().data).toEqual({
      visitsCount: 118,
      contractsCount: 2,
      proveedoresCount: 1,
      unidadesCount: 1,
      // The default index of every monitor (nine indicators, three axes and the index); not the other monitor's.
      calculosCount: 13,
      currentDataLoad: false,
    });
  });

  it('hides the contracts counter and the data-load banner without CONTRACTS', async () => {
    const response = await get('/api/admin/info-dashboard', custom);
    expect(response.json().data).toMatchObject({
      contractsCount: null,
      currentDataLoad: false,
      proveedoresCount: 1,
    });
  });

  it('reports visits per month, quarter and year in Mexico City calendar buckets', async () => {
    const chart = async (type: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/visits-month',
          headers: bearer(general, organizationId),
          payload: { type },
        })
      ).json().data;
    const months = await chart('MONTHS');
    expect(months.labels[0]).toBe('Diciembre 2025');
    expect(months.labels[11]).toBe('Noviembre 2026');
    expect(months.datasets[0].data).toEqual([7, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 7]);
    const quarters = await chart('QUARTER');
    expect(quarters).toEqual({
      labels: ['1o 2026', '2o 2026', '3o 2026', '4o 2026'],
      datasets: [{ name: 'Visitas', data: [0, 0, 4, 7] }],
    });
    const years = await chart('YEAR');
    expect(years.labels).toEqual(['2021', '2022', '2023', '2024', '2025', '2026']);
    expect(years.datasets[0].data).toEqual([0, 0, 0, 0, 7, 11]);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/visits-month',
      headers: bearer(general, organizationId),
      payload: { type: 'WEEKS' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('El periodo debe ser MONTHS, QUARTER o YEAR.');
  });

  it('reports visits per section with Spanish names', async () => {
    const response = await get('/api/admin/visits-route', general);
    expect(response.json().data).toEqual({
      labels: ['Inicio', 'Listado de contratos', 'Listado de proveedores', 'Detalle de contratos'],
      datasets: [{ name: 'Visitas', data: [107, 5, 4, 2] }],
    });
  });

  it('lists only sections the portal has: visits of pages it does not have count as other pages', async () => {
    const monitor = (await createOrganization(ctx.database.db)).id;
    await ctx.database.db.execute(sql`INSERT INTO visit_daily_counts (organization_id, day, route_key, count) VALUES
      (${monitor}, '2026-11-03', 'about', 6),
      (${monitor}, '2026-11-03', 'comparations', 3),
      (${monitor}, '2026-11-04', 'comparations:detail', 1),
      (${monitor}, '2026-11-03', 'other', 1)`);
    const response = await get('/api/admin/visits-route', general, monitor);
    // Once the comparison screens exist, their visits are listed under their own names.
    const built = isWebRoute('/comparations') && isWebRoute('/comparations/x');
    expect(response.json().data).toEqual(
      built
        ? {
            labels: [
              'Acerca de',
              'Listado de comparación de tableros',
              'Detalle de comparación de tableros',
              'Otras páginas',
            ],
            datasets: [{ name: 'Visitas', data: [6, 3, 1, 1] }],
          }
        : { labels: ['Acerca de', 'Otras páginas'], datasets: [{ name: 'Visitas', data: [6, 5] }] },
    );
  });

  it("lists the monitor's notifications per user and marks them read", async () => {
    await createNotification(ctx.database.db, {
      organizationId,
      createdBy: null,
      message: 'Se ha iniciado una carga de datos en la organización actual.',
      status: 'INFO',
    });
    await createNotification(ctx.database.db, {
      organizationId: otherOrganizationId,
      createdBy: null,
      message: 'De otro monitor',
      status: 'SUCCESS',
    });
    const listed = (await get('/api/admin/notifications', general)).json().data;
    expect(listed.newNotifications).toBe(true);
    expect(listed.notifications.map((n: { message: string }) => n.message)).toEqual([
      'Se ha iniciado una carga de datos en la organización actual.',
    ]);
    const read = (await get('/api/admin/read-notifications', general)).json().data;
    expect(read.newNotifications).toBe(false);
    expect(read.notifications[0].unread).toBe(false);
    // Reading is per user.
    expect((await get('/api/admin/notifications', custom)).json().data.newNotifications).toBe(true);
  });

  it('buckets across the turn of the year', () => {
    expect(visitBuckets('QUARTER', '2026-02-10').map((b) => b.label)).toEqual([
      '2o 2025',
      '3o 2025',
      '4o 2025',
      '1o 2026',
    ]);
    expect(visitBuckets('MONTHS', '2026-01-31')[0]).toEqual({ start: '2025-02-01', label: 'Febrero 2025' });
  });
});
