import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { formatCount } from '../../src/shared/format/money';
import { expectFitsTheScreen, launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

/**
 * A visitor reads the corruption-risk index in Chromium: the gauge and the level, the method in
 * words, an indicator's link to the contracts behind it (whose count is the indicator's, and the
 * database's), another period, and the demonstration monitors' different levels.
 */
describe('the corruption-risk index page in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  beforeEach(async () => {
    ({ context, page } = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 900 },
    }));
  });
  afterEach(async () => {
    await context.close();
  });

  const url = (path: string) => `${portal.baseUrl}${path}`;
  async function choose(name: string) {
    await page.goto(url('/select-organization'));
    await page.getByRole('button', { name: new RegExp(`Seleccionar ${name}`) }).click();
    await page.waitForURL((address) => !address.pathname.startsWith('/select-organization'));
  }

  it('shows the score, its level and the method, and an indicator opens exactly its contracts', async () => {
    await choose('Municipio de Santa Lucía del Valle');
    await page.getByRole('link', { name: 'Índice de riesgo de corrupción' }).first().click();
    await page.waitForURL(/\/calculations\/corruption-index/);
    await page.getByRole('heading', { name: 'Índice de Riesgo de Corrupción (2024-2027)' }).waitFor();
    // The gauge is drawn with its needle, and says its value.
    const gauge = page.getByRole('img', { name: /Índice de riesgo de corrupción: [\d.]+ de 100/ });
    await gauge.waitFor();
    expect(await gauge.locator('line').count()).toBe(1);
    const value = Number(await page.getByTestId('index-value').textContent());
    expect(value).toBeGreaterThan(50);
    expect(value).toBeLessThanOrEqual(75);
    expect(await page.getByTestId('index-level').textContent()).toBe('MEDIO');
    await page.getByText('Probabilidad media').waitFor();
    expect(await page.getByTestId('method-version').textContent()).toMatch(/Versión del método: \d+/);

    await page.getByRole('button', { name: '¿Cómo se calcula?' }).click();
    const modal = page.getByRole('dialog', { name: '¿Cómo se calcula?' });
    await modal.getByText('1) Manejo de contrataciones').waitFor();
    await modal.getByText('3) Transparencia').waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    // '% de contratos con folio': the link lists the contracts without one.
    const indicator = page.getByTestId('indicator-$$I2');
    const link = indicator.getByRole('link', {
      name: /Ver los contratos sin número de folio \((\d[\d,]*) contratos\)/,
    });
    const shown = (await link.textContent())!.match(/\(([\d,]+) contratos\)/)![1]!;
    const [row] = await queryRows<{ n: number }>(
      portal.database.db,
      sql`SELECT count(*)::int AS n FROM contracts c JOIN organizations o ON o.id = c.organization_id
          WHERE o.short_name = 'SLV' AND c.deleted_at IS NULL AND c.administration_period = '2024-2027'
            AND c.counts_in_totals AND coalesce(c.contract_id, '') = ''`,
    );
    expect(shown).toBe(formatCount(row!.n));
    await link.click();
    await page.waitForURL(/\/contracts\?/);
    const address = new URL(page.url());
    expect(address.searchParams.get('sin-folio')).toBe('si');
    expect(address.searchParams.get('cuentan')).toBe('si');
    expect(address.searchParams.get('administracion')).toBe('2024-2027');
    await page.getByText(`${shown} contratos`, { exact: true }).waitFor();
    await page.getByText('Folio: Sin número de folio').waitFor();
    // The condition can be removed like any filter: the list grows back.
    await page.getByRole('button', { name: 'Quitar Folio: Sin número de folio' }).click();
    await page.waitForURL((next) => !next.searchParams.has('sin-folio'));
    await page.getByText(`${shown} contratos`, { exact: true }).waitFor({ state: 'detached' });
  });

  it('changes the period from the selector and keeps it in the address', async () => {
    await choose('Municipio de Santa Lucía del Valle');
    await page.goto(url('/calculations/corruption-index'));
    await page.getByRole('heading', { name: 'Índice de Riesgo de Corrupción (2024-2027)' }).waitFor();
    await page.getByRole('combobox', { name: 'Administración' }).click();
    await page.getByRole('option', { name: '2021-2024' }).click();
    await page.getByRole('heading', { name: 'Índice de Riesgo de Corrupción (2021-2024)' }).waitFor();
    expect(new URL(page.url()).searchParams.get('administracion')).toBe('2021-2024');
    await page.reload();
    await page.getByRole('heading', { name: 'Índice de Riesgo de Corrupción (2021-2024)' }).waitFor();
  });

  it('gives the demonstration monitors different levels, readable on a phone', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const levels: Record<string, string> = {};
    for (const name of [
      'Gobierno del Estado de Nueva Vizcaya',
      'Comisión Estatal del Agua de Nueva Vizcaya',
    ]) {
      await choose(name);
      await page.goto(url('/calculations/corruption-index'));
      await page.getByTestId('index-level').waitFor();
      levels[name] = (await page.getByTestId('index-level').textContent())!;
      // Nothing wider than the phone's screen.
      await expectFitsTheScreen(page);
    }
    expect(Object.values(levels)).toEqual(['BAJO', 'ALTO']);
  });
});
