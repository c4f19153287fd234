import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { applyScale, DEFAULT_SCALE } from '../../src/shared/calculations/evaluate';
import { addAdministrator, chooseMonitor, SANTA_LUCIA, signIn } from '../fixtures/admin';
import { launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const PASSWORD = 'clave-de-calculos';

/**
 * An administrator with only CALCULATIONS builds a calculation in Chromium: a formula from the
 * clicked variables, the default scale, a supplier filter and the preview (checked against plain
 * SQL); then adds it to the locked index, and the public index page changes with a new method
 * version. A cycle is said before saving.
 */
describe('the calculations catalogue in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let slv: string;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    await addAdministrator(portal.database.db, {
      email: 'calculos@example.org',
      password: PASSWORD,
      name: 'Calcu',
      lastName: 'Lista',
      administratorType: 'CUSTOM',
      permissions: ['CALCULATIONS'],
    });
    const [row] = await queryRows<{ id: string }>(
      portal.database.db,
      sql`SELECT id FROM organizations WHERE short_name = 'SLV'`,
    );
    slv = row!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  beforeEach(async () => {
    ({ context, page } = await openWatchedPage(browser));
  });
  afterEach(async () => {
    await context.close();
  });

  const url = (path: string) => `${portal.baseUrl}${path}`;

  it('builds a calculation with a scale and a filter, adds it to the index, and the public page follows', async () => {
    // The supplier with the most direct awards in the default period, and what the formula gives for it.
    const [supplier] = await queryRows<{ id: string; name: string; awards: number; counted: number }>(
      portal.database.db,
      sql`SELECT s.id, s.name, count(*)::int AS awards,
            (SELECT count(*)::int FROM contracts WHERE organization_id = ${slv} AND deleted_at IS NULL
               AND administration_period = '2024-2027' AND counts_in_totals) AS counted
          FROM contracts c JOIN suppliers s ON s.id = c.supplier_id
          WHERE c.organization_id = ${slv} AND c.deleted_at IS NULL AND c.administration_period = '2024-2027'
            AND c.counts_in_totals AND c.procedure_type = 'NO_BID'
          GROUP BY s.id, s.name ORDER BY count(*) DESC, s.name LIMIT 1`,
    );
    const points = applyScale((supplier!.awards / supplier!.counted) * 100, DEFAULT_SCALE).value;

    await page.goto(url('/login'));
    await signIn(page, 'calculos@example.org', PASSWORD);
    await chooseMonitor(page, SANTA_LUCIA);
    await page.getByRole('link', { name: 'Cálculos' }).click();
    await page.getByRole('heading', { name: 'Catálogo de Cálculos' }).waitFor();
    await page.getByText('13 registros').waitFor();

    await page.getByRole('button', { name: 'Nuevo cálculo' }).click();
    const modal = page.getByRole('dialog', { name: 'Nuevo(a)' });
    await modal.getByRole('textbox', { name: 'Nombre' }).fill('Adjudicaciones al proveedor principal');
    await modal.getByRole('textbox', { name: 'Abreviación' }).fill('$$PROV');
    await modal
      .getByRole('textbox', { name: 'Descripción' })
      .fill('Puntos según la parte de contratos adjudicados directamente a un proveedor.');
    // The formula from the lists, clicked, and typed operators.
    const expression = modal.getByRole('textbox', { name: 'Expresión' });
    await modal.getByRole('button', { name: /^\$NCAD .*, insertar$/ }).click();
    await expression.press('End');
    await expression.pressSequentially(' /');
    await modal.getByRole('button', { name: /^\$NTC .*, insertar$/ }).click();
    await expression.press('End');
    await expression.pressSequentially(' * 100');
    expect(await expression.inputValue()).toBe('$NCAD / $NTC * 100');
    // The default scale, then a filter on the supplier.
    await modal.getByRole('switch', { name: /^Activar escala/ }).check();
    expect(await modal.getByRole('textbox', { name: 'Rango 2: máximo' }).inputValue()).toBe('66.67');
    await modal.getByRole('button', { name: 'Agregar filtro' }).click();
    await modal.getByRole('combobox', { name: 'Propiedad' }).click();
    await page.getByRole('option', { name: 'Proveedor' }).click();
    const picker = modal.getByRole('combobox', { name: 'Proveedor' });
    await picker.fill(supplier!.name.slice(0, 12));
    await page
      .getByRole('option', { name: new RegExp(`^${supplier!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .click();
    // The preview: the server's value for the monitor's default period, through the scale.
    await expect
      .poll(() => modal.getByTestId('formula-preview').textContent(), { timeout: 15_000 })
      .toBe(`Resultado (2024-2027): ${points!.toFixed(2)}%`);
    // A variable's description shows beside the list, not over the formula's status.
    await modal.getByRole('button', { name: /^\$MTG .*, insertar$/ }).hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    const status = (await modal.getByTestId('formula-status').boundingBox())!;
    const tip = (await tooltip.boundingBox())!;
    const overlaps =
      tip.x < status.x + status.width &&
      status.x < tip.x + tip.width &&
      tip.y < status.y + status.height &&
      status.y < tip.y + tip.height;
    expect(overlaps).toBe(false);
    // The chosen display form, clicked again in its list, stays chosen (the save below needs it).
    const display = modal.getByRole('combobox', { name: 'Mostrar resultado como' });
    expect(await display.inputValue()).toBe('Porcentaje');
    await display.click();
    await page.getByRole('option', { name: 'Porcentaje' }).click();
    expect(await display.inputValue()).toBe('Porcentaje');
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El cálculo fue creado correctamente').waitFor();
    const [stored] = await queryRows<{ filters: { reference: string }[]; scale: unknown[]; version: number }>(
      portal.database.db,
      sql`SELECT filters, scale, version FROM calculations WHERE organization_id = ${slv} AND abbreviation = '$$PROV'`,
    );
    expect(stored!.filters[0]!.reference).toBe(supplier!.id);
    expect(stored!.scale).toHaveLength(3);
    expect(stored!.version).toBe(1);

    // A cycle is said before saving: $$PROV may not use the index that will use it.
    const versionBefore = await methodVersion();
    await page.getByRole('textbox', { name: /^Buscar en/ }).fill('IRC');
    await page.getByRole('button', { name: /^Editar \$\$IRC/ }).click();
    const edit = page.getByRole('dialog', { name: 'Editar' });
    const indexFormula = edit.getByRole('textbox', { name: 'Expresión' });
    await indexFormula.fill('avg($$EJE1, $$EJE2, $$EJE3, $$PROV * 10)');
    await edit.getByText(/^Fórmula válida\./).waitFor();
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El cálculo fue actualizado correctamente').waitFor();

    // The public page shows the changed method at once.
    const visitor = await context.newPage();
    await visitor.goto(url('/select-organization'));
    await visitor.getByRole('button', { name: `Seleccionar ${SANTA_LUCIA}` }).click();
    await visitor.goto(url('/calculations/corruption-index'));
    await visitor.getByRole('heading', { name: '4. Adjudicaciones al proveedor principal' }).waitFor();
    expect(await visitor.getByTestId('method-version').textContent()).toBe(
      `Versión del método: ${versionBefore + 1}`,
    );
    const api = await (
      await visitor.request.get(url(`/public-api/comparations/corruption-index?id=${slv}`))
    ).json();
    const axes = api.data.axes.map((axis: { result: number }) => axis.result);
    expect(api.data.corruptionIndex.result).toBeCloseTo((axes[0] + axes[1] + axes[2] + points! * 10) / 4, 6);
    expect(await visitor.getByTestId('index-value').textContent()).toBe(
      String(Math.round(api.data.corruptionIndex.result * 100) / 100),
    );
    await visitor.close();

    await page.getByRole('textbox', { name: /^Buscar en/ }).fill('PROV');
    await page.getByRole('button', { name: /^Editar \$\$PROV/ }).click();
    const again = page.getByRole('dialog', { name: 'Editar' });
    await again.getByRole('textbox', { name: 'Expresión' }).fill('$$IRC / 10');
    await again
      .getByText(
        'La fórmula haría una referencia circular entre cálculos: $$PROV → $$IRC → $$PROV. Quita una de esas referencias.',
      )
      .waitFor();
  });

  async function methodVersion(): Promise<number> {
    const [row] = await queryRows<{ version: number }>(
      portal.database.db,
      sql`SELECT calculations_version AS version FROM organizations WHERE id = ${slv}`,
    );
    return row!.version;
  }
});
