import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_SHEET_COLUMNS } from '../../src/shared/contracts/fields';
import { formatMoney } from '../../src/shared/format/money';
import { DATA_LOAD_MESSAGES } from '../../src/shared/schemas/data-load';
import { expectAccessible } from '../fixtures/accessibility';
import { addAdministrator, chooseMonitor, signIn } from '../fixtures/admin';
import { expectFitsTheScreen, launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const PASSWORD = 'clave-de-carga';
const ROWS = 1_500;
const column = (code: string) => CONTRACT_SHEET_COLUMNS.findIndex((item) => item.code === code) + 1;

/** A sheet like the government's: codes, headers, then ROWS contracts; two bad dates and one repeat. */
async function governmentSheet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Formato XXVIII');
  sheet.addRow(CONTRACT_SHEET_COLUMNS.map((item) => item.code));
  sheet.addRow(CONTRACT_SHEET_COLUMNS.map((item) => item.header));
  for (let index = 1; index <= ROWS; index++) {
    const cells: Record<string, unknown> = {
      C1: index % 3 === 0 ? 'Licitación pública' : 'Adjudicación directa',
      C2: 'Servicios',
      C3: '2021-2024',
      C4: '2022',
      C5: '2o 2022',
      C6: `E2E-PROC-${index}`,
      C8: 'Concluido',
      C11: `Mantenimiento de alumbrado, lote ${index}`,
      C15: `Alumbrado del Valle ${index % 40}, S.A. de C.V.`,
      C17: 'Dirección de Obras Públicas',
      C18: 'Dirección de Obras Públicas',
      C19: 'Centralizada',
      C20: index === 30 ? 'E2E-CARGA-29' : `E2E-CARGA-${index}`,
      C21: index === 10 || index === 20 ? '31/02/2022' : '14/06/2022',
      C22: 10_000 + index * 0.5,
      C25: 10_000 + index * 0.5,
      C27: 'Tesorería',
    };
    sheet.addRow(CONTRACT_SHEET_COLUMNS.map((item) => cells[item.code] ?? null));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * An administrator with the CONTRACTS permission loads a government sheet: the browser's checks,
 * the reading's progress, the review (filters, marked cells and their tooltips, a phone's width),
 * the validations download, the corrections upload, the confirm, the notification, and one of the
 * new contracts on the public contracts page with its amount.
 */
describe('data load in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    await addAdministrator(portal.database.db, {
      email: 'carga@example.org',
      password: PASSWORD,
      name: 'Carmen',
      lastName: 'Carga',
      administratorType: 'CUSTOM',
      permissions: ['CONTRACTS'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const waitForReview = async (page: Page) => {
    await page.waitForURL((url) => url.pathname === '/admin/data-load/current', { timeout: 60_000 });
    await page.getByTestId('load-summary').waitFor({ timeout: 60_000 });
  };
  /** Confirms the load under review from its dialog, and waits for the data-load page again. */
  const confirmCurrentLoad = async (page: Page) => {
    await page.getByRole('button', { name: 'CONFIRMAR REGISTROS' }).click();
    await page
      .getByRole('dialog', { name: 'Confirmar la carga de datos' })
      .getByRole('button', { name: 'CONFIRMAR REGISTROS' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/data-load', { timeout: 60_000 });
  };
  const summaryCount = async (page: Page, label: string) =>
    Number(
      (
        await page
          .getByTestId('load-summary')
          .locator('div', { hasText: label })
          .last()
          .locator('p')
          .first()
          .innerText()
      ).replace(/,/g, ''),
    );

  it('uploads, watches the progress, reviews, corrects, confirms, and finds the contract in public', async () => {
    const { context, page } = await openWatchedPage(browser);
    await page.goto(`${portal.baseUrl}/login?redirectTo=${encodeURIComponent('/admin')}`);
    await signIn(page, 'carga@example.org', PASSWORD);
    await chooseMonitor(page);
    await page.getByRole('link', { name: 'Cargar datos' }).click();
    await page.getByRole('heading', { name: 'Carga de datos', level: 1 }).waitFor();
    await page.getByText('Aún no se ha confirmado ninguna carga de datos.').waitFor();

    await page.screenshot({ path: 'test-results/data-load-desktop.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await expectFitsTheScreen(page);
    await page.screenshot({ path: 'test-results/data-load-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    // The browser's checks: no file, then a file that is not a spreadsheet.
    await page.getByRole('button', { name: 'Cargar archivo' }).click();
    await page.getByText(DATA_LOAD_MESSAGES.noFile).waitFor();
    const chooser = page.locator('input[type="file"]').first();
    await chooser.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    await page.getByRole('button', { name: 'Cargar archivo' }).click();
    await page.getByText(DATA_LOAD_MESSAGES.notSpreadsheet).waitFor();

    // The sheet: the reading's progress, then the review.
    await chooser.setInputFiles({
      name: 'formato-xxviii.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await governmentSheet(),
    });
    await page.getByRole('button', { name: 'Cargar archivo' }).click();
    await page.getByTestId('reading-progress').waitFor();
    await page.getByText('Estamos leyendo el archivo «formato-xxviii.xlsx»').waitFor();
    await waitForReview(page);
    expect(await summaryCount(page, 'Contratos nuevos')).toBe(ROWS - 3);
    expect(await summaryCount(page, 'Contratos omitidos')).toBe(1);
    expect(await summaryCount(page, 'Registros con errores')).toBe(2);
    expect(await summaryCount(page, 'Proveedores nuevos')).toBe(40);
    await page.getByTestId('errors-banner').getByText(DATA_LOAD_MESSAGES.errorsBanner).waitFor();
    await page.getByRole('button', { name: 'IGNORAR ERRORES Y CONTINUAR' }).waitFor();

    await page.screenshot({ path: 'test-results/data-load-review-desktop.png', fullPage: true });
    // The review is readable by everyone (issue 29): its wide table reachable by keyboard, the
    // error cells' colours readable.
    await expectAccessible(page, 'the data-load review, desktop');
    // Only the rows with errors; the red cell says why.
    await page.getByLabel('Sin problemas').uncheck();
    await page.getByLabel('Omitidos').uncheck();
    await page.getByText('2 registros').waitFor();
    const badCell = page.locator('tr[data-row="12"] td[data-kind="error"]').first();
    await badCell.getByText('31/02/2022').hover();
    await page.getByRole('tooltip').getByText('La fecha no tiene un formato válido (dd/mm/aaaa)').waitFor();
    await page.getByLabel('Omitidos').check();
    await page.getByText('3 registros').waitFor();
    await page.locator('tr[data-row="32"][data-status="SKIPPED"]').waitFor();

    // A phone's width: the summary and the actions fit; the table scrolls on its own.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('button', { name: 'Descargar validaciones' }).scrollIntoViewIfNeeded();
    await expectFitsTheScreen(page);
    await page.screenshot({ path: 'test-results/data-load-review-phone.png', fullPage: true });
    await expectAccessible(page, 'the data-load review, 360 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The validations: fixed in the file and uploaded as corrections.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar validaciones' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('validaciones.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(CONTRACT_SHEET_COLUMNS.length + 1).value).toBe('Errores');
    for (const row of [12, 22]) sheet.getRow(row).getCell(column('C21')).value = '28/02/2022';
    const fixed = Buffer.from(await book.xlsx.writeBuffer());
    await page.getByTestId('corrections-input').setInputFiles({
      name: 'validaciones.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: fixed,
    });
    await page.getByTestId('reading-progress').waitFor();
    await page.getByRole('button', { name: 'CONFIRMAR REGISTROS' }).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('errors-banner').count()).toBe(0);
    expect(await summaryCount(page, 'Contratos nuevos')).toBe(ROWS - 1);

    // Confirm: irreversible, asked first; then the notification and the status card.
    await page.getByRole('button', { name: 'CONFIRMAR REGISTROS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar la carga de datos' });
    await dialog.getByText('Esta acción no se puede deshacer.').waitFor();
    await dialog.getByRole('button', { name: 'CONFIRMAR REGISTROS' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/data-load', { timeout: 60_000 });
    await page.getByTestId('last-load').getByText('subida por Carmen Carga').waitFor();
    await page.getByRole('button', { name: /Notificaciones: \d+ nuevas/ }).click();
    await page.getByText(/Carmen Carga confirmó la carga del archivo «validaciones.xlsx»/).waitFor();
    await page.keyboard.press('Escape');

    // The public contracts page shows one of the new contracts with its amount.
    await page.goto(`${portal.baseUrl}/contracts?busqueda=E2E-CARGA-1234`);
    await page.getByText('E2E-CARGA-1234').first().waitFor();
    await page
      .getByText(formatMoney(10_000 + 1234 * 0.5))
      .first()
      .waitFor();
    await context.close();
  }, 240_000);

  it('loads a format-28 workbook as published, and the public contract page shows its bidders, amendments and beneficial owners, on a desktop and a phone', async () => {
    const { workbook: file, contractNumber } = await publishedWorkbook();
    const { context, page } = await openWatchedPage(browser);
    await page.goto(`${portal.baseUrl}/login?redirectTo=${encodeURIComponent('/admin/data-load')}`);
    await signIn(page, 'carga@example.org', PASSWORD);
    await chooseMonitor(page);
    await page.getByRole('heading', { name: 'Carga de datos', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: /Administración de los registros/ }).fill('2022-2028');
    await page.keyboard.press('Escape');
    await page.locator('input[type="file"]').first().setInputFiles({
      name: 'semarnath-2024-1.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await page.getByRole('button', { name: 'Cargar archivo' }).click();
    await waitForReview(page);

    // What was recognised, the counts, the rows that are not contracts apart, a doubtful RFC's message.
    await page
      .getByText(
        'Se reconoció el Formato 28 de la Plataforma Nacional de Transparencia (2024, formato único).',
      )
      .waitFor();
    expect(await summaryCount(page, 'Contratos nuevos')).toBe(16);
    expect(await summaryCount(page, 'Registros que no son contratos')).toBe(1);
    const apart = page.getByRole('region', { name: 'Registros que no son contratos (1)' });
    await apart.getByText('Renglón 24:').waitFor();
    await apart.getByText('No es un registro de contratación: sin proveedor ni contrato').waitFor();
    const rfc = page.locator('tr[data-row="17"] td[data-kind="info"]', { hasText: 'DUPM0331AP5' });
    await rfc.getByText('DUPM0331AP5').hover();
    await page.getByRole('tooltip').getByText('El RFC no tiene el formato del SAT').waitFor();
    await expectAccessible(page, 'a format-28 review, desktop');

    await confirmCurrentLoad(page);

    // The public page of the contract whose sub-tables were filled.
    await page.goto(`${portal.baseUrl}/contracts?busqueda=${encodeURIComponent(contractNumber)}`);
    await page.getByText('1 contrato', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Ver más' }).first().click();
    await page.waitForURL(/\/contracts\/[0-9a-f-]+$/);
    const bidders = page.getByRole('region', { name: 'Participantes' });
    await bidders.getByText('Gapodhi S.A DE C.V.').waitFor();
    await bidders.getByText('Ganador').waitFor();
    await bidders.getByText('Mantenimientos Hidalguenses S.A. de C.V.').waitFor();
    const amendments = page.getByRole('region', { name: 'Convenios modificatorios' });
    await amendments.getByRole('cell', { name: 'CM-SEMARNATH-01' }).waitFor();
    await amendments.getByRole('cell', { name: 'Ampliación del plazo de ejecución' }).waitFor();
    await amendments.getByRole('link', { name: 'Ver convenio' }).waitFor();
    await page
      .getByRole('region', { name: 'Beneficiarios finales' })
      .getByText('Macario Marcos Perea Vargas')
      .waitFor();
    await page.getByRole('region', { name: 'Partidas presupuestales' }).getByText('439001').waitFor();
    await page.screenshot({ path: 'test-results/format-28-contract-desktop.png', fullPage: true });
    await expectAccessible(page, 'a format-28 contract, desktop');

    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('region', { name: 'Convenios modificatorios' }).scrollIntoViewIfNeeded();
    await expectFitsTheScreen(page);
    await page.screenshot({ path: 'test-results/format-28-contract-phone.png', fullPage: true });
    await expectAccessible(page, 'a format-28 contract, 360 px');
    await context.close();
  });

  it('loads two workbooks chosen at once: one review naming both, each row with its file, one confirm', async () => {
    const fixture = (name: string) =>
      readFileSync(new URL(`../../src/server/modules/data-load/fixtures/pnt/${name}`, import.meta.url));
    const { context, page } = await openWatchedPage(browser);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${portal.baseUrl}/login?redirectTo=${encodeURIComponent('/admin/data-load')}`);
    await signIn(page, 'carga@example.org', PASSWORD);
    await chooseMonitor(page);
    await page.getByRole('heading', { name: 'Carga de datos', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: /Administración de los registros/ }).fill('2022-2028');
    await page.keyboard.press('Escape');
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles([
        { name: 'ceaa-2023-1.xlsx', mimeType: type, buffer: fixture('ceaa-2023-1.xlsx') },
        { name: 'ceaa-2023-2.xlsx', mimeType: type, buffer: fixture('ceaa-2023-2.xlsx') },
      ]);
    await page.getByRole('button', { name: 'Cargar archivo' }).click();
    await waitForReview(page);

    await page
      .getByText('Archivo «2 archivos: ceaa-2023-1.xlsx, ceaa-2023-2.xlsx»', { exact: false })
      .waitFor();
    await page
      .getByText(
        '«ceaa-2023-1.xlsx»: Se reconoció el Formato 28 de la Plataforma Nacional de Transparencia (2021, licitación e invitación).',
      )
      .waitFor();
    await page
      .getByText(
        '«ceaa-2023-2.xlsx»: Se reconoció el Formato 28 de la Plataforma Nacional de Transparencia (2021, adjudicación directa).',
      )
      .waitFor();
    // Six tenders and three direct awards, each under its own file and row number.
    expect(await summaryCount(page, 'Contratos nuevos')).toBe(9);
    // The review's rows come with their own call: read them once the ninth is drawn.
    await page.locator('tr[data-row]').nth(8).waitFor();
    const rows = await page
      .locator('tr[data-row]')
      .evaluateAll((found) =>
        found.map((row) => `${row.getAttribute('data-file')}:${row.getAttribute('data-row')}`),
      );
    expect(rows).toEqual([
      ...[8, 9, 10, 11, 12, 13].map((row) => `ceaa-2023-1.xlsx:${row}`),
      ...[8, 9, 10].map((row) => `ceaa-2023-2.xlsx:${row}`),
    ]);
    await page.locator('tr[data-file="ceaa-2023-2.xlsx"]').first().getByText('ceaa-2023-2.xlsx').waitFor();
    await page.screenshot({ path: 'test-results/format-28-two-files-phone.png', fullPage: true });
    await expectAccessible(page, 'a review of two files, 360 px');

    await confirmCurrentLoad(page);
    await page.goto(`${portal.baseUrl}/contracts?busqueda=${encodeURIComponent('CEAA')}`);
    await page.locator('main a[href^="/contracts/"]').first().waitFor();
    await context.close();
  });
});

/**
 * A published format-28 workbook (the 2024 layout, fixtures/pnt/semarnath-2024-1.xlsx) whose row 13
 * (Gapodhi, with a beneficial owner and a budget line) also had its bidders and an amendment
 * published, as the 2025 files do: the workbook, and that row's contract number.
 */
async function publishedWorkbook(): Promise<{ workbook: Buffer; contractNumber: string }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(
    readFileSync(
      new URL('../../src/server/modules/data-load/fixtures/pnt/semarnath-2024-1.xlsx', import.meta.url),
    ) as unknown as ArrayBuffer,
  );
  const main = book.getWorksheet('Reporte de Formatos')!;
  const headers = main.getRow(7).values as unknown[];
  const columnOf = (start: string) =>
    headers.findIndex((value) => typeof value === 'string' && value.startsWith(start));
  const row = main.getRow(13);
  row.getCell(columnOf('Relación con los nombres de las personas físicas o morales que presentaron')).value =
    1;
  row.getCell(columnOf('Convenios modificatorios')).value = 1;
  const sheetOf = (start: string) => /Tabla_\d+/.exec(String(headers[columnOf(start)]))![0];
  const bidders = book.getWorksheet(
    sheetOf('Relación con los nombres de las personas físicas o morales que presentaron'),
  )!;
  bidders.addRow([1, null, null, null, null, 'Gapodhi S.A DE C.V.', 'GAP1302158X5']);
  bidders.addRow([1, null, null, null, null, 'Mantenimientos Hidalguenses S.A. de C.V.', 'MHI100101AB3']);
  book
    .getWorksheet(sheetOf('Convenios modificatorios'))!
    .addRow([
      1,
      'CM-SEMARNATH-01',
      'Ampliación del plazo de ejecución',
      new Date(Date.UTC(2024, 8, 15)),
      'https://s-medioambiente.hidalgo.gob.mx/transparencia/convenios/CM 01.pdf',
    ]);
  const contractNumber = String(row.getCell(columnOf('Número que identifique al contrato')).value).trim();
  return { workbook: Buffer.from(await book.xlsx.writeBuffer()), contractNumber };
}
