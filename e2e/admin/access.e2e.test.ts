import { eq, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { addAdministrator, chooseMonitor, signIn as signInAs } from '../fixtures/admin';
import { launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const PASSWORD = 'clave-de-prueba-e2e';

/**
 * An administrator's way in, in Chromium: signing in, choosing a monitor, what a CUSTOM user may
 * open, the dashboard, the profile, signing out and an ended session.
 */
describe('administration access in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let slv: { id: string; name: string };

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const { db } = portal.database;
    const base = { password: PASSWORD };
    await addAdministrator(db, { ...base, email: 'gema@example.org', name: 'Gema', lastName: 'General' });
    await addAdministrator(db, {
      ...base,
      email: 'carla@example.org',
      name: 'Carla',
      lastName: 'Custom',
      administratorType: 'CUSTOM',
      permissions: ['SUPPLIERS', 'RESOURCES'],
    });
    await addAdministrator(db, {
      ...base,
      email: 'perfil@example.org',
      name: 'Pablo',
      lastName: 'Perfil',
      administratorType: 'CUSTOM',
      permissions: [],
    });
    const [row] = await queryRows<{ id: string; name: string }>(
      db,
      sql`SELECT id, name FROM organizations WHERE short_name = 'SLV'`,
    );
    slv = row!;
    await db.execute(sql`INSERT INTO visit_daily_counts (organization_id, day, route_key, count) VALUES
      (${slv.id}, (now() AT TIME ZONE 'America/Mexico_City')::date, 'contracts', 12),
      (${slv.id}, (now() AT TIME ZONE 'America/Mexico_City')::date - 40, 'suppliers', 5)`);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  beforeEach(async () => {
    // A refused call (401/403/409) is logged by Chromium as a failed resource; that is expected here.
    ({ context, page } = await openWatchedPage(browser, { expectedConsole: /status of 40[139]/ }));
  });
  afterEach(async () => {
    await context.close();
  });

  const url = (path: string) => `${portal.baseUrl}${path}`;

  const signIn = (email: string, password = PASSWORD) => signInAs(page, email, password);
  const chooseSantaLucia = () => chooseMonitor(page, slv.name);

  it('signs in from a deep link, chooses a monitor and lands on the page asked for', async () => {
    await page.goto(url('/admin/users?x=1'));
    await page.waitForURL(/\/login\?redirectTo=%2Fadmin%2Fusers/);
    await page.getByText('Por favor inicia sesión para continuar.').waitFor();
    await page.getByText('Te redirigiremos a la página que solicitaste después de iniciar sesión.').waitFor();

    await signIn('gema@example.org', 'equivocada');
    await page
      .getByRole('alert')
      .getByText('Usuario o contraseña incorrectos. Por favor intenta nuevamente.')
      .waitFor();
    await signIn('gema@example.org');
    await chooseSantaLucia();
    await page.waitForURL(/\/admin\/users\?x=1$/);
    await page.getByRole('heading', { name: 'Catálogo de Usuarios' }).waitFor();
    await page.getByTestId('catalogue-table').getByText('carla@example.org').waitFor();
    expect(await page.getByTestId('sidebar-organization').textContent()).toBe('SLV');
    // A GENERAL administrator sees every section ('Señales de alerta' and 'Avisos' among them).
    const sidebar = page.getByRole('navigation', { name: 'Secciones de la administración' });
    expect(await sidebar.getByRole('link').count()).toBe(12);
    await sidebar.getByRole('link', { name: 'Señales de alerta' }).waitFor();
  });

  it('invites, edits and deletes a user through the catalogue, with confirmations and toasts', async () => {
    await page.goto(url('/login?redirectTo=%2Fadmin%2Fusers'));
    await signIn('gema@example.org');
    await chooseSantaLucia();
    await page.waitForURL(/\/admin\/users$/);
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const modal = page.getByRole('dialog', { name: 'Nuevo(a)' });
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await modal.getByText('El formulario contiene errores').waitFor();
    await modal.getByLabel('Nombre').fill('Iván');
    await modal.getByLabel('Apellido').fill('Invitado');
    await modal.getByLabel('Correo electrónico').fill('ivan@example');
    await modal.getByText('El correo electronico introducido no tiene un formato válido').first().waitFor();
    await modal.getByLabel('Correo electrónico').fill('ivan@example.org');
    await modal.getByLabel('Proveedores').check();
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await modal.getByText('Se enviará a ivan@example.org un correo', { exact: false }).waitFor();
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El usuario fue creado correctamente').waitFor();
    const row = page.getByTestId('catalogue-table').getByRole('row', { name: /ivan@example\.org/ });
    await row.getByText('Invitado', { exact: true }).first().waitFor();
    const [created] = await portal.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ivan@example.org'));
    expect(created).toMatchObject({
      administratorType: 'CUSTOM',
      permissions: ['SUPPLIERS'],
      passwordHash: null,
    });

    await row.getByRole('button', { name: 'Editar ivan@example.org' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar' });
    await edit.getByLabel('Apellido').fill('Ibarra');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El usuario fue actualizado correctamente').waitFor();
    await page.getByTestId('catalogue-table').getByRole('cell', { name: 'Ibarra' }).waitFor();

    await page.getByRole('button', { name: 'Eliminar ivan@example.org' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar Usuario' });
    await confirm.getByText('Cuidado').waitFor();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('El usuario fue eliminado correctamente').waitFor();
    await expect
      .poll(() => page.getByTestId('catalogue-table').getByText('ivan@example.org').count())
      .toBe(0);
    // Nobody removes themselves: the server says why.
    await page.getByRole('button', { name: 'Eliminar gema@example.org' }).click();
    await page
      .getByRole('dialog', { name: 'Eliminar Usuario' })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await page.getByText('No puedes eliminar tu propio usuario.').waitFor();
  });

  it('shows a CUSTOM user only their two sections and ACCESO DENEGADO on a third', async () => {
    await page.goto(url('/login'));
    await signIn('carla@example.org');
    await chooseSantaLucia();
    await page.waitForURL(/\/admin$/);
    const sidebar = page.getByRole('navigation', { name: 'Secciones de la administración' });
    await sidebar.getByRole('link', { name: 'Proveedores' }).waitFor();
    expect(await sidebar.getByRole('link').allTextContents()).toEqual([
      'Inicio',
      'Proveedores',
      'Recursos',
      // Every administrator of the monitor sees its alerts' counts (decision 0053).
      'Avisos',
    ]);
    // No load-data button, no contracts counter, no settings link without those permissions.
    expect(await page.getByRole('link', { name: 'Cargar datos' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Configuración' }).count()).toBe(0);
    await page.getByTestId('count-suppliers').waitFor();
    expect(await page.getByTestId('count-contracts').count()).toBe(0);

    await page.goto(url('/admin/users'));
    await page.waitForURL(/\/access-denied$/);
    await page.getByRole('heading', { name: 'ACCESO DENEGADO' }).waitFor();
    // The server refuses the call as well, whatever the browser shows.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('vigia.session') ?? '{}').token);
    const response = await fetch(url('/api/users/list'), { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(403);
  });

  it('draws the dashboard of the monitor and switches the visits chart between months, quarters and years', async () => {
    await page.goto(url('/login'));
    await signIn('gema@example.org');
    await chooseSantaLucia();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: '¡Hola, Gema General!' }).waitFor();
    const [counts] = await queryRows<{ contracts: number; visits: number }>(
      portal.database.db,
      sql`SELECT (SELECT count(*)::int FROM contracts WHERE organization_id = ${slv.id} AND deleted_at IS NULL) AS contracts,
                 (SELECT sum(count)::int FROM visit_daily_counts WHERE organization_id = ${slv.id}) AS visits`,
    );
    expect(counts!.visits).toBeGreaterThanOrEqual(17);
    await expect.poll(() => page.getByTestId('count-visits').textContent()).toBe(String(counts!.visits));
    expect(await page.getByTestId('count-contracts').textContent()).toBe(
      counts!.contracts.toLocaleString('es-MX'),
    );

    const chart = page.getByTestId('visits-period-chart');
    await chart.locator('svg').first().waitFor();
    expect((await chart.getAttribute('data-labels'))!.split('|')).toHaveLength(12);
    await page.getByText('Trimestres', { exact: true }).click();
    await expect.poll(async () => (await chart.getAttribute('data-labels'))!.split('|').length).toBe(4);
    expect(await chart.getAttribute('data-labels')).toMatch(/^[1-4]o \d{4}\|/);
    await page.getByText('Año', { exact: true }).click();
    await expect.poll(async () => (await chart.getAttribute('data-labels'))!.split('|').length).toBe(6);
    await page.getByTestId('visits-route-chart').locator('svg').first().waitFor();
  });

  it('edits the profile, and signing out ends the session on the server', async () => {
    await page.goto(url('/login'));
    await signIn('perfil@example.org');
    await chooseSantaLucia();
    await page.waitForURL(/\/admin$/);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Editar perfil' }).click();
    await page.waitForURL(/\/admin\/profile$/);
    const name = page.getByLabel('Nombre');
    await expect.poll(() => name.inputValue()).toBe('Pablo');
    await name.fill('');
    await page.getByText('El nombre es requerido').waitFor();
    await name.fill('Pablo Andrés');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Se ha actualizado correctamente').waitFor();
    await page.getByTestId('user-menu').getByText('Pablo Andrés Perfil').waitFor();
    const [stored] = await portal.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'perfil@example.org'));
    expect(stored!.name).toBe('Pablo Andrés');

    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('vigia.session') ?? '{}').token);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(url('/'), { waitUntil: 'commit' });
    await page.getByText('Tu sesión se ha cerrado correctamente.').waitFor();
    const after = await fetch(url('/api/session'), { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
  });

  it('sends an expired session to sign in again and honours redirectTo afterwards', async () => {
    await page.goto(url('/login'));
    await signIn('gema@example.org');
    await chooseSantaLucia();
    await page.waitForURL(/\/admin$/);
    // The stored expiry passes (epoch seconds, as the spec compares them).
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('vigia.session')!);
      localStorage.setItem(
        'vigia.session',
        JSON.stringify({ ...session, expiresAt: Math.floor(Date.now() / 1000) - 1 }),
      );
    });
    await page.goto(url('/admin/profile'));
    await page.waitForURL(/\/login\?redirectTo=%2Fadmin%2Fprofile$/);
    await signIn('gema@example.org');
    await page.waitForURL(/\/admin\/profile$/);
    await page.getByRole('heading', { name: 'Mi perfil' }).waitFor();

    // Another administrator deactivates this account: the next call sends the user to sign in.
    await portal.database.db.update(users).set({ active: false }).where(eq(users.email, 'gema@example.org'));
    await page.goto(url('/admin/users'));
    await page.waitForURL(/\/login\?redirectTo=%2Fadmin%2Fusers$/);
    await page
      .getByTestId('login-info')
      .getByText('Tu sesión ha expirado. Por favor inicia sesión para continuar.')
      .waitFor();
    // A new page load of the tab (a reload, another address typed) still says why.
    await page.reload();
    await page
      .getByTestId('login-info')
      .getByText('Tu sesión ha expirado. Por favor inicia sesión para continuar.')
      .waitFor();
    await portal.database.db.update(users).set({ active: true }).where(eq(users.email, 'gema@example.org'));
  });
});
