import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAdministrator, chooseMonitor, signIn } from '../fixtures/admin';
import { launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const PASSWORD = 'clave-de-la-rejilla';

/**
 * The contracts catalogue of the demonstration monitor as a data grid: one-line rows, eight
 * columns at first and the rest under 'Columnas', the page size the user picks, the supplier
 * fixed while the others scroll sideways, and an invalid inline edit marked on its cell.
 */
describe('the catalogue grid in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    await addAdministrator(portal.database.db, {
      email: 'rejilla@example.org',
      password: PASSWORD,
      name: 'María Guadalupe',
      lastName: 'Fernández de la Concepción',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(async () => {
    await context.close();
  });

  async function openContracts(viewport: { width: number; height: number }) {
    ({ context, page } = await openWatchedPage(browser, { viewport }));
    await page.goto(`${portal.baseUrl}/login?redirectTo=${encodeURIComponent('/admin/contracts')}`);
    await signIn(page, 'rejilla@example.org', PASSWORD);
    await chooseMonitor(page);
    await page.getByRole('heading', { name: 'Catálogo de Contratos' }).waitFor();
    await rows().first().waitFor();
  }
  const table = () => page.getByTestId('catalogue-table');
  const rows = () => table().locator('tbody tr');
  const headers = () => table().locator('thead th').allInnerTexts();
  /** The headers' names, without their sort marks. */
  const names = async () => (await headers()).map((text) => text.replace(/[▲▼]/g, '').trim());

  /** The tallest row, in pixels: one line of text with its padding stays under 48. */
  async function tallestRow(): Promise<number> {
    const heights = await rows().evaluateAll((all) => all.map((row) => row.getBoundingClientRect().height));
    return Math.max(...heights);
  }

  it('shows one-line rows with eight columns, the rest under Columnas, and 25 rows on request, under the whole user name', async () => {
    await openContracts({ width: 1366, height: 900 });
    // The header has room for the user's whole name: it is not cut.
    const name = page.getByTestId('user-menu').getByText('María Guadalupe Fernández de la Concepción');
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await rows().count()).toBe(10);
    expect(await tallestRow()).toBeLessThan(48);
    expect(await names()).toEqual([
      'Proveedor',
      'Número de contrato',
      'Fecha del contrato',
      'Monto total o máximo',
      'Tipo de procedimiento',
      'Estado del procedimiento',
      'Administración',
      'Descripción de las obras, bienes o servicios',
      'Acciones',
    ]);
    // A description cut short shows whole in its tooltip.
    const description = rows().first().locator('td').nth(7).locator('div').first();
    expect((await description.getAttribute('title'))?.length).toBeGreaterThan(0);

    // The hidden columns wait under 'Columnas'; choosing one adds it.
    await page.getByRole('button', { name: 'Columnas' }).click();
    const materia = page.getByRole('menuitem').filter({ hasText: 'Materia' });
    await materia.waitFor();
    expect(await materia.getByRole('checkbox').isChecked()).toBe(false);
    expect(await page.getByRole('menuitem').filter({ hasText: 'Hipervínculo al contrato' }).count()).toBe(1);
    await materia.click();
    await page.keyboard.press('Escape');
    await expect.poll(headers).toContain('Materia');
    expect(await tallestRow()).toBeLessThan(48);

    await page.locator('input[aria-label="Filas por página"]').click();
    await page.getByRole('option', { name: '25 por página' }).click();
    await expect.poll(() => rows().count()).toBe(25);
    expect(await tallestRow()).toBeLessThan(48);

    // A named sort: the header says so, and the list is read again from the first page.
    await table()
      .getByRole('button', { name: /^Proveedor/ })
      .click();
    await expect.poll(() => table().locator('th[aria-sort="ascending"]').innerText()).toMatch(/^Proveedor/);
    await expect.poll(() => rows().count()).toBe(25);
  });

  it('keeps the supplier and the row buttons in view while a phone scrolls the other columns sideways', async () => {
    await openContracts({ width: 360, height: 740 });
    expect(await tallestRow()).toBeLessThan(48);
    // The row's menu is on screen before any scrolling, and it is what a tap there reaches.
    const edit = rows()
      .first()
      .getByRole('button', { name: /^Acciones de / });
    const reachable = async () => {
      const button = (await edit.boundingBox())!;
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label') ?? '',
        [button.x + button.width / 2, button.y + button.height / 2],
      );
      return { right: button.x + button.width, hit };
    };
    const label = await edit.getAttribute('aria-label');
    const before = await reachable();
    expect(before.right).toBeLessThanOrEqual(360);
    expect(before.hit).toBe(label);
    const scroller = page.locator('.mantine-Table-scrollContainer, [class*="scrollContainer"]').first();
    const firstCell = rows().first().locator('td').first();
    const supplier = await firstCell.innerText();
    await scroller.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(300);
    // The first cell is still where it was, and it is what the eye sees there (not covered).
    const box = (await firstCell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThan(360);
    const seen = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('td')?.textContent ?? '',
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(seen).toBe(supplier);
    // The last columns came into view next to it, and the buttons are still there and work.
    await expect
      .poll(async () => (await rows().first().locator('td:nth-last-child(2)').boundingBox())?.x ?? 9999)
      .toBeLessThan(360);
    const after = await reachable();
    expect(after.hit).toBe(label);
    expect(Math.abs(after.right - before.right)).toBeLessThan(1);
    // At least a third of the table's width is left for the columns that scroll.
    const [scrolled, fixed] = await Promise.all([
      scroller.evaluate((element) => element.clientWidth),
      rows()
        .first()
        .evaluate(
          (row) =>
            (row as HTMLTableRowElement).cells[0]!.offsetWidth +
            (row as HTMLTableRowElement).cells[(row as HTMLTableRowElement).cells.length - 1]!.offsetWidth,
        ),
    ]);
    expect(scrolled - fixed).toBeGreaterThan(scrolled / 3);
    await edit.click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await page.getByRole('dialog', { name: 'Editar' }).waitFor();
  });

  it('marks an invalid cell of the inline edit with its message and does not save', async () => {
    await openContracts({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    const cell = page.getByRole('textbox', { name: /^Administración de / }).first();
    await cell.fill('2024');
    await expect.poll(() => cell.getAttribute('aria-invalid')).toBe('true');
    const message = 'El campo Administración no tiene el formato correcto.';
    await table().getByText(message).first().waitFor();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page
      .getByText(`Corrige los campos marcados antes de guardar. ${message}`, { exact: false })
      .waitFor();
    expect(await page.getByRole('dialog', { name: 'Guardar cambios' }).count()).toBe(0);
    // Fixed, the mark goes.
    await cell.fill('2024-2027');
    await expect.poll(() => cell.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('comes back to the columns and page size chosen, per catalogue, and ignores a stored grid it cannot show', async () => {
    await openContracts({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Columnas' }).click();
    await page.getByRole('menuitem').filter({ hasText: 'Materia' }).click();
    await page
      .getByRole('menuitem')
      .filter({ hasText: /^Administración$/ })
      .click();
    await page.keyboard.press('Escape');
    await page.locator('input[aria-label="Filas por página"]').click();
    await page.getByRole('option', { name: '50 por página' }).click();
    await expect.poll(() => rows().count()).toBe(50);
    const chosen = await names();
    expect(chosen).toContain('Materia');
    expect(chosen).not.toContain('Administración');

    // Away to another catalogue (its own grid, untouched) and back through the menu.
    const sections = page.getByRole('navigation', { name: 'Secciones de la administración' });
    await sections.getByRole('link', { name: 'Proveedores', exact: true }).click();
    await page.getByRole('heading', { name: 'Catálogo de Proveedores' }).waitFor();
    await expect.poll(() => rows().count()).toBe(10);
    await sections.getByRole('link', { name: 'Contratos', exact: true }).click();
    await page.getByRole('heading', { name: 'Catálogo de Contratos' }).waitFor();
    await expect.poll(() => rows().count()).toBe(50);
    expect(await names()).toEqual(chosen);
    expect(await page.locator('input[aria-label="Filas por página"]').inputValue()).toBe('50 por página');
    // And after reloading the page.
    await page.reload();
    await expect.poll(() => rows().count()).toBe(50);
    expect(await names()).toEqual(chosen);

    // A stored grid naming no column it has and a page size it does not offer: the usual grid.
    await page.evaluate(() =>
      localStorage.setItem(
        'vigia.catalogue.contracts',
        JSON.stringify({ columns: { nada: true, supplier: false }, limit: 7 }),
      ),
    );
    await page.reload();
    await expect.poll(() => rows().count()).toBe(10);
    expect(await names()).toContain('Proveedor');
    expect(await names()).toContain('Administración');
    expect(await names()).not.toContain('Materia');
  });
});
