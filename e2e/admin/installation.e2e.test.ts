import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { isWebRoute } from '../../src/shared/routes';
import { addAdministrator, chooseMonitor, SANTA_LUCIA, signIn } from '../fixtures/admin';
import { launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const PASSWORD = 'clave-de-prueba-e2e';
const TOAST = '.mantine-Notification-root';
type Box = { x: number; y: number; width: number; height: number };

/**
 * First impressions of an installation, in Chromium: the association's texts on a fresh demo
 * install, edited by a GENERAL administrator in the settings' installation tab; signing out; the
 * sign-in heading free of toasts; the contact page's title and its map without network; the
 * dashboard's sections.
 */
describe('installation texts and first impressions in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let slv: string;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const { db } = portal.database;
    await addAdministrator(db, {
      email: 'gema@example.org',
      password: PASSWORD,
      name: 'Gema',
      lastName: 'General',
    });
    await addAdministrator(db, {
      email: 'sara@example.org',
      password: PASSWORD,
      name: 'Sara',
      lastName: 'Settings',
      administratorType: 'CUSTOM',
      permissions: ['SETTINGS', 'USERS'],
    });
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM organizations WHERE short_name = 'SLV'`,
    );
    slv = row!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const url = (path: string) => `${portal.baseUrl}${path}`;
  const open = (options: { viewport?: { width: number; height: number } } = {}) =>
    openWatchedPage(browser, { ...options, expectedConsole: /status of 40[13]|ERR_FAILED/ });
  const signInAndChoose = async (page: Page, email: string) => {
    await page.goto(url('/login'));
    await signIn(page, email, PASSWORD);
    await chooseMonitor(page, SANTA_LUCIA);
    await page.waitForURL(/\/admin$/);
  };
  const chooseOnPublicSite = async (page: Page, path: string) => {
    await page.goto(url(`/select-organization?redirectTo=${encodeURIComponent(path)}`));
    await page.getByRole('button', { name: `Seleccionar ${SANTA_LUCIA}` }).click();
    await page.waitForURL(new RegExp(`${path}$`));
  };

  it('shows no "Por definir..." on the sign-in page and /about of a fresh demo install', async () => {
    const { context, page } = await open();
    await page.goto(url('/login'));
    await page.getByRole('heading', { name: 'Observatorio Ciudadano del Valle, A.C.' }).waitFor();
    expect(await page.getByText('Por definir...').count()).toBe(0);
    await chooseOnPublicSite(page, '/about');
    await page.getByRole('heading', { name: 'Consejo Consultivo' }).waitFor();
    await page.getByText('Mariana Robles Ortega').waitFor();
    expect(await page.getByText('Por definir...').count()).toBe(0);
    await context.close();
  });

  it('lets a GENERAL administrator edit the mission in the installation tab; /about and /login show it', async () => {
    // A CUSTOM administrator with SETTINGS sees the monitor's tabs only.
    const custom = await open();
    await signInAndChoose(custom.page, 'sara@example.org');
    await custom.page.goto(url('/admin/settings?tab=installation'));
    await custom.page.getByRole('tab', { name: 'Información general' }).waitFor();
    expect(await custom.page.getByRole('tab', { name: 'Instalación' }).count()).toBe(0);
    await custom.context.close();

    const { context, page } = await open();
    await signInAndChoose(page, 'gema@example.org');
    await page.goto(url('/admin/settings'));
    await page.getByRole('tab', { name: 'Instalación' }).click();
    const form = page.getByTestId('association-form');
    const mission = form.getByLabel('Misión');
    await expect.poll(() => mission.inputValue()).toContain('Que cada peso público');
    await form.getByLabel('Sitio web').fill('no es una dirección');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form
      .getByText('El sitio web debe ser una dirección que empiece con http:// o https://.')
      .first()
      .waitFor();
    await form.getByLabel('Sitio web').fill('https://observatorio-del-valle.example');
    await mission.fill('Vigilar cada contrato del Valle, de la licitación al último pago.');
    await form.getByRole('button', { name: 'Agregar integrante al Consejo Consultivo' }).click();
    await form.getByLabel('Consejo Consultivo: nombre 3').fill('Irene Valdés');
    await form.getByLabel('Consejo Consultivo: cargo 3').fill('Consejera');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La información de la asociación se actualizó correctamente').waitFor();

    await page.goto(url('/about'));
    await page.getByText('Vigilar cada contrato del Valle, de la licitación al último pago.').waitFor();
    await page.getByText('Irene Valdés').waitFor();
    await context.close();

    const visitor = await open();
    await visitor.page.goto(url('/login'));
    await visitor.page
      .getByText('Vigilar cada contrato del Valle, de la licitación al último pago.')
      .waitFor();
    await visitor.context.close();
  });

  it('closes the choose-a-monitor toast once a monitor is chosen; admin navigation adds none', async () => {
    const { context, page } = await open({ viewport: { width: 360, height: 740 } });
    await page.goto(url('/login'));
    await signIn(page, 'gema@example.org', PASSWORD);
    await page.waitForURL(/\/admin\/select-organization/);
    await page.locator(TOAST).getByText('Por favor selecciona una Organización para continuar.').waitFor();
    await chooseMonitor(page, SANTA_LUCIA);
    await page.waitForURL(/\/admin$/);
    // Gone at once (it would otherwise stay its 5 s over the header's buttons).
    await page.locator(TOAST).first().waitFor({ state: 'detached', timeout: 2_000 });
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).waitFor();
    await page.keyboard.press('Escape');
    // Each section once its data is on screen (a failed load would have shown its toast by then).
    const rows = page.getByTestId('catalogue-table').locator('tbody tr').first();
    for (const [section, heading, loaded] of [
      ['Usuarios', 'Catálogo de Usuarios', rows],
      ['Contratos', 'Catálogo de Contratos', rows],
      ['Configuración', 'Configuración', page.getByRole('tab').first()],
      ['Inicio', null, page.getByTestId('count-contracts')],
    ] as const) {
      await page.getByRole('button', { name: 'Menú', exact: true }).click();
      await page
        .getByRole('navigation', { name: 'Secciones de la administración' })
        .getByRole('link', { name: section, exact: true })
        .click();
      if (heading) await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await loaded.waitFor();
      expect(await page.locator(TOAST).allTextContents(), section).toEqual([]);
    }
    await context.close();
  });

  it('signs out to / with exactly one toast', async () => {
    const { context, page } = await open();
    await signInAndChoose(page, 'gema@example.org');
    await page.goto(url('/admin/users'));
    await page.getByRole('heading', { name: 'Catálogo de Usuarios' }).waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.getByText('Tu sesión se ha cerrado correctamente.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // Anything else the sign-out might show would be on screen by now (toasts last 5 s).
    await page.waitForLoadState('networkidle');
    expect(await page.locator(TOAST).allTextContents()).toEqual(['Tu sesión se ha cerrado correctamente.']);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('vigia.session'))).toBeNull();
    await context.close();
  });

  it('keeps toasts off the sign-in and reset headings and buttons, on a computer and on a phone', async () => {
    const overlap = (a: Box, b: Box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 360, height: 740 },
    ]) {
      const { context, page } = await open({ viewport });
      /** What the toasts on screen cover of the heading and of the form (its fields and button). */
      const covered = async (heading: string, button: string) => {
        const form = page.locator('form').filter({ has: page.getByRole('button', { name: button }) });
        const targets = {
          [heading]: (await page.getByRole('heading', { name: heading }).boundingBox())!,
          [`form with ${button}`]: (await form.boundingBox())!,
        };
        const toasts = await page.locator(TOAST).all();
        expect(toasts.length).toBeGreaterThan(0);
        const hits: string[] = [];
        for (const toast of toasts) {
          const box = (await toast.boundingBox())!;
          for (const [name, target] of Object.entries(targets))
            if (overlap(box, target)) hits.push(`${viewport.width} px: ${name}`);
        }
        return hits;
      };
      await page.goto(url('/admin/users'));
      await page.waitForURL(/\/login\?redirectTo=/);
      await page.getByTestId('login-info').getByText('Por favor inicia sesión para continuar.').waitFor();
      await signIn(page, 'gema@example.org', 'equivocada');
      await page.locator(TOAST).getByText('Usuario o contraseña incorrectos.', { exact: false }).waitFor();
      expect(await covered('Bienvenido Administrador', 'INICIAR SESIÓN')).toEqual([]);

      await page.goto(url('/forgot-password'));
      await page.getByRole('button', { name: 'ENVIAR CORREO' }).click();
      await page.locator(TOAST).first().waitFor();
      expect(await covered('Recuperar contraseña', 'ENVIAR CORREO')).toEqual([]);
      await context.close();
    }
  });

  it('titles /contact and, with the map service unreachable, links to the address instead of a frame', async () => {
    const { context, page } = await open();
    await context.route('https://maps.google.com/**', (route) => route.abort());
    await chooseOnPublicSite(page, '/contact');
    await page.getByRole('heading', { name: 'Contacto', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Contacto · Vigía');
    const link = page.getByRole('link', { name: 'Ver la dirección en Google Maps' });
    await link.waitFor();
    const [address] = await queryRows<{ address: string }>(
      portal.database.db,
      sql`SELECT address FROM organizations WHERE id = ${slv}`,
    );
    expect(await link.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address!.address)}`,
    );
    expect(await page.locator('iframe').count()).toBe(0);
    await context.close();
  });

  it("lists in the dashboard's sections only pages the portal has", async () => {
    await portal.database.db.execute(sql`INSERT INTO visit_daily_counts (organization_id, day, route_key, count) VALUES
      (${slv}, (now() AT TIME ZONE 'America/Mexico_City')::date, 'about', 9),
      (${slv}, (now() AT TIME ZONE 'America/Mexico_City')::date, 'comparations', 4),
      (${slv}, (now() AT TIME ZONE 'America/Mexico_City')::date, 'calculations', 2),
      (${slv}, (now() AT TIME ZONE 'America/Mexico_City')::date, 'other', 1)
      ON CONFLICT (organization_id, day, route_key) DO UPDATE SET count = EXCLUDED.count`);
    const { context, page } = await open();
    await signInAndChoose(page, 'gema@example.org');
    const legend = page.getByTestId('visits-route-legend');
    await legend.waitFor();
    const entries = await legend.locator('li').allTextContents();
    expect(entries.some((entry) => entry.startsWith('Acerca de'))).toBe(true);
    // Sections whose screens the portal does not have (yet) are not listed as if it did.
    if (!isWebRoute('/comparations'))
      expect(entries.filter((entry) => entry.includes('comparación'))).toEqual([]);
    else expect(entries.some((entry) => entry.startsWith('Listado de comparación de tableros'))).toBe(true);
    if (!isWebRoute('/calculations/corruption-index')) {
      expect(entries.filter((entry) => entry.includes('Índice de Riesgo'))).toEqual([]);
    }
    expect(entries.some((entry) => entry.startsWith('Otras páginas'))).toBe(true);
    await context.close();
  });
});
