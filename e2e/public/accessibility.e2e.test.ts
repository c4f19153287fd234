import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { THEME_NAMES, type ThemeName } from '../../src/shared/constants/themes';
import {
  COLOUR_RULES,
  DESKTOP,
  expectAccessible,
  navigateInApp,
  PHONE,
  settled,
} from '../fixtures/accessibility';
import { addAdministrator } from '../fixtures/admin';
import { launchBrowser, openWatchedPage, type WatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

/** The themes every public page is also checked in: a saturated one and the two lightest. */
const OTHER_THEMES: ThemeName[] = ['purple', 'yellow', 'sky'];
/** The screens where the theme colours most text: buttons, links, tags, the sign-in panel. */
const MOST_COLOURED = ['/', '/contracts', '/login'];

/**
 * WCAG 2.2 AA on every public page (issue 29), checked by axe-core in Chromium: on a desktop and a
 * 360-px phone, in the default theme with every rule, and in other themes with the rules colours
 * decide (a theme changes nothing else); the screens the theme colours most, in all 14. Each
 * theme is set as an administrator sets it, and a new visitor of the monitor gets it.
 */
describe('public pages are accessible (WCAG 2.2 AA)', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let slv: string;
  let token: string;
  let pages: { path: string; ready: string }[];

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    [{ id: slv }] = (await queryRows<{ id: string }>(
      portal.database.db,
      sql`SELECT id FROM organizations WHERE short_name = 'SLV'`,
    )) as [{ id: string }];
    const [contract] = await queryRows<{ id: string; supplier: string }>(
      portal.database.db,
      sql`SELECT id, supplier_id AS supplier FROM contracts
          WHERE organization_id = ${slv} AND supplier_id IS NOT NULL AND deleted_at IS NULL
          ORDER BY total_or_max_amount DESC LIMIT 1`,
    );
    pages = [
      { path: '/', ready: 'Millones de pesos por trimestre' },
      { path: '/contracts', ready: 'Limpiar filtros' },
      { path: `/contracts/${contract!.id}`, ready: 'Regresar' },
      { path: '/suppliers', ready: 'Limpiar filtros' },
      { path: `/suppliers/${contract!.supplier}`, ready: 'Regresar' },
      { path: '/calculations/corruption-index', ready: 'Índice de Riesgo de Corrupción' },
      { path: '/comparations', ready: 'Comparar' },
      { path: '/resources', ready: 'Artículos, marco legal' },
      { path: '/about', ready: 'Regresar al inicio' },
      { path: '/privacy', ready: 'Regresar al inicio' },
      { path: '/accessibility', ready: 'Declaración de accesibilidad' },
      { path: '/contact', ready: 'Regresar al inicio' },
      { path: '/login', ready: 'Correo electrónico' },
      { path: '/forgot-password', ready: 'Correo electrónico' },
      { path: '/select-organization', ready: 'Municipio de Santa Lucía del Valle' },
      { path: '/no-existe', ready: 'PÁGINA NO ENCONTRADA' },
    ];
    await addAdministrator(portal.database.db, {
      email: 'temas@example.org',
      password: 'clave-de-temas-1',
      name: 'Tere',
      lastName: 'Temas',
    });
    const login = await fetch(`${portal.baseUrl}/public-api/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'temas@example.org', password: 'clave-de-temas-1' }),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /** The monitor's theme, changed as its administrator changes it. */
  async function setTheme(theme: ThemeName) {
    const response = await fetch(`${portal.baseUrl}/api/settings/change-theme`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-current-organization-id': slv,
      },
      body: JSON.stringify({ theme }),
    });
    expect(response.status).toBe(200);
  }

  /** A new visitor who chooses Santa Lucía, on this device. */
  async function visitor(viewport: typeof DESKTOP): Promise<WatchedPage> {
    // The demonstration's resources show images of hosts that do not exist on this machine.
    const watched = await openWatchedPage(browser, { viewport, expectedConsole: /ERR_NAME_NOT_RESOLVED/ });
    await watched.page.goto(`${portal.baseUrl}/select-organization`);
    await watched.page
      .getByRole('button', { name: /Seleccionar Municipio de Santa Lucía del Valle/ })
      .click();
    await watched.page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    return watched;
  }

  async function show(page: Page, path: string) {
    const { ready } = pages.find((candidate) => candidate.path === path)!;
    await navigateInApp(page, path);
    // Attached: on a phone some of these texts sit in a folded panel.
    await page.getByText(ready).first().waitFor({ state: 'attached' });
    await settled(page);
  }

  /** Every listed screen, one visitor of the theme on this device, with the given rules. */
  async function sweep(theme: ThemeName, viewport: typeof DESKTOP, paths: string[], rules?: string[]) {
    await setTheme(theme);
    const { context, page } = await visitor(viewport);
    expect(await page.evaluate(() => document.body.className)).toBe(`theme-body ${theme}`);
    for (const path of paths) {
      await show(page, path);
      await expectAccessible(page, `${path}, ${viewport.width} px, theme ${theme}`, rules);
    }
    return { context, page };
  }

  const everyPage = () => pages.map(({ path }) => path);

  it('every public page passes every rule on a desktop', async () => {
    const { context } = await sweep('default', DESKTOP, everyPage());
    await context.close();
  });

  it('every public page passes every rule on a 360-px phone, also with the menu open', async () => {
    const { context, page } = await sweep('default', PHONE, everyPage());
    await show(page, '/contracts');
    await page.getByRole('button', { name: 'Menú', exact: true }).click();
    await page.getByRole('button', { name: 'Cerrar menú' }).waitFor();
    await expectAccessible(page, 'the phone menu open');
    await context.close();
  });

  it.each(OTHER_THEMES)('every public page reads well in the %s theme on a desktop', async (theme) => {
    const { context } = await sweep(theme, DESKTOP, everyPage(), COLOUR_RULES);
    await context.close();
  });

  // The phone's own layout (cards for rows, the menu) in the lightest theme, where contrast is hardest.
  it('every public page reads well in the yellow theme on a phone', async () => {
    const { context } = await sweep('yellow', PHONE, everyPage(), COLOUR_RULES);
    await context.close();
  });

  it('the screens the theme colours most read well in all 14 themes', async () => {
    for (const theme of THEME_NAMES.filter((name) => name !== 'default' && !OTHER_THEMES.includes(name))) {
      const { context } = await sweep(theme, DESKTOP, MOST_COLOURED, COLOUR_RULES);
      await context.close();
    }
  });

  it('the keyboard skips to the content, charts speak Spanish, a filter is announced, labels are whole at 200 % zoom', async () => {
    const { context, page } = await visitor(DESKTOP);
    await page.goto(`${portal.baseUrl}/`);
    await page.getByRole('heading', { name: 'Millones de pesos por trimestre' }).waitFor();
    // The first Tab reaches the skip link; following it puts the focus on the page's content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Saltar al contenido principal',
    );
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenido');
    // The charts' text alternatives are Spanish; the charting library's English one is gone.
    await settled(page);
    expect(await page.getByRole('img', { name: /^Gráfica/ }).count()).toBeGreaterThanOrEqual(2);
    expect(await page.content()).not.toContain('This is a chart');
    // A filter changes the charts, and a screen reader is told.
    await page.getByRole('combobox', { name: 'Ejercicio' }).click();
    await page.getByRole('option', { name: '2025', exact: true }).click();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect
      .poll(() => page.getByTestId('charts-status').textContent())
      .toMatch(/^Gráficas actualizadas: /);
    await context.close();

    // 200 % zoom on a 360-px phone: 180 CSS pixels. Every document button shows its whole label.
    const zoomed = await visitor({ width: 180, height: 740 });
    const [contract] = pages.filter(({ path }) => path.startsWith('/contracts/'));
    await zoomed.page.goto(`${portal.baseUrl}${contract!.path}`);
    const files = zoomed.page
      .getByRole('heading', { name: 'Archivos' })
      .locator('xpath=..')
      .getByRole('button');
    await files.first().waitFor();
    const cut = await files.evaluateAll((buttons) =>
      buttons
        .map((button) => button.querySelector('.mantine-Button-label') as HTMLElement)
        .filter((label) => label.scrollWidth > label.clientWidth || label.scrollHeight > label.clientHeight)
        .map((label) => label.textContent),
    );
    expect(cut).toEqual([]);
    await zoomed.context.close();
  });
});
