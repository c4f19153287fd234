import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount, formatMoney } from '../../src/shared/format/money';
import { expectFitsTheScreen, launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

/**
 * A visitor compares monitors in Chromium: with another monitor of this portal (both gauges, the
 * money and counts equal to what the server computes, the general data paired, the XLSX's totals
 * equal to the screen's, another period for the right side), and with a monitor of another portal
 * found by its address (a second portal on loopback, allow-listed); a refused address and an empty
 * search say so; on a 360-px phone nothing scrolls sideways.
 */
describe('comparing monitors in Chromium', () => {
  let portal: RunningPortal;
  let other: RunningPortal;
  let browser: Browser;

  beforeAll(async () => {
    [portal, other] = await Promise.all([
      startPortal({ PEERS_ALLOW_PRIVATE: '127.0.0.1/32' }),
      startPortal(),
    ]);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([portal?.stop(), other?.stop()]);
  });

  type Side = {
    organization: { _id: string; shortName: string };
    totals: { total: number; noBid: number };
    counts: { total: number };
    administrationPeriods: string[];
  };
  async function detail(query: string): Promise<Side> {
    const response = await fetch(`${portal.baseUrl}/public-api/comparations/detail?${query}`);
    return ((await response.json()) as { data: Side }).data;
  }

  async function open(viewport = { width: 1280, height: 900 }) {
    const watched = await openWatchedPage(browser, {
      viewport,
      acceptDownloads: true,
      // A refused address is answered 422 and the browser logs the failed request.
      expectedConsole: /status of 422/,
    });
    const { page } = watched;
    await page.goto(`${portal.baseUrl}/select-organization?redirectTo=/comparations`);
    await page.getByRole('button', { name: /Seleccionar Municipio de Santa Lucía del Valle/ }).click();
    await page.waitForURL(/\/comparations$/);
    return watched;
  }

  it('compares with another monitor here: gauges, money, counts, general data, another period and the XLSX', async () => {
    const { context, page } = await open();
    await page.getByRole('heading', { name: 'Comparar monitores' }).waitFor();
    const cards = page.getByTestId('comparison-monitor');
    await cards.first().waitFor();
    const names = await cards.locator('p').allTextContents();
    // The current monitor is not offered.
    expect(names.join(' ')).toContain('NVIZ');
    expect(names.join(' ')).not.toContain('SLV');
    await page.getByRole('link', { name: 'Comparar Gobierno del Estado de Nueva Vizcaya' }).click();
    await page.waitForURL(/\/comparations\/[0-9a-f-]{36}$/);
    const nviz = page.url().split('/').at(-1)!;

    const left = page.getByTestId('left-side');
    const right = page.getByTestId('right-side');
    await right.waitFor();
    await left.getByText('SLV', { exact: true }).waitFor();
    await right.getByText('NVIZ', { exact: true }).waitFor();
    for (const [side, level] of [
      [left, 'MEDIO'],
      [right, 'BAJO'],
    ] as const) {
      const gauge = side.getByRole('img', { name: /Índice de riesgo de corrupción \w+: [\d.]+ de 100/ });
      expect(await gauge.locator('line').count()).toBe(1);
      expect(await side.getByTestId('side-level').textContent()).toBe(level);
    }
    await page.getByTestId('same-method').waitFor();

    // The money and the counts are the server's, each side in its own default period.
    const [ours, theirs] = await Promise.all([
      detail(`id=${(await portalMonitor('SLV')) ?? ''}`),
      detail(`id=${nviz}`),
    ]);
    expect(await moneyTotal(page, 'left').textContent()).toBe(formatMoney(ours.totals.total));
    expect(await moneyTotal(page, 'right').textContent()).toBe(formatMoney(theirs.totals.total));
    const counts = page.getByTestId('comparison-counts').locator('tr[data-row="total"]');
    expect(await counts.locator('td[data-side="left"]').textContent()).toBe(formatCount(ours.counts.total));
    expect(await counts.locator('td[data-side="right"]').textContent()).toBe(
      formatCount(theirs.counts.total),
    );
    const general = page.getByTestId('comparison-general');
    // Paired by stable key: one row with both monitors' values.
    const folio = general.locator('tr[data-row]').filter({ hasText: '% de contratos con folio' });
    expect(await folio.count()).toBe(1);
    expect(await folio.locator('td[data-side="left"]').textContent()).toMatch(/^\d+\.\d{2,4}%$/);
    expect(await folio.locator('td[data-side="right"]').textContent()).toMatch(/^\d+\.\d{2,4}%$/);

    await page.getByRole('button', { name: '¿Cómo se calcula?' }).click();
    const modal = page.getByRole('dialog', { name: '¿Cómo se calcula?' });
    await modal
      .getByText(
        'Ambos índices usan la misma metodología: las mismas fórmulas, escalas y filtros en el índice, sus ejes e indicadores.',
      )
      .waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    // The XLSX is computed by the server: its totals are the screen's.
    await page.getByRole('button', { name: 'Descargar' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click(),
    ]);
    await page.getByText('Tu documento se descargará en un momento...').waitFor();
    expect(download.suggestedFilename()).toMatch(/^vigia-comparacion-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const total = book.getWorksheet('Montos')!.getRow(5);
    expect(total.getCell(1).value).toBe('Total');
    expect(formatMoney(Number(total.getCell(2).value))).toBe(await moneyTotal(page, 'left').textContent());
    expect(formatMoney(Number(total.getCell(4).value))).toBe(await moneyTotal(page, 'right').textContent());
    await page.keyboard.press('Escape');

    // Another administration for the chosen monitor: kept in the address, its figures shown.
    const period = theirs.administrationPeriods.find((value) => value !== '2024-2027')!;
    await right.getByRole('combobox', { name: /Administración/ }).click();
    await page.getByRole('option', { name: period }).click();
    await page.waitForURL((address) => address.searchParams.get('administracionComparada') === period);
    const older = await detail(`id=${nviz}&administrationPeriod=${period}`);
    await expect.poll(() => moneyTotal(page, 'right').textContent()).toBe(formatMoney(older.totals.total));

    // The comparison shown is among the monitor's recent ones.
    await page.getByRole('link', { name: 'Regresar a comparar monitores' }).click();
    await page.getByTestId('recent-comparisons').getByRole('link', { name: /NVIZ/ }).waitFor();
    await context.close();
  });

  it("finds another portal's monitors by its address and compares with one of them", async () => {
    const { context, page } = await open();
    await page.getByRole('textbox', { name: 'Buscar monitor' }).fill(`  ${other.baseUrl}/contracts `);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Monitores de ${other.baseUrl}` }).waitFor();
    // Another portal lists all its monitors, the one with our monitor's name too.
    await expect.poll(() => page.getByTestId('comparison-monitor').count()).toBe(3);
    await page.getByRole('link', { name: 'Comparar Comisión Estatal del Agua de Nueva Vizcaya' }).click();
    await page.waitForURL((address) => address.searchParams.get('baseRemoteUrl') === other.baseUrl);
    const right = page.getByTestId('right-side');
    await right.waitFor();
    await right.getByText(new URL(other.baseUrl).host, { exact: false }).waitFor();
    expect(await right.getByTestId('side-level').textContent()).toBe('ALTO');
    const home = right.getByRole('link', { name: /Ir a Inicio/ });
    expect(await home.getAttribute('href')).toBe(`${other.baseUrl}/select-organization`);
    expect(await home.getAttribute('target')).toBe('_blank');
    // The right side is what the other portal computes.
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    const there = (await (
      await fetch(`${other.baseUrl}/public-api/comparations/detail?id=${id}`)
    ).json()) as {
      data: Side;
    };
    expect(await moneyTotal(page, 'right').textContent()).toBe(formatMoney(there.data.totals.total));
    await page.getByTestId('same-method').waitFor();

    await page.getByRole('link', { name: 'Regresar a comparar monitores' }).click();
    await page
      .getByTestId('recent-comparisons')
      .getByRole('link', { name: new RegExp(`CEANV.*${new URL(other.baseUrl).host}`) })
      .waitFor();
    await context.close();
  });

  it('says why an address is refused and when nothing matches; nothing scrolls sideways on a phone', async () => {
    const { context, page } = await open({ width: 360, height: 740 });
    const search = page.getByRole('textbox', { name: 'Buscar monitor' });
    await search.fill('http://10.1.2.3');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page
      .getByTestId('search-error')
      .getByText('La dirección apunta a una red privada o reservada; por seguridad no se consulta.')
      .waitFor();
    await search.fill('Monitor que no existe');
    await search.press('Enter');
    await page.getByText('No se han encontrado monitores que coincidan con tu búsqueda').waitFor();
    await page.getByText('Por favor intenta nuevamente').waitFor();

    await search.fill('');
    await search.press('Enter');
    await page.getByRole('link', { name: 'Comparar Gobierno del Estado de Nueva Vizcaya' }).click();
    await page.getByTestId('comparison-general').waitFor();
    await expectFitsTheScreen(page);
    await context.close();
  });

  /** The grand total of money of one side, as the screen shows it. */
  function moneyTotal(page: Page, side: 'left' | 'right') {
    return page.getByTestId('comparison-amounts').locator(`tr[data-row="total"] td[data-side="${side}"]`);
  }

  async function portalMonitor(shortName: string): Promise<string | undefined> {
    const response = await fetch(`${portal.baseUrl}/public-api/organizations/local/list`);
    const list = (await response.json()) as { _id: string; shortName: string }[];
    return list.find((monitor) => monitor.shortName === shortName)?._id;
  }
});
