import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import {
  expectFitsTheScreen,
  launchBrowser,
  openWatchedPage,
  QUIET,
  type WatchedPage,
} from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

describe('public shell in Chromium, on a fresh embedded database with the demonstration data', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let watched: WatchedPage;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  beforeEach(async () => {
    // The server's own answers (404 status, simulated failures through page.route) are checked
    // here, so no service worker stands in between; offline.e2e.test.ts covers the worker.
    watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
      expectedConsole: /404 \(Not Found\)/,
    });
    ({ context, page } = watched);
  });
  afterEach(async () => {
    await context.close();
  });

  const url = (path: string) => `${portal.baseUrl}${path}`;
  const chooseMonitor = async (name: RegExp) => {
    await page.getByRole('button', { name }).click();
  };

  it('sends a visitor without a monitor to the selection page, then back, with the monitor applied', async () => {
    await page.goto(url('/?desde=enlace'));
    await page.waitForURL(/\/select-organization\?redirectTo=/);
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/?desde=enlace');
    await expect
      .poll(() => page.getByText('Por favor selecciona una Organización para continuar.').isVisible())
      .toBe(true);

    const cards = page.getByTestId('organization-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    expect(await page.getByText('Demostración', { exact: true }).count()).toBe(3);
    expect(await page.locator('.organization-short-name').allTextContents()).toEqual([
      'CEANV',
      'NVIZ',
      'SLV',
    ]);

    await chooseMonitor(/Seleccionar Gobierno del Estado de Nueva Vizcaya/);
    await page.waitForURL(url('/?desde=enlace'));
    await page.getByRole('heading', { name: 'Monitor Nueva Vizcaya' }).waitFor();
    expect(await page.getByText('Datos de demostración').isVisible()).toBe(true);
    expect(await page.getByText('No corresponden a un gobierno real.', { exact: false }).isVisible()).toBe(
      true,
    );

    // The monitor's theme (blueDark, #4468c4) is applied to the page.
    expect(await page.evaluate(() => document.body.className)).toBe('theme-body blueDark');
    const border = await page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).borderBottomColor);
    expect(border).toBe('rgb(68, 104, 196)');
    expect(await page.locator('header').getByText('NVIZ').isVisible()).toBe(true);
  });

  it('keeps the chosen monitor across reloads and lets the visitor change it', async () => {
    await page.goto(url('/select-organization'));
    await chooseMonitor(/Seleccionar Municipio de Santa Lucía del Valle/);
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    expect(await page.evaluate(() => document.body.className)).toBe('theme-body default');

    await page.getByRole('link', { name: 'Cambiar Organización' }).click();
    await page.waitForURL(/\/select-organization/);
    await chooseMonitor(/Seleccionar Comisión Estatal del Agua/);
    await page.getByRole('heading', { name: 'Monitor del Agua' }).waitFor();
    expect(await page.evaluate(() => document.body.className)).toBe('theme-body purple');
  });

  it('opens a shared link with ?changeOrganization on that monitor', async () => {
    const [organization] = await queryRows<{ id: string }>(
      portal.database.db,
      sql`SELECT id FROM organizations WHERE short_name = 'CEANV'`,
    );
    await page.goto(url(`/?changeOrganization=${organization!.id}`));
    await page.getByRole('heading', { name: 'Monitor del Agua' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => document.body.className)).toBe('theme-body purple');
  });

  it('copies the current address with Share, naming the monitor', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.baseUrl });
    await page.goto(url('/select-organization'));
    await chooseMonitor(/Seleccionar Municipio de Santa Lucía del Valle/);
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    await page.getByRole('button', { name: 'Compartir' }).click();
    await page.getByText('Se ha copiado el enlace correctamente').waitFor();
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    const [organization] = await queryRows<{ id: string }>(
      portal.database.db,
      sql`SELECT id FROM organizations WHERE short_name = 'SLV'`,
    );
    expect(`${copied.origin}${copied.pathname}`).toBe(url('/'));
    expect(copied.searchParams.get('changeOrganization')).toBe(organization!.id);
  });

  it('shows PÁGINA NO ENCONTRADA for unknown paths, with Regresar and Ir al Inicio', async () => {
    await page.goto(url('/select-organization'));
    await chooseMonitor(/Seleccionar Municipio de Santa Lucía del Valle/);
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    const response = await page.goto(url('/esta-pagina-no-existe'));
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'PÁGINA NO ENCONTRADA' }).waitFor();
    expect(await page.getByRole('button', { name: 'Regresar' }).isVisible()).toBe(true);
    // Its help links name the pages they open (there is no FAQ page).
    const help = page.getByRole('main').getByRole('link');
    expect(await page.getByRole('main').getByRole('link', { name: 'Preguntas frecuentes' }).count()).toBe(0);
    expect(await help.filter({ hasText: 'Acerca de' }).getAttribute('href')).toBe('/about');
    expect(await help.filter({ hasText: 'Contacto' }).getAttribute('href')).toBe('/contact');
    await page.getByRole('main').getByRole('link', { name: 'Ir al Inicio' }).click();
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();

    await page.goto(url('/access-denied'));
    await page.getByRole('heading', { name: 'ACCESO DENEGADO' }).waitFor();
  });

  it('shows SERVICIO EN MANTENIMIENTO when the server says so', async () => {
    watched.expectedConsole = /503 \(Service Unavailable\)/;
    await page.route('**/public-api/organizations/list**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: true, code: 'MAINTENANCE', message: 'Mantenimiento', requestId: 'x' }),
      }),
    );
    await page.goto(url('/select-organization'));
    await page.getByRole('heading', { name: 'SERVICIO EN MANTENIMIENTO' }).waitFor();
  });

  it('says the monitors are unavailable when their list cannot load, and offers to try again', async () => {
    watched.expectedConsole = /500 \(Internal Server Error\)/;
    await page.goto(url('/select-organization'));
    await chooseMonitor(/Seleccionar Municipio de Santa Lucía del Valle/);
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    let failing = true;
    await page.route('**/public-api/organizations/list**', (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: true, code: 'INTERNAL', message: 'x', requestId: 'x' }),
          })
        : route.continue(),
    );
    await page.reload();
    const retry = page.getByRole('button', { name: 'Reintentar' });
    await retry.waitFor({ timeout: 20_000 });
    expect(
      await page
        .getByText('La información de organizaciones no se encuentra disponible en este momento.')
        .count(),
    ).toBeGreaterThan(0);
    // A server failure also opens the unexpected-error modal (decision 0023): closed first.
    const modal = page.getByRole('dialog', { name: 'Parece ser que ocurrió algo inesperado' });
    await modal.getByRole('button', { name: 'Cerrar' }).last().click();
    await modal.waitFor({ state: 'hidden' });
    failing = false;
    await retry.click();
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
  });

  it('shows PARECE QUE ALGO SALIO MAL when a screen cannot load', async () => {
    await page.goto(url('/select-organization'));
    await chooseMonitor(/Seleccionar Municipio de Santa Lucía del Valle/);
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    // The browser reports the refused screen, and the error screen's boundary logs why.
    watched.expectedConsole = /net::ERR_FAILED|Failed to fetch dynamically imported module/;
    await page.route('**/assets/about-*.js', (route) => route.abort());
    await page.getByRole('link', { name: 'Acerca de' }).click();
    await page.getByRole('heading', { name: 'PARECE QUE ALGO SALIO MAL' }).waitFor();
    expect(await page.getByRole('button', { name: 'Recargar la página' }).isVisible()).toBe(true);
    // Between the portal's header and footer, as every page.
    expect(await page.getByRole('navigation', { name: 'Navegación principal' }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
  });

  it('registers a visit of the monitor after each public navigation', async () => {
    await page.goto(url('/select-organization'));
    await chooseMonitor(/Seleccionar Comisión Estatal del Agua/);
    await page.getByRole('heading', { name: 'Monitor del Agua' }).waitFor();
    await expect
      .poll(async () => {
        const [row] = await queryRows<{ n: number }>(
          portal.database.db,
          sql`SELECT count(*)::int AS n FROM visits v JOIN organizations o ON o.id = v.organization_id
              WHERE o.short_name = 'CEANV' AND v.path = '/'`,
        );
        return row?.n ?? 0;
      })
      .toBeGreaterThan(0);
  });

  it('switches the interface to English and Japanese, and remembers the choice', async () => {
    await page.goto(url('/select-organization'));
    await chooseMonitor(/Seleccionar Municipio de Santa Lucía del Valle/);
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Suppliers' })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByRole('button', { name: 'Share' }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
    await page.getByRole('button', { name: '共有' }).waitFor();
  });

  it('works on a 360-pixel phone: menu behind a burger, no sideways scrolling', async () => {
    const phone = await browser.newContext({
      ...QUIET,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const mobile = await phone.newPage();
    try {
      await mobile.goto(url('/select-organization'));
      await mobile.getByRole('button', { name: /Seleccionar Municipio de Santa Lucía del Valle/ }).tap();
      await mobile.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
      await expectFitsTheScreen(mobile);
      const burger = mobile.getByRole('button', { name: 'Menú', exact: true });
      await burger.tap();
      await mobile.getByRole('dialog').getByRole('link', { name: 'Contratos' }).waitFor();
      // One close button: the drawer covers the burger (its X), which is not what a tap there reaches.
      const box = (await burger.boundingBox())!;
      const underDrawer = await mobile.evaluate(
        ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('[role="dialog"]')),
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(underDrawer).toBe(true);
    } finally {
      await phone.close();
    }
  });
});
