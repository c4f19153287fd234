import { type SQL, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { addAdministrator, chooseMonitor, signIn } from '../fixtures/admin';
import { launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const PASSWORD = 'clave-de-catalogos';

/** A form field by its label, with or without the required mark. */
const field = (label: string) => new RegExp(`^${label}( \\*)?$`);

interface CatalogueCase {
  route: string;
  heading: string;
  newButton: string;
  /** Fills the 'Nuevo(a)' modal; the entry is then found by `name`. */
  fill(modal: Locator): Promise<void>;
  name: string;
  created: string;
  /** Inline edit: the column whose cell gets a word appended, and the expected new value. */
  inlineLabel: string;
  inlineAppend: string;
  /** Modal edit: the field changed and its new value. */
  editLabel: string;
  editValue: string;
  updated: string;
  deleted: string;
  /** Reads the stored row (deleted ones too) by name. */
  stored(name: string): SQL;
  /** More about the created row (contracts: the amount and the date as chosen). */
  createdRow?: Record<string, unknown>;
}

/**
 * Each catalogue the way an administrator works: create through the modal, append a word to a
 * cell in the inline edit mode and confirm, edit through the modal, delete with the
 * confirmation; each time the toast, the table and the database are checked.
 */
describe('catalogues in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    await addAdministrator(portal.database.db, {
      email: 'catalogos@example.org',
      password: PASSWORD,
      name: 'Cata',
      lastName: 'Logo',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  beforeEach(async () => {
    // Refused saves (409) are part of the flows.
    ({ context, page } = await openWatchedPage(browser, { expectedConsole: /status of 409/ }));
  });
  afterEach(async () => {
    await context.close();
  });

  async function open(route: string) {
    await page.goto(`${portal.baseUrl}/login?redirectTo=${encodeURIComponent(route)}`);
    await signIn(page, 'catalogos@example.org', PASSWORD);
    await chooseMonitor(page);
    await page.waitForURL((url) => url.pathname === route);
  }

  async function search(text: string) {
    await page.getByRole('textbox', { name: /^Buscar en/ }).fill(text);
    // The search runs 1000 ms after typing stops.
    await page.getByTestId('catalogue-table').getByText(text, { exact: false }).first().waitFor();
  }

  const cases: CatalogueCase[] = [
    {
      route: '/admin/suppliers',
      heading: 'Catálogo de Proveedores',
      newButton: 'Nuevo proveedor',
      async fill(modal) {
        await modal.getByLabel('Nombre').fill('PROVEEDOR DE NAVEGADOR');
        await modal.getByLabel('RFC').fill('pna010101aaa');
      },
      name: 'PROVEEDOR DE NAVEGADOR',
      created: 'El proveedor fue creado correctamente',
      inlineLabel: 'Notas',
      inlineAppend: 'revisado',
      editLabel: 'Nombre',
      editValue: 'PROVEEDOR DE NAVEGADOR EDITADO',
      updated: 'El proveedor fue actualizado correctamente',
      deleted: 'El proveedor fue eliminado correctamente',
      stored: (name) =>
        sql`SELECT name, deleted_at IS NOT NULL AS deleted, notes AS detail FROM suppliers WHERE name = ${name}`,
    },
    {
      route: '/admin/administrative-units',
      heading: 'Catálogo de Unidades Administrativas',
      newButton: 'Nueva unidad administrativa',
      async fill(modal) {
        await modal.getByLabel('Nombre').fill('Dirección de Pruebas del Navegador');
      },
      name: 'Dirección de Pruebas del Navegador',
      created: 'La unidad administrativa fue creada correctamente',
      inlineLabel: 'Notas',
      inlineAppend: 'revisada',
      editLabel: 'Nombre',
      editValue: 'Dirección de Pruebas del Navegador Editada',
      updated: 'La unidad administrativa fue actualizada correctamente',
      deleted: 'La unidad administrativa fue eliminada correctamente',
      stored: (name) =>
        sql`SELECT name, deleted_at IS NOT NULL AS deleted, notes AS detail FROM administrative_units WHERE name = ${name}`,
    },
    {
      route: '/admin/organizations',
      heading: 'Catálogo de Organizaciones',
      newButton: 'Nueva organización',
      async fill(modal) {
        await modal.getByLabel(field('Nombre')).fill('Municipio del Navegador');
        await modal.getByLabel('Nombre corto').fill('NAV');
      },
      name: 'Municipio del Navegador',
      created: 'La organización fue creada correctamente',
      inlineLabel: 'Nombre',
      inlineAppend: 'Norte',
      editLabel: 'Nombre corto',
      editValue: 'NAVN',
      updated: 'La organización fue actualizada correctamente',
      deleted: 'La organización fue eliminada correctamente',
      stored: (name) =>
        sql`SELECT name, deleted_at IS NOT NULL AS deleted, short_name AS detail FROM organizations WHERE name LIKE ${`${name}%`}`,
    },
    {
      route: '/admin/resources',
      heading: 'Catálogo de Recursos',
      newButton: 'Nuevo recurso',
      async fill(modal) {
        await modal.getByLabel(field('Título')).fill('Ley de Adquisiciones del Navegador');
        await modal.getByLabel(field('Url')).fill('https://example.org/ley.pdf');
        await modal.getByLabel(field('Clasificación')).click();
        await page.getByRole('option', { name: 'Marco Legal' }).click();
      },
      name: 'Ley de Adquisiciones del Navegador',
      created: 'El recurso fue creado correctamente',
      inlineLabel: 'Url',
      inlineAppend: '?v=2',
      editLabel: 'Título',
      editValue: 'Ley de Adquisiciones del Navegador Editada',
      updated: 'El recurso fue actualizado correctamente',
      deleted: 'El recurso fue eliminado correctamente',
      stored: (name) =>
        sql`SELECT title AS name, deleted_at IS NOT NULL AS deleted, url AS detail FROM resources WHERE title = ${name}`,
    },
    {
      route: '/admin/contracts',
      heading: 'Catálogo de Contratos',
      newButton: 'Nuevo contrato',
      async fill(modal) {
        const choose = async (label: string, option: string | RegExp) => {
          await modal.getByLabel(field(label)).click();
          await page.getByRole('option', { name: option }).first().click();
        };
        await choose('Tipo de procedimiento', 'Adjudicación Directa');
        await choose('Materia', 'Servicios');
        // A wrong format says so with an example, on the field and in the footer.
        await modal.getByLabel(field('Administración')).fill('2024');
        await modal.getByRole('button', { name: 'Guardar' }).click();
        await modal
          .getByText('El campo Administración no tiene el formato correcto. Ejemplo: 2019-2021')
          .first()
          .waitFor();
        await modal.getByLabel(field('Administración')).fill('2024-2027');
        await modal.getByLabel(field('Ejercicio')).fill('2025');
        await modal.getByLabel(field('Periodo')).fill('2o 2025');
        await modal
          .getByLabel(field('Descripción de las obras, bienes o servicios'))
          .fill('Servicio de limpieza');
        for (const unit of ['Unidad administrativa convocante', 'Unidad administrativa solicitante']) {
          await modal.getByLabel(field(unit)).fill('a');
          await page.getByRole('option').first().click();
        }
        await choose('Tipo de unidad administrativa', 'Centralizada');
        await modal.getByLabel(field('Área responsable')).fill('Dirección de Adquisiciones');
        await modal.getByLabel(field('Número de contrato')).fill('CTO-NAVEGADOR-1');
        // The date picker: Spanish, weeks from Sunday, shown as dd/mm/yyyy.
        await modal.getByLabel(field('Fecha del contrato')).click();
        // The calendar opens with a transition: wait for its first weekday before reading it.
        const firstWeekday = page.locator('[class*="-weekday"]').first();
        await firstWeekday.waitFor();
        expect((await firstWeekday.innerText()).toLowerCase()).toMatch(/^do/);
        await page.getByRole('button', { name: /^15 / }).first().click();
        await expect
          .poll(() => modal.getByLabel(field('Fecha del contrato')).innerText())
          .toMatch(/^15\/\d{2}\/\d{4}$/);
        await choose('Tipo de contrato', 'Normal');
        await modal.getByLabel(field('Monto total')).fill('150000.50');
        await expect.poll(() => modal.getByTestId('total-or-max').innerText()).toMatch(/^\$150,000\.50 /);
        // Direct awards show the limit fields.
        await modal.getByLabel('Excede el límite de la adjudicación directa').waitFor();
        // Every total depends on the state: a contract with procedures needs one (decision 0028).
        await modal.getByRole('button', { name: 'Guardar' }).click();
        await modal.getByText('El campo Estado del procedimiento es requerido').first().waitFor();
        await choose('Estado del procedimiento', 'Concluido');
      },
      name: 'CTO-NAVEGADOR-1',
      createdRow: { amount: 150_000.5, day: expect.stringMatching(/^\d{4}-\d{2}-15$/) },
      created: 'El contrato fue creado correctamente',
      inlineLabel: 'Número de contrato',
      inlineAppend: 'B',
      // Changing an amount of a saved contract: its total or maximum follows.
      editLabel: 'Monto total',
      editValue: '200000.00',
      updated: 'El contrato fue actualizado correctamente',
      deleted: 'El contrato fue eliminado correctamente',
      stored: (name) =>
        sql`SELECT contract_number AS name, deleted_at IS NOT NULL AS deleted, total_or_max_amount::text AS detail,
                   total_or_max_amount::float AS amount, contract_date::text AS day
            FROM contracts WHERE contract_number = ${name}`,
    },
  ];

  it.each(cases)('$heading: create, inline edit, modal edit and delete', async (item) => {
    await open(item.route);
    await page.getByRole('heading', { name: item.heading }).waitFor();

    // Create through the modal; an empty form first says what is wrong.
    await page.getByRole('button', { name: item.newButton }).click();
    const modal = page.getByRole('dialog', { name: 'Nuevo(a)' });
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await modal.getByText('El formulario contiene errores').waitFor();
    await item.fill(modal);
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(item.created).waitFor();
    await search(item.name);
    const created = await queryRows<Record<string, unknown>>(portal.database.db, item.stored(item.name));
    expect(created.length).toBe(1);
    if (item.createdRow) expect(created[0]).toMatchObject(item.createdRow);

    // Inline edit: append a word to a cell, save, confirm how many records change.
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    const cell = page.getByRole('textbox', { name: new RegExp(`^${item.inlineLabel} de ${item.name}`) });
    const before = await cell.inputValue();
    const after = `${before} ${item.inlineAppend}`.trim();
    await cell.fill(after);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Guardar cambios' });
    await confirm.getByText('Se modificará 1 registro').waitFor();
    await confirm.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Los cambios se guardaron correctamente').waitFor();
    await page.getByTestId('catalogue-table').getByText(after).first().waitFor();
    const renames = (label: string) => ['Nombre', 'Título', 'Número de contrato'].includes(label);
    const currentName = renames(item.inlineLabel) ? after : item.name;

    // Edit through the modal.
    await page.getByRole('button', { name: `Editar ${currentName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar' });
    await edit.getByLabel(field(item.editLabel)).fill(item.editValue);
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(item.updated).waitFor();
    const finalName = renames(item.editLabel) ? item.editValue : currentName;
    const [stored] = await queryRows<{ name: string; deleted: boolean; detail: string | null }>(
      portal.database.db,
      item.stored(finalName),
    );
    expect(stored?.deleted).toBe(false);
    if (!renames(item.inlineLabel)) expect(stored?.detail).toBe(after);
    if (!renames(item.editLabel)) expect(stored?.detail).toBe(item.editValue);

    // Delete with the confirmation.
    await search(finalName.slice(0, 20));
    await page.getByRole('button', { name: `Eliminar ${finalName}` }).click();
    const remove = page.getByRole('dialog', { name: 'Eliminar registro' });
    await remove
      .getByText('Esta acción borrará el registro del catálogo permanentemente ¿Estás seguro de eliminarlo?')
      .waitFor();
    await remove.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText(item.deleted).waitFor();
    await expect
      .poll(
        async () =>
          (await queryRows<{ deleted: boolean }>(portal.database.db, item.stored(finalName)))[0]?.deleted,
      )
      .toBe(true);
  });
});
