import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_NAMES, type ThemeName } from '../../src/shared/constants/themes';
import {
  COLOUR_RULES,
  DESKTOP,
  expectAccessible,
  navigateInApp,
  PHONE,
  type PublicPage,
  publicPages,
  returningVisitor,
  showDrawn,
} from '../fixtures/accessibility';
import { addAdministrator, apiToken } from '../fixtures/admin';
import { launchBrowser } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

/** The themes every public page is also checked in: a saturated one and the two lightest. */
const OTHER_THEMES: ThemeName[] = ['purple', 'yellow', 'sky'];
/**
 * The screens where the theme colours most text: the sign-in panel, and the contracts list (the
 * header and its menu, filter buttons and tags, links, badges, pagination, as on the home).
 */
const MOST_COLOURED = ['/login', '/contracts'];

/**
 * The public pages in other themes (issue 29): a theme changes colours only, so the rules colours
 * decide (contrast of text and of links) run on every page in three other themes, on a desktop and
 * on a phone, and on the screens the theme colours most in all 14. Each theme is set
 * as an administrator sets it, and a visitor of the monitor gets it from the server.
 */
describe('public pages read well in every theme (WCAG 2.2 AA)', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let monitor: { id: string; round: boolean };
  let pages: PublicPage[];
  let token: string;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    ({ monitor, pages } = await publicPages(portal));
    await addAdministrator(portal.database.db, {
      email: 'temas@example.org',
      password: 'clave-de-temas-1',
      name: 'Tere',
      lastName: 'Temas',
    });
    token = await apiToken(portal.baseUrl, 'temas@example.org', 'clave-de-temas-1');
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /**
   * The listed screens in a theme, on each device in turn (the same visitor's window resized, as a
   * phone turned or a window narrowed): the colour rules on each.
   */
  async function sweep(theme: ThemeName, viewports: (typeof DESKTOP)[], paths: string[]) {
    const changed = await fetch(`${portal.baseUrl}/api/settings/change-theme`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-current-organization-id': monitor.id,
      },
      body: JSON.stringify({ theme }),
    });
    expect(changed.status).toBe(200);
    const screens = paths.map((path) => pages.find((page) => page.path === path)!);
    const { context, page } = await returningVisitor(
      browser,
      portal,
      { ...monitor, theme },
      viewports[0]!,
      screens[0]!,
    );
    expect(await page.evaluate(() => document.body.className)).toBe(`theme-body ${theme}`);
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      for (const screen of screens) {
        await navigateInApp(page, screen.path);
        await showDrawn(page, screen);
        await expectAccessible(page, `${screen.path}, ${viewport.width} px, theme ${theme}`, COLOUR_RULES);
      }
    }
    await context.close();
  }

  const everyPage = () => pages.map(({ path }) => path);

  it.each(OTHER_THEMES)(
    'every public page reads well in the %s theme, on a desktop and a phone',
    async (theme) => {
      // The phone's own layout: cards for rows, the folded filters, the menu button.
      await sweep(theme, [DESKTOP, PHONE], everyPage());
    },
  );

  // The default theme passes every rule in accessibility.e2e.test.ts; the other three above. One
  // test per theme: each sweep has its own time, however busy the machine.
  it.each(THEME_NAMES.filter((name) => name !== 'default' && !OTHER_THEMES.includes(name)))(
    'the screens the theme colours most read well in the %s theme',
    async (theme) => {
      await sweep(theme, [DESKTOP], MOST_COLOURED);
    },
  );
});
