import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { addAdministrator, apiToken, chooseMonitor, signIn } from '../fixtures/admin';
import { launchBrowser, QUIET } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

/** Resources created by an administrator (one of each kind) appear on /resources and are found by a search. */
describe('resources in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal();
    await addAdministrator(portal.database.db, {
      email: 'recursos@example.org',
      password: 'clave-de-recursos',
      name: 'Rita',
      lastName: 'Recursos',
    });
    const [slv] = await queryRows<{ id: string }>(
      portal.database.db,
      sql`SELECT id FROM organizations WHERE short_name = 'SLV'`,
    );
    const token = await apiToken(portal.baseUrl, 'recursos@example.org', 'clave-de-recursos');
    for (const [title, classification, url] of [
      ['Cómo leer un contrato del navegador', 'ARTICLE', 'https://example.org/articulo'],
      ['Notas del navegador sobre licitaciones', 'NOTES', 'https://example.org/notas'],
      ['Ley de Adquisiciones del Navegador', 'LEGAL_FRAMEWORK', 'https://example.org/ley.pdf'],
      ['Plataforma de transparencia del navegador', 'WEBSITE', 'https://transparencia.example.gob.mx'],
    ]) {
      const saved = await fetch(`${portal.baseUrl}/api/resources/save`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-current-organization-id': slv!.id,
        },
        body: JSON.stringify({ title, classification, url }),
      });
      expect(saved.status).toBe(200);
    }
    browser = await launchBrowser();
    page = await (
      await browser.newContext({ ...QUIET, locale: 'es-MX', viewport: { width: 1280, height: 900 } })
    ).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('shows the tabs with their counts and finds resources by a search, grouped', async () => {
    await page.goto(`${portal.baseUrl}/select-organization?redirectTo=%2Fresources`);
    await page.getByRole('button', { name: /Seleccionar Municipio de Santa Lucía del Valle/ }).click();
    await page.waitForURL(/\/resources$/);
    const counts = await queryRows<{ classification: string; total: number }>(
      portal.database.db,
      sql`SELECT classification, count(*)::int AS total FROM resources r JOIN organizations o ON o.id = r.organization_id
          WHERE o.short_name = 'SLV' AND r.deleted_at IS NULL GROUP BY 1`,
    );
    const count = (classification: string) =>
      counts.find((row) => row.classification === classification)?.total;
    await page.getByRole('tab', { name: `Artículos (${count('ARTICLE')})` }).waitFor();
    await page.getByRole('tab', { name: `Marco Legal (${count('LEGAL_FRAMEWORK')})` }).click();
    const legal = page.getByTestId('resource-card').filter({ hasText: 'Ley de Adquisiciones del Navegador' });
    expect(await legal.getByRole('link', { name: 'Ver más' }).getAttribute('href')).toBe(
      'https://example.org/ley.pdf',
    );

    await page.getByRole('textbox', { name: 'Buscar recursos' }).fill('  NAVEGADOR ');
    await page.getByRole('textbox', { name: 'Buscar recursos' }).press('Enter');
    await page.waitForURL(/busqueda=NAVEGADOR$/);
    // One of each kind, each in its group.
    await page.getByText('4 recursos encontrados').waitFor();
    for (const group of ['article', 'notes', 'legalFramework', 'website']) {
      expect(await page.getByTestId(`group-${group}`).getByTestId('resource-card').count()).toBe(1);
    }
    expect(await page.getByRole('tab').count()).toBe(0);

    await page.getByRole('textbox', { name: 'Buscar recursos' }).fill('transparencia del navegador');
    await page.getByRole('button', { name: 'Buscar' }).click();
    const site = page.getByTestId('group-website').getByTestId('resource-card');
    await site.getByRole('link', { name: 'Ir al sitio' }).waitFor();

    await page.getByRole('textbox', { name: 'Buscar recursos' }).fill('zzz inexistente');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('No encontramos algún recurso con tu búsqueda').waitFor();
    await page.getByText('«zzz inexistente»').waitFor();
  });

  it('takes an article with its image from the administration to the public cards', async () => {
    const admin = await browser.newContext({
      ...QUIET,
      locale: 'es-MX',
      viewport: { width: 1280, height: 900 },
    });
    const adminPage = await admin.newPage();
    await adminPage.goto(`${portal.baseUrl}/login?redirectTo=%2Fadmin%2Fresources`);
    await signIn(adminPage, 'recursos@example.org', 'clave-de-recursos');
    await chooseMonitor(adminPage);
    await adminPage.getByRole('button', { name: 'Nuevo recurso' }).click();
    const modal = adminPage.getByRole('dialog', { name: 'Nuevo(a)' });
    await modal.getByLabel(/^Título/).fill('Artículo con imagen del navegador');
    await modal.getByLabel(/^Url/).fill('https://example.org/articulo-con-imagen');
    await modal.getByLabel(/^Clasificación/).click();
    await adminPage.getByRole('option', { name: 'Artículo' }).click();
    await modal
      .locator('input[type="file"]')
      .setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: PNG });
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await adminPage.getByText('El recurso fue creado correctamente').waitFor();
    await adminPage.getByText('La imagen del recurso se guardó correctamente').waitFor();
    await admin.close();

    await page.goto(`${portal.baseUrl}/resources?busqueda=${encodeURIComponent('con imagen del navegador')}`);
    const card = page.getByTestId('group-article').getByTestId('resource-card');
    await card.getByText('Artículo con imagen del navegador').waitFor();
    const src = await card.locator('img').first().getAttribute('src');
    expect(src).toMatch(/^\/public-api\/files\/image\/[0-9a-f-]{36}$/);
    const image = await fetch(`${portal.baseUrl}${src}`);
    expect(image.headers.get('content-type')).toBe('image/png');
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
