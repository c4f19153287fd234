import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { formatCount, formatMoney } from '../../src/shared/format/money';
import { addAdministrator, chooseMonitor, signIn } from '../fixtures/admin';
import { launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

/**
 * What the screens show agrees with what they say: cleared filters clear the list, tiles say what
 * they count and a list can be narrowed to it, empty charts say there is no data, resources and
 * the phone menu are complete, and every page has exactly one main landmark.
 */
describe('honest public screens in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
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
    ({ context, page } = await openWatchedPage(browser));
    // The test machine has no outside network: the contact page's map answers from here.
    await context.route('https://maps.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>Mapa de prueba</p>' }),
    );
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

  /** Every SLV contract, and those that count in the totals, optionally in one administration period. */
  async function counts(period?: string) {
    const [row] = await queryRows<{ listed: number; counted: number }>(
      portal.database.db,
      sql`SELECT count(*)::int AS listed, (count(*) FILTER (WHERE counts_in_totals))::int AS counted
          FROM contracts WHERE organization_id = ${slv.id} AND deleted_at IS NULL
            ${period ? sql`AND administration_period = ${period}` : sql``}`,
    );
    return row!;
  }

  it("'Limpiar filtros' clears the list at once, and page 2 stays unfiltered", async () => {
    await chooseSantaLucia();
    await page.goto(url('/contracts'));
    const filtered = await counts(slv.period);
    const all = await counts();
    expect(all.listed).toBeGreaterThan(filtered.listed);
    await page.getByText(`${formatCount(filtered.listed)} contratos`, { exact: true }).waitFor();
    await page.getByText(`Administración: ${slv.period}`).waitFor();

    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await page.getByText(`${formatCount(all.listed)} contratos`, { exact: true }).waitFor();
    expect(await page.getByText(`Administración: ${slv.period}`).count()).toBe(0);

    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await page.waitForURL(/pagina=2/);
    await page.getByText(`${formatCount(all.listed)} contratos`, { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.has('administracion')).toBe(false);
    expect(await page.getByText(`Administración: ${slv.period}`).count()).toBe(0);

    // A tag chosen but not applied says so, instead of looking like the list's filter.
    await page.getByRole('combobox', { name: 'Administración' }).click();
    await page.getByRole('option', { name: slv.period, exact: true }).click();
    await page.getByText('Hay cambios sin aplicar: pulsa Filtrar para ver la lista con ellos.').waitFor();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText(`${formatCount(filtered.listed)} contratos`, { exact: true }).waitFor();
    expect(await page.getByText('Hay cambios sin aplicar').count()).toBe(0);
  });

  it('year and quarter options follow the chosen administration period and year', async () => {
    await chooseSantaLucia();
    await page.goto(url(`/contracts?administracion=${slv.period}&pagina=1`));
    const [first, last] = slv.period.split('-').map(Number) as [number, number];
    await page.getByRole('combobox', { name: 'Ejercicio' }).click();
    // The options arrive from the server: read them once the first one is there.
    await page.getByRole('listbox', { name: 'Ejercicio' }).getByRole('option').first().waitFor();
    const years = (
      await page.getByRole('listbox', { name: 'Ejercicio' }).getByRole('option').allTextContents()
    ).map(Number);
    expect(years.length).toBeGreaterThan(0);
    expect(years.every((year) => year >= first && year <= last)).toBe(true);
    await page.getByRole('option', { name: String(years[0]), exact: true }).click();
    await page.getByRole('combobox', { name: 'Trimestre' }).click();
    await page.getByRole('listbox', { name: 'Trimestre' }).getByRole('option').first().waitFor();
    const quarters = await page
      .getByRole('listbox', { name: 'Trimestre' })
      .getByRole('option')
      .allTextContents();
    expect(quarters.length).toBeGreaterThan(0);
    expect(quarters.every((quarter) => quarter.endsWith(` ${years[0]}`))).toBe(true);
  });

  it('tiles say what they count, the list narrows to it, and a card that does not count says why', async () => {
    await chooseSantaLucia();
    await page.goto(url(`/contracts?administracion=${slv.period}&pagina=1`));
    const expected = await counts(slv.period);
    expect(expected.counted).toBeLessThan(expected.listed);
    await page
      .getByText(`${formatCount(expected.counted)} concluidos de ${formatCount(expected.listed)} contratos`)
      .waitFor();
    await page.getByText('No cuenta en los totales: ').first().waitFor();

    // The sticky header may cover the label after scrolling: the keyboard works wherever it is.
    await page.getByRole('switch', { name: 'Solo los que cuentan en los totales' }).focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/cuentan=si/);
    await page.getByText(`${formatCount(expected.counted)} contratos`, { exact: true }).waitFor();
    await page
      .getByText(`${formatCount(expected.counted)} concluidos de ${formatCount(expected.counted)} contratos`)
      .waitFor();
    expect(await page.getByText('No cuenta en los totales: ').count()).toBe(0);

    // The suppliers tiles name the same counted contracts and how many listed contracts have a supplier.
    await page.goto(url(`/suppliers?administracion=${slv.period}&pagina=1`));
    const [withSupplier] = await queryRows<{ total: number }>(
      portal.database.db,
      sql`SELECT count(*)::int AS total FROM contracts WHERE organization_id = ${slv.id} AND deleted_at IS NULL
            AND administration_period = ${slv.period} AND supplier_id IS NOT NULL`,
    );
    await page
      .getByText(`concluidos de ${formatCount(withSupplier!.total)} contratos con proveedor`)
      .waitFor();
    expect(await page.getByText(formatCount(expected.counted), { exact: true }).count()).toBeGreaterThan(0);
  });

  it("the menu carries 'Solo los que cuentan en los totales' with the filters to /suppliers and back", async () => {
    await chooseSantaLucia();
    await page.goto(url(`/contracts?administracion=${slv.period}&pagina=1`));
    const expected = await counts(slv.period);
    const counted = page.getByRole('switch', { name: 'Solo los que cuentan en los totales' });
    await counted.focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/cuentan=si/);
    await page.getByText(`${formatCount(expected.counted)} contratos`, { exact: true }).waitFor();

    const menu = page.locator('header');
    await menu.getByRole('link', { name: 'Proveedores', exact: true }).click();
    await page.waitForURL(/\/suppliers\?/);
    const address = new URL(page.url()).searchParams;
    expect(address.get('cuentan')).toBe('si');
    expect(address.getAll('administracion')).toEqual([slv.period]);
    // Shown there too, switched on, and the tiles count only those contracts.
    await expect.poll(() => counted.isChecked()).toBe(true);
    await page.getByText(`Administración: ${slv.period}`).waitFor();
    const [withSupplier] = await queryRows<{ total: number }>(
      portal.database.db,
      sql`SELECT count(*)::int AS total FROM contracts WHERE organization_id = ${slv.id} AND deleted_at IS NULL
            AND administration_period = ${slv.period} AND supplier_id IS NOT NULL AND counts_in_totals`,
    );
    await page
      .getByText(`concluidos de ${formatCount(withSupplier!.total)} contratos con proveedor`)
      .waitFor();

    await menu.getByRole('link', { name: 'Contratos', exact: true }).click();
    await page.waitForURL(/\/contracts\?/);
    expect(new URL(page.url()).searchParams.get('cuentan')).toBe('si');
    await expect.poll(() => counted.isChecked()).toBe(true);
    await page.getByText(`${formatCount(expected.counted)} contratos`, { exact: true }).waitFor();
    expect(await page.getByText('No cuenta en los totales: ').count()).toBe(0);
  });

  it("a supplier's public-tender tile and its listed public-tender contracts agree visibly", async () => {
    // A supplier with public-tender contracts of which none counts: $0.00 above a listed amount.
    const [supplier] = await queryRows<{ id: string; listed: number; amount: string; state: string }>(
      portal.database.db,
      sql`SELECT supplier_id::text AS id, count(*)::int AS listed, max(total_or_max_amount)::text AS amount,
                 min(procedure_state::text) AS state
          FROM contracts WHERE organization_id = ${slv.id} AND deleted_at IS NULL AND procedure_type = 'PUBLIC'
            AND supplier_id IS NOT NULL
          GROUP BY supplier_id HAVING bool_and(NOT counts_in_totals) AND bool_and(category IS NULL OR category NOT IN ('EXTENSION', 'MODIFICATION', 'ADENDUM'))
          ORDER BY count(*) DESC, supplier_id LIMIT 1`,
    );
    expect(supplier).toBeDefined();
    await chooseSantaLucia();
    await page.goto(url(`/suppliers/${supplier!.id}?pagina=1`));
    await page
      .getByText(`0 concluidos de ${formatCount(supplier!.listed)} contratos`)
      .first()
      .waitFor();
    expect(await page.getByText('$0.00', { exact: true }).count()).toBeGreaterThan(0);
    // The public-tender group is open (the first with contracts).
    const card = page
      .getByRole('link')
      .filter({ hasText: formatMoney(Number(supplier!.amount)) })
      .first();
    await card.waitFor();
    expect(await card.textContent()).toContain('No cuenta en los totales: no concluido');
  });

  it("empty filters: both charts say 'Sin datos para estos filtros'", async () => {
    await chooseSantaLucia();
    await page.goto(url(`/?administracion=${slv.period}&ejercicio=1999&pagina=1`));
    await page
      .getByTestId('chart-period')
      .getByTestId('chart-empty')
      .getByText('Sin datos para estos filtros')
      .waitFor();
    await page
      .getByTestId('chart-procedure')
      .getByTestId('chart-empty')
      .getByText('Sin datos para estos filtros')
      .waitFor();
    // No chart is drawn: no ring of three equal thirds, no empty axes.
    expect(await page.locator('[data-testid="chart-procedure"] canvas').count()).toBe(0);
    expect(await page.locator('[data-testid="chart-period"] canvas').count()).toBe(0);
    // Their tables say the same, with no rows of zeros, and no '$0.00 MXN' total stands under the donut.
    for (const chart of ['chart-period', 'chart-procedure']) {
      const panel = page.getByTestId(chart);
      await panel.getByText('Ver los datos en una tabla').click();
      await panel.getByRole('cell', { name: 'Sin datos para estos filtros' }).waitFor();
      expect(await panel.getByRole('row').allInnerTexts()).not.toContainEqual(expect.stringMatching(/0\.00/));
    }
    expect(await page.getByTestId('donut-total').count()).toBe(0);
    expect(await page.getByTestId('chart-procedure').getByText('Total:').count()).toBe(0);
  });

  it('charts with data list their figures and the total under the donut', async () => {
    await chooseSantaLucia();
    await page.goto(url(`/?administracion=${slv.period}&pagina=1`));
    const panel = page.getByTestId('chart-procedure');
    await panel
      .getByTestId('donut-total')
      .getByText(/^Total: \$[\d,]+\.\d\d MXN$/)
      .waitFor();
    await panel.getByText('Ver los datos en una tabla').click();
    expect(await panel.locator('tbody tr').count()).toBe(3);
    expect(await panel.getByText('Sin datos para estos filtros').count()).toBe(0);
  });

  it('resources: Share, article images, the singular count and a back link to a page that exists', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.baseUrl });
    await chooseSantaLucia();
    await page.goto(url('/resources'));
    const image = page.getByTestId('resource-image').first();
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Compartir' }).click();
    await page.getByText('Se ha copiado el enlace correctamente').waitFor();

    await page.getByRole('textbox', { name: 'Buscar recursos' }).fill('Cómo leer un contrato');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByText('1 recurso encontrado', { exact: true }).waitFor();

    // The spec's back link: to the comparisons, which exist.
    await page.getByRole('link', { name: 'Comparar monitores' }).first().click();
    await page.getByRole('heading', { name: 'Comparar monitores' }).waitFor();
    expect(await page.getByText('PÁGINA NO ENCONTRADA').count()).toBe(0);
  });

  it('the phone menu has Contacto and Acerca de', async () => {
    await context.close();
    ({ context, page } = await openWatchedPage(browser, { viewport: { width: 360, height: 780 } }));
    await chooseSantaLucia();
    await page.getByRole('button', { name: 'Menú', exact: true }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('link', { name: 'Contacto' }).waitFor();
    await menu.getByRole('link', { name: 'Acerca de' }).click();
    await page.waitForURL(/\/about$/);
  });

  it('every public and administration page has exactly one main landmark', async () => {
    await addAdministrator(portal.database.db, {
      email: 'landmarks@example.org',
      password: 'clave-de-landmarks',
      name: 'Lina',
      lastName: 'Landmarks',
    });
    const mains = () => page.evaluate(() => document.querySelectorAll('main, [role="main"]').length);
    await page.goto(url('/select-organization'));
    await page.getByRole('button', { name: /Seleccionar Municipio de Santa Lucía del Valle/ }).waitFor();
    expect(await mains()).toBe(1);
    await chooseSantaLucia();
    for (const [path, text] of [
      ['/', 'Millones de pesos por trimestre'],
      ['/contracts', 'Limpiar filtros'],
      ['/suppliers', 'Limpiar filtros'],
      ['/resources', 'Artículos, marco legal'],
      ['/about', 'Regresar al inicio'],
      ['/privacy', 'Regresar al inicio'],
      ['/accessibility', 'Regresar al inicio'],
      ['/contact', 'Regresar al inicio'],
    ] as const) {
      await page.goto(url(path));
      await page.getByText(text).first().waitFor();
      expect(await mains(), path).toBe(1);
    }
    await page.goto(url('/login'));
    await page.getByLabel('Correo electrónico').waitFor();
    expect(await mains(), '/login').toBe(1);
    await signIn(page, 'landmarks@example.org', 'clave-de-landmarks');
    await page.waitForURL(/\/admin/);
    await page.goto(url('/admin/select-organization'));
    await page.getByRole('button', { name: /Seleccionar Municipio de Santa Lucía del Valle/ }).waitFor();
    expect(await mains(), '/admin/select-organization').toBe(1);
    await chooseMonitor(page);
    await page.waitForURL(/\/admin$/);
    for (const path of ['/admin', '/admin/profile']) {
      await page.goto(url(path));
      await page.locator('#contenido').waitFor();
      await page.getByRole('navigation').first().waitFor();
      expect(await mains(), path).toBe(1);
    }
  });
});
