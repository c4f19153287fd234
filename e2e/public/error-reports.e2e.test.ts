import { desc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  errorReportDescriptions,
  errorReports,
  notifications,
  organizations,
} from '../../src/server/db/schema';
import { SANTA_LUCIA } from '../fixtures/admin';
import { launchBrowser, openWatchedPage, type WatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const TITLE = 'Parece ser que ocurrió algo inesperado';

/**
 * The unexpected-error modal in Chromium: a server failure or a screen that cannot be shown is
 * reported by the browser itself, the modal asks what happened, and the description arrives.
 */
describe('unexpected-error reports in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let watched: WatchedPage;
  let santaLucia: string;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const [row] = await portal.database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.name, SANTA_LUCIA));
    santaLucia = row!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(async () => {
    await watched?.context.close();
  });

  const open = async (options: { width?: number; height?: number } = {}) => {
    watched = await openWatchedPage(browser, {
      // The failures these tests provoke on purpose show up as failed resources.
      expectedConsole: /status of (404|500)|Fallo de prueba|Failed to fetch dynamically imported module/,
      // The failures are provoked with page.route, which cannot see what a service worker answers.
      serviceWorkers: 'block',
      ...(options.width ? { viewport: { width: options.width, height: options.height ?? 740 } } : {}),
    });
    const { page } = watched;
    await page.goto(`${portal.baseUrl}/select-organization`);
    await page.getByRole('button', { name: `Seleccionar ${SANTA_LUCIA}` }).click();
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    return page;
  };
  const reportsWith = async (requestId: string) =>
    portal.database.db.select().from(errorReports).where(eq(errorReports.requestId, requestId));
  const dialog = (page: Page) => page.getByRole('dialog', { name: TITLE });

  it('a server failure opens the modal, is reported with its request id, and the description is sent', async () => {
    const page = await open();
    await page.route('**/public-api/contracts/filtered-list**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: true,
          code: 'INTERNAL',
          message: 'Ocurrió un error inesperado. Por favor intenta nuevamente.',
          requestId: 'e2e-fallo-500',
        }),
      }),
    );
    await page.goto(`${portal.baseUrl}/contracts?search=ana%40example.org`);
    await dialog(page).waitFor({ timeout: 20_000 });
    await page.getByText('Identificador de la solicitud: e2e-fallo-500').waitFor();

    await expect.poll(async () => (await reportsWith('e2e-fallo-500')).length).toBe(1);
    const [report] = await reportsWith('e2e-fallo-500');
    expect(report).toMatchObject({ organizationId: santaLucia, source: 'request', path: '/contracts' });
    expect(report!.message).toContain('HTTP 500 INTERNAL');
    expect(report!.userAgent).toContain('Chrome');
    expect(JSON.stringify(report)).not.toContain('example.org');

    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Por favor describe lo que ocurrió').waitFor();
    await page
      .getByLabel('¿Qué ocurrió?')
      .fill('Abrí el listado de contratos y no cargó. Mi correo es ana@example.org');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await dialog(page).getByText('Tu mensaje ha sido enviado').waitFor();
    const [description] = await portal.database.db
      .select()
      .from(errorReportDescriptions)
      .where(eq(errorReportDescriptions.reportId, report!.id));
    expect(description!.description).toBe('Abrí el listado de contratos y no cargó. Mi correo es [correo]');
    const told = await portal.database.db
      .select({ message: notifications.message, status: notifications.status })
      .from(notifications)
      .where(eq(notifications.organizationId, santaLucia))
      .orderBy(desc(notifications.createdAt));
    expect(told.map((n) => n.status).slice(0, 2)).toEqual(['INFO', 'DANGER']);
    expect(told[1]!.message).toContain('solicitud e2e-fallo-500');

    await dialog(page).getByRole('button', { name: 'Cerrar' }).last().click();
    await dialog(page).waitFor({ state: 'hidden' });
    // The screen still says what failed underneath.
    await page.getByText('Hubo un error al cargar el listado').waitFor();
  });

  it('a refused call (404) is the screen’s business: no modal, no report', async () => {
    const page = await open();
    const before = (await portal.database.db.select().from(errorReports)).length;
    await page.route('**/public-api/contracts/filtered-list**', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: true, code: 'NOT_FOUND', message: 'No existe.', requestId: 'e2e-404' }),
      }),
    );
    await page.goto(`${portal.baseUrl}/contracts`);
    await page.getByText('Hubo un error al cargar el listado No existe.').waitFor();
    expect(await dialog(page).count()).toBe(0);
    expect((await portal.database.db.select().from(errorReports)).length).toBe(before);
  });

  it('a screen that fails to render shows PARECE QUE ALGO SALIO MAL with the modal, and is reported', async () => {
    const page = await open({ width: 360, height: 740 });
    await page.route(/\/assets\/about-[\w-]+\.js$/, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'throw new Error("Fallo de prueba al mostrar la página");',
      }),
    );
    await page.goto(`${portal.baseUrl}/about`);
    await page.getByRole('heading', { name: 'PARECE QUE ALGO SALIO MAL' }).waitFor();
    await dialog(page).waitFor();
    await expect
      .poll(async () =>
        (await portal.database.db.select().from(errorReports)).filter((row) =>
          row.message.includes('Fallo de prueba al mostrar la página'),
        ),
      )
      .toHaveLength(1);
    const [report] = (await portal.database.db.select().from(errorReports)).filter((row) =>
      row.message.includes('Fallo de prueba'),
    );
    expect(report).toMatchObject({ source: 'render', path: '/about', organizationId: santaLucia });

    // Closed, it opens again from 'Reportar un problema', for the same report.
    await dialog(page).getByRole('button', { name: 'Cerrar' }).last().click();
    await dialog(page).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Reportar un problema' }).click();
    await page.getByLabel('¿Qué ocurrió?').fill('Quise leer la página Acerca de');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await dialog(page).getByText('Tu mensaje ha sido enviado').waitFor();
    const descriptions = await portal.database.db
      .select()
      .from(errorReportDescriptions)
      .where(eq(errorReportDescriptions.reportId, report!.id));
    expect(descriptions.map((row) => row.description)).toEqual(['Quise leer la página Acerca de']);
    expect(
      (await portal.database.db.select().from(errorReports)).filter((row) => row.id === report!.id)[0]!
        .occurrences,
    ).toBe(1);
  });
});
