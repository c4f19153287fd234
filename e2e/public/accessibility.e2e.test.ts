import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  navigateInApp,
  PHONE,
  type PublicPage,
  publicPages,
  returningVisitor,
  showDrawn,
} from '../fixtures/accessibility';
import { launchBrowser } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

/**
 * WCAG 2.2 AA on every public page (issue 29), checked by axe-core in Chromium with every rule, in
 * the default theme, on a desktop and a 360-px phone; and what axe cannot judge: the skip link, the
 * charts' Spanish alternatives, the announcement of a filter, labels at 200 % zoom. The other
 * themes: accessibility-themes.e2e.test.ts.
 */
describe('public pages are accessible (WCAG 2.2 AA)', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let monitor: { id: string; round: boolean };
  let pages: PublicPage[];

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    ({ monitor, pages } = await publicPages(portal));
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const visitor = (viewport: typeof DESKTOP, first = pages[0]!) =>
    returningVisitor(browser, portal, { ...monitor, theme: 'default' }, viewport, first);

  // One test per device: each has its own time, however busy the machine (all 16 pages twice in one
  // test came to the 90-s limit while the suite's other files shared the cores).
  it.each([
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ] as const)('every public page passes every rule on %s', async (_, viewport) => {
    const { context, page } = await visitor(viewport);
    for (const screen of pages) {
      await navigateInApp(page, screen.path);
      await showDrawn(page, screen);
      await expectAccessible(page, `${screen.path}, ${viewport.width} px`);
    }
    if (viewport === PHONE) {
      await navigateInApp(page, '/contracts');
      await page.getByRole('button', { name: 'Menú', exact: true }).click();
      await page.getByRole('button', { name: 'Cerrar menú' }).waitFor();
      await expectAccessible(page, 'the phone menu open');
    }
    await context.close();
  });

  it('the keyboard skips to the content, charts speak Spanish, a filter is announced, labels are whole at 200 % zoom', async () => {
    const { context, page } = await visitor(DESKTOP);
    // The first Tab reaches the skip link; following it puts the focus on the page's content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Saltar al contenido principal',
    );
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenido');
    // The charts' text alternatives are Spanish; the charting library's English one is gone.
    expect(await page.getByRole('img', { name: /^Gráfica/ }).count()).toBeGreaterThanOrEqual(2);
    expect(await page.content()).not.toContain('This is a chart');
    // A filter changes the charts, and a screen reader is told.
    await page.getByRole('combobox', { name: 'Ejercicio' }).click();
    await page.getByRole('option', { name: '2025', exact: true }).click();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect
      .poll(() => page.getByTestId('charts-status').textContent())
      .toMatch(/^Gráficas actualizadas: /);
    // The check itself finds a failure when there is one: faint grey text added to the page.
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'Texto tenue de prueba';
      faint.style.color = '#c8c8c8';
      document.querySelector('main')!.prepend(faint);
    });
    const failure = await expectAccessible(page, 'faint text added').then(
      () => null,
      (error: { actual?: unknown }) => error,
    );
    expect(JSON.stringify(failure?.actual)).toContain('color-contrast');
    await context.close();

    // 200 % zoom on a 360-px phone: 180 CSS pixels. Every document button shows its whole label.
    const contract = pages.find(({ path }) => path.startsWith('/contracts/'))!;
    const zoomed = await visitor({ width: 180, height: 740 }, contract);
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
