import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { formatCount, formatMoney } from '../../src/shared/format/money';
import { CHART_SERIES } from '../../src/shared/schemas/landing';
import {
  expectFitsTheScreen,
  launchBrowser,
  openWatchedPage,
  QUIET,
  type WatchedPage,
} from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const GREEN = CHART_SERIES.find((series) => series.key === 'PUBLIC')!.color;

/**
 * A visitor browsing a monitor in Chromium: charts, filtered lists, details, downloads and shared
 * links. Every figure read from the screen is checked against plain SQL on the same database.
 */
describe('browsing a monitor in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let watched: WatchedPage;
  let slv: { id: string; period: string };

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const [row] = await queryRows<{ id: string; period: string }>(
      portal.database.db,
      sql`SELECT id, default_administration_period AS period FROM organizations WHERE short_name = 'SLV'`,
    );
    slv = row!;
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  beforeEach(async () => {
    watched = await openWatchedPage(browser, { acceptDownloads: true });
    ({ context, page } = watched);
  });
  afterEach(async () => {
    await context.close();
  });

  const url = (path: string) => `${portal.baseUrl}${path}`;

  async function chooseSantaLucia(target: Page = page) {
    await target.goto(url('/select-organization'));
    await target.getByRole('button', { name: /Seleccionar Municipio de Santa Lucía del Valle/ }).click();
    await target.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
  }

  /** The money and count of SLV's contracts matching a condition, under the one rule for money. */
  async function expected(where: SQL) {
    const [row] = await queryRows<{ listed: number; amount: string }>(
      portal.database.db,
      sql`SELECT count(*)::int AS listed,
                 coalesce(sum(total_or_max_amount) FILTER (WHERE counts_in_totals), 0)::text AS amount
          FROM contracts WHERE organization_id = ${slv.id} AND deleted_at IS NULL AND ${where}`,
    );
    return { listed: row!.listed, amount: formatMoney(Number(row!.amount)) };
  }

  const tile = (target: Page, label: string) =>
    target
      .locator('.mantine-Paper-root', { has: target.getByText(label, { exact: true }) })
      .locator('p')
      .nth(1);

  it('home: both charts draw, and their total is the contracts total of the default period', async () => {
    await chooseSantaLucia();
    const want = await expected(sql`administration_period = ${slv.period}`);
    await page.getByRole('heading', { name: 'Millones de pesos por trimestre' }).scrollIntoViewIfNeeded();
    // Bars and the ring's slices are drawn in the public-tender green.
    await page.getByTestId('chart-period').locator(`svg path[fill="${GREEN}"]`).first().waitFor();
    await page.getByTestId('chart-procedure').locator(`svg path[fill="${GREEN}"]`).first().waitFor();
    expect(await page.getByTestId('donut-total').textContent()).toBe(`Total: ${want.amount} MXN`);
    // The chart's numbers are also offered as a table.
    await page.getByTestId('chart-period').getByText('Ver los datos en una tabla').click();
    expect(await page.getByTestId('chart-period').locator('tbody tr').count()).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Ir a Contratos' }).click();
    await page.waitForURL(/\/contracts/);
    await expect.poll(() => tile(page, 'Monto total').textContent()).toBe(want.amount);
    expect(await page.getByText(`${formatCount(want.listed)} contratos`, { exact: true }).isVisible()).toBe(
      true,
    );
  });

  it('contracts: filters go into the address, figures match the database, and a contract opens with its documents', async () => {
    await chooseSantaLucia();
    await page.goto(url('/contracts'));
    await page.getByText('Administración: ', { exact: false }).first().waitFor();
    await page.getByRole('combobox', { name: 'Ejercicio' }).click();
    await page.getByRole('option', { name: '2025', exact: true }).click();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/ejercicio=2025/);
    const address = new URL(page.url());
    expect(address.searchParams.get('administracion')).toBe(slv.period);
    expect(address.searchParams.get('pagina')).toBe('1');

    const want = await expected(sql`administration_period = ${slv.period} AND fiscal_year = '2025'`);
    await page.getByText(`${formatCount(want.listed)} contratos`, { exact: true }).waitFor();
    expect(await tile(page, 'Monto total').textContent()).toBe(want.amount);

    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await page.waitForURL(/pagina=2/);
    const listAddress = page.url();
    const [largest] = await queryRows<{ id: string; description: string; document: string | null }>(
      portal.database.db,
      sql`SELECT id, services_description AS description, contract_url AS document FROM contracts
          WHERE organization_id = ${slv.id} AND deleted_at IS NULL
            AND administration_period = ${slv.period} AND fiscal_year = '2025'
          ORDER BY total_or_max_amount DESC NULLS LAST, id DESC OFFSET 10 LIMIT 1`,
    );
    await page.locator(`a[href="/contracts/${largest!.id}"]`).first().click();
    await page.getByRole('heading', { level: 1, name: largest!.description }).waitFor();

    await page.getByRole('button', { name: /^Contrato/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Documento original', { exact: true }).waitFor();
    await dialog.getByText('Copia de respaldo', { exact: true }).waitFor();
    if (largest!.document) {
      expect(await dialog.getByRole('link', { name: largest!.document }).getAttribute('href')).toBe(
        largest!.document,
      );
    } else {
      await dialog.getByText('El documento original no está disponible.').waitFor();
    }
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Regresar a contratos' }).click();
    await page.waitForURL(listAddress);
    await page.getByText('Ejercicio: 2025').waitFor();
  });

  it("suppliers: a supplier's page repeats its row's figures, and the XLSX adds up to the screen's TOTAL", async () => {
    await chooseSantaLucia();
    await page.goto(url('/suppliers'));
    const firstRow = page.locator('tbody tr').first();
    await firstRow.waitFor();
    // Long names are cut at 30 characters in the table; the whole name is in the tooltip and, for
    // screen readers, in a visually hidden part of the cell.
    const nameCell = firstRow.locator('td').first();
    const whole = nameCell.locator('.mantine-VisuallyHidden-root');
    const name = (await whole.count()) ? (await whole.textContent())! : (await nameCell.textContent())!;
    const rowTotal = (await firstRow.locator('td').nth(4).textContent())!;
    const screenTotal = (await page.locator('tfoot tr td').nth(4).textContent())!;
    const count = (await page.getByText(/^[\d,]+ proveedores$/).textContent())!;
    expect(screenTotal).toBe((await expected(sql`administration_period = ${slv.period}`)).amount);

    await page.getByRole('button', { name: 'Descargar' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click(),
    ]);
    await page.getByText('Tu documento se descargará en un momento...').waitFor();
    expect(download.suggestedFilename()).toMatch(/^vigia-proveedores-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.getWorksheet('Proveedores')!;
    let sum = 0;
    sheet.eachRow((row, number) => {
      if (number > 1) sum += Number(row.getCell(6).value);
    });
    expect(`${formatCount(sheet.rowCount - 1)} proveedores`).toBe(count);
    expect(formatMoney(sum)).toBe(screenTotal);
    await page.keyboard.press('Escape');

    await firstRow.getByRole('link', { name: 'Ver más' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(new URL(page.url()).searchParams.get('administracion')).toBe(slv.period);
    await expect.poll(() => tile(page, 'Monto total').textContent()).toBe(rowTotal);
    await page.getByRole('link', { name: 'Regresar a proveedores' }).click();
    await page.waitForURL(/\/suppliers(\?|$)/);
  });

  it('Share copies the filtered address naming the monitor; another browser opens the same view', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.baseUrl });
    await chooseSantaLucia();
    await page.goto(url('/contracts?ejercicio=2024&trimestre=4o%202024&pagina=1'));
    const count = await page.getByText(/^[\d,]+ contratos$/).textContent();
    await page.getByRole('button', { name: 'Compartir' }).click();
    await page.getByText('Se ha copiado el enlace correctamente').waitFor();
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.pathname).toBe('/contracts');
    expect(copied.searchParams.get('ejercicio')).toBe('2024');
    expect(copied.searchParams.get('trimestre')).toBe('4o 2024');
    expect(copied.searchParams.get('changeOrganization')).toBe(slv.id);

    // Someone who last looked at another monitor opens the link.
    const other = await browser.newContext({ ...QUIET, viewport: { width: 1280, height: 800 } });
    try {
      const visitor = await other.newPage();
      await visitor.goto(url('/select-organization'));
      await visitor.getByRole('button', { name: /Seleccionar Comisión Estatal del Agua/ }).click();
      await visitor.getByRole('heading', { name: 'Monitor del Agua' }).waitFor();
      await visitor.goto(copied.toString());
      await visitor.waitForURL(
        (address) => address.pathname === '/contracts' && !address.search.includes('change'),
      );
      await visitor.locator('header').getByText('SLV').waitFor();
      await visitor.getByText('Ejercicio: 2024').waitFor();
      await expect.poll(() => visitor.getByText(/^[\d,]+ contratos$/).textContent()).toBe(count);
    } finally {
      await other.close();
    }
  });

  it('on a 360-pixel phone: contracts as cards, filters folded, charts within the screen width', async () => {
    const phone = await browser.newContext({
      ...QUIET,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const mobile = await phone.newPage();
      await chooseSantaLucia(mobile);
      await mobile.getByTestId('chart-procedure').scrollIntoViewIfNeeded();
      await mobile.getByTestId('chart-procedure').locator(`svg path[fill="${GREEN}"]`).first().waitFor();
      await expectFitsTheScreen(mobile);

      await mobile.goto(url('/contracts'));
      await mobile.getByRole('button', { name: 'Filtros (1)' }).waitFor();
      expect(await mobile.getByRole('button', { name: 'Filtrar' }).isVisible()).toBe(false);
      await mobile.getByRole('link', { name: 'Ver más' }).first().waitFor();
      expect(await mobile.locator('table').count()).toBe(0);
      await expectFitsTheScreen(mobile);
    } finally {
      await phone.close();
    }
  });

  it("another monitor's contract or supplier is not found here, and a failed list load says so", async () => {
    // The browser reports the simulated failures and the 404s as failed resources: expected here.
    watched.expectedConsole = /status of (404|400|500)/;
    const [foreign] = await queryRows<{ contract: string; supplier: string }>(
      portal.database.db,
      sql`SELECT c.id AS contract, c.supplier_id AS supplier FROM contracts c
          JOIN organizations o ON o.id = c.organization_id
          WHERE o.short_name = 'CEANV' AND c.supplier_id IS NOT NULL LIMIT 1`,
    );
    await chooseSantaLucia();
    await page.goto(url(`/contracts/${foreign!.contract}`));
    await page.getByText('El contrato solicitado no existe.').waitFor();
    await page.goto(url(`/suppliers/${foreign!.supplier}`));
    await page.getByText('El proveedor solicitado no existe.').waitFor();
    await page.goto(url('/contracts/not-an-id'));
    await page.getByText('El contrato solicitado no existe.').waitFor();

    await page.route('**/public-api/contracts/filtered-list**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: true, code: 'INTERNAL', message: 'Falla simulada.' }),
      }),
    );
    await page.goto(url('/contracts'));
    await page.getByText('Hubo un error al cargar el listado Falla simulada.').waitFor();
    expect(await page.locator('a[href^="/contracts/"]').count()).toBe(0);
  });

  it('About, the privacy notice and the accessibility statement are readable without choosing a monitor', async () => {
    await page.goto(url('/about'));
    await page.getByRole('heading', { level: 1, name: 'Acerca de' }).waitFor();
    await page.goto(url('/privacy'));
    await page.getByRole('heading', { level: 1, name: 'Aviso de Privacidad' }).waitFor();
    await page.getByRole('link', { name: 'Derechos ARCO' }).click();
    await page.waitForURL(/#derechos-arco$/);
    await page.goto(url('/accessibility'));
    await page.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' }).waitFor();
  });
});
