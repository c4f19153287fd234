import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEMES, type ThemeName } from '../../src/shared/constants/themes';
import {
  COLOUR_RULES,
  DESKTOP,
  expectAccessible,
  navigateInApp,
  PHONE,
  settled,
} from '../fixtures/accessibility';
import { addAdministrator, chooseMonitor, signIn } from '../fixtures/admin';
import { launchBrowser, openWatchedPage, type WatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const EMAIL = 'accesible@example.org';
const PASSWORD = 'clave-accesible-1';

/** The administration's screens, as a GENERAL administrator with every permission sees them. */
const SCREENS = [
  '/admin',
  '/admin/profile',
  '/admin/users',
  '/admin/suppliers',
  '/admin/administrative-units',
  '/admin/organizations',
  '/admin/resources',
  '/admin/calculations',
  '/admin/contracts',
  '/admin/settings',
  '/admin/data-load',
];

/**
 * WCAG 2.2 AA on the administration's main screens (issue 29), checked by axe-core in Chromium:
 * every rule on a desktop and a 360-px phone in the default theme (with a form open and the
 * phone's menu open), and the colour rules in three other themes chosen on the settings screen.
 */
describe('administration screens are accessible (WCAG 2.2 AA)', () => {
  let portal: RunningPortal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    await addAdministrator(portal.database.db, {
      email: EMAIL,
      password: PASSWORD,
      name: 'Ana',
      lastName: 'Accesible',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  async function administrator(viewport: typeof DESKTOP, { audit = true } = {}): Promise<WatchedPage> {
    const watched = await openWatchedPage(browser, { viewport });
    await watched.page.goto(`${portal.baseUrl}/login`);
    await watched.page.getByLabel('Correo electrónico').waitFor();
    if (audit) await expectAccessible(watched.page, `/login, ${viewport.width} px`);
    await signIn(watched.page, EMAIL, PASSWORD);
    await chooseMonitor(watched.page);
    await watched.page.waitForURL(/\/admin$/);
    return watched;
  }

  /** A screen drawn: its title shown, nothing loading any more. */
  async function show(page: Page, path: string) {
    await navigateInApp(page, path);
    await page.waitForURL((url) => url.pathname === path);
    await page.locator('main h1').first().waitFor();
    await settled(page);
  }

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`every main screen passes every rule on a ${device}, also with a form and the menu open`, async () => {
      const { context, page } = await administrator(viewport);
      for (const path of SCREENS) {
        await show(page, path);
        await expectAccessible(page, `${path}, ${viewport.width} px`);
      }
      await show(page, '/admin/suppliers');
      await page.getByRole('button', { name: 'Nuevo proveedor' }).click();
      const form = page.getByRole('dialog');
      await form.getByRole('button', { name: 'Guardar' }).waitFor();
      await expectAccessible(page, `the supplier form, ${viewport.width} px`);
      // The form's close button is named, and it is where focus lands first.
      await form.getByRole('button', { name: 'Cerrar' }).click();
      await form.waitFor({ state: 'detached' });
      if (device === 'phone') {
        const menu = page.getByRole('button', { name: 'Menú', exact: true });
        await menu.click();
        expect(await menu.getAttribute('aria-expanded')).toBe('true');
        await page
          .getByRole('navigation', { name: 'Secciones de la administración' })
          .getByRole('link', { name: 'Contratos' })
          .waitFor();
        await expectAccessible(page, 'the menu open on a phone');
      }
      await context.close();
    });
  }

  it('every main screen reads well in the purple, yellow and sky themes, on a desktop and a phone', async () => {
    const { context, page } = await administrator(DESKTOP, { audit: false });
    for (const theme of ['purple', 'yellow', 'sky'] as ThemeName[]) {
      await page.setViewportSize(DESKTOP);
      await show(page, '/admin/settings');
      await page.getByRole('tab', { name: 'Personalización de la plataforma' }).click();
      await page.getByRole('button', { name: 'Cambiar tema' }).click();
      await page.getByRole('button', { name: `${THEMES[theme].label}, tema` }).click();
      await page.waitForFunction((name) => document.body.classList.contains(name), theme);
      // The same window at a desktop's width, then narrowed to a phone's.
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        for (const path of SCREENS) {
          await show(page, path);
          await expectAccessible(page, `${path}, ${viewport.width} px, theme ${theme}`, COLOUR_RULES);
        }
      }
    }
    await context.close();
  });
});
