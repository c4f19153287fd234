import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { addAdministrator, apiToken, chooseMonitor, SANTA_LUCIA, signIn } from '../fixtures/admin';
import { launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const EMAIL = 'respaldos@example.org';
/** A long folder both documents share: the admin's list must still tell them apart. */
const FOLDER = '/transparencia/sipot/2025/obras-publicas/licitaciones/expedientes-del-segundo-trimestre';
const PASSWORD = 'clave-de-respaldos';

/**
 * Backup copies in Chromium: a contract saved with two document links gets its copy in the
 * background; a visitor downloads the copy (with its date and SHA-256) and reads why the other one
 * has none; an administrator sees the failure on the data-load page and retries it.
 */
describe('backup copies of contract documents in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let server: http.Server;
  let base: string;
  let announcementServed = false;
  let contractId: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === `${FOLDER}/contrato-obra.pdf`) return response.writeHead(200).end(PDF);
      if (request.url === `${FOLDER}/convocatoria.pdf` && announcementServed)
        return response.writeHead(200).end(Buffer.concat([PDF, Buffer.from('% convocatoria\n')]));
      response.writeHead(404).end('no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    portal = await startPortal({
      BACKUPS_ENABLED: 'true',
      PEERS_ALLOW_PRIVATE: '127.0.0.1/32',
      BACKUP_HOST_PAUSE_MS: '0',
      BACKUP_TIMEOUT_MS: '5000',
    });
    browser = await launchBrowser();
    await addAdministrator(portal.database.db, {
      email: EMAIL,
      password: PASSWORD,
      name: 'Rocío',
      lastName: 'Respaldo',
    });

    // A contract saved through the one write path, with two document links.
    const token = await apiToken(portal.baseUrl, EMAIL, PASSWORD);
    const [monitor] = await queryRows<{ id: string; unit: string; supplier: string }>(
      portal.database.db,
      sql`SELECT o.id, (SELECT id FROM administrative_units u WHERE u.organization_id = o.id LIMIT 1) AS unit,
            (SELECT id FROM suppliers s WHERE s.organization_id = o.id LIMIT 1) AS supplier
          FROM organizations o WHERE o.name = ${SANTA_LUCIA}`,
    );
    const saved = await fetch(`${portal.baseUrl}/api/contracts/save`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-current-organization-id': monitor!.id,
      },
      body: JSON.stringify({
        supplier: monitor!.supplier,
        procedureType: 'PUBLIC',
        category: 'PUBLIC_WORKS',
        administrationPeriod: '2024-2027',
        fiscalYear: '2025',
        period: '2o 2025',
        contractId: 'LP-RESPALDO/25',
        procedureState: 'CONCLUDED',
        organizerAdministrativeUnit: monitor!.unit,
        applicantAdministrativeUnit: monitor!.unit,
        administrativeUnitType: 'CENTRALIZED',
        areaInCharge: 'Dirección de Obras Públicas',
        servicesDescription: 'Rehabilitación del mercado municipal con respaldo',
        contractType: 'NORMAL',
        contractDate: '2025-05-10',
        contractNumber: 'CTO-RESPALDO-1',
        totalAmount: 845_000,
        contractUrl: `${base}${FOLDER}/contrato-obra.pdf`,
        announcementUrl: `${base}${FOLDER}/convocatoria.pdf`,
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    contractId = ((await saved.json()) as { data: { _id: string } }).data._id;
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a visitor downloads the copy with its date and fingerprint, and reads why another has none', async () => {
    // The copy is made in the background, right after the save.
    await expect
      .poll(
        async () => {
          const [row] = await queryRows<{ n: number }>(
            portal.database.db,
            sql`SELECT count(*)::int AS n FROM document_sources WHERE state <> 'PENDING'`,
          );
          return row!.n;
        },
        { timeout: 30_000 },
      )
      .toBe(2);
    const { context, page } = await openWatchedPage(browser, { acceptDownloads: true });
    await page.goto(`${portal.baseUrl}/select-organization`);
    await page.getByRole('button', { name: `Seleccionar ${SANTA_LUCIA}` }).click();
    await page.waitForURL((address) => !address.pathname.startsWith('/select-organization'));
    await page.goto(`${portal.baseUrl}/contracts/${contractId}`);
    await page.getByRole('heading', { name: 'Rehabilitación del mercado municipal con respaldo' }).waitFor();

    await page.getByRole('button', { name: /^Contrato/ }).click();
    const dialog = page.getByRole('dialog');
    const copy = dialog.getByTestId('backup-copy');
    await copy.waitFor();
    expect(await copy.getByTestId('backup-sha256').textContent()).toBe(
      createHash('sha256').update(PDF).digest('hex'),
    );
    await copy.getByText(/^Copiada el \d{2}\/\d{2}\/\d{4}/).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      copy.getByRole('link', { name: 'Descargar copia de respaldo' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('contrato-obra.pdf');
    expect(readFileSync((await download.path())!).equals(PDF)).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Convocatoria/ }).click();
    const missing = page.getByRole('dialog').getByTestId('backup-missing');
    await missing.getByText('La copia de respaldo no está disponible.').waitFor();
    await missing.getByText('El documento ya no está en la dirección original.').waitFor();
    await context.close();
  });

  it('an administrator sees the failure by its reason on the data-load page and retries it', async () => {
    const { context, page } = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 900 },
    });
    await page.goto(`${portal.baseUrl}/login`);
    await signIn(page, EMAIL, PASSWORD);
    await chooseMonitor(page);
    await page.goto(`${portal.baseUrl}/admin/data-load`);
    const panel = page.getByTestId('backups-panel');
    await panel.getByText('Copias de respaldo de documentos').waitFor();
    await expect.poll(() => panel.getByTestId('backups-failed').locator('p').nth(1).textContent()).toBe('1');
    await panel.getByText('El documento ya no está en la dirección original.').first().waitFor();
    // Every row shows its state whole and its address's end (the file), cutting the shared middle.
    const rows = panel.getByTestId('backup-row');
    await expect.poll(() => rows.count()).toBe(2);
    for (const one of await rows.all()) {
      const badge = one.locator('.mantine-Badge-label');
      expect(await badge.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      const end = one.getByTestId('link-end');
      const [endBox, cellBox] = [
        (await end.boundingBox())!,
        (await one.locator('td').first().boundingBox())!,
      ];
      expect(endBox.x + endBox.width).toBeLessThanOrEqual(cellBox.x + cellBox.width);
    }
    expect((await rows.getByTestId('link-end').allInnerTexts()).sort()).toEqual([
      '/contrato-obra.pdf',
      '/convocatoria.pdf',
    ]);
    await panel.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Con fallas' }).click();
    const row = panel.getByTestId('backup-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.first().textContent()).toContain(`${base}${FOLDER}/convocatoria.pdf`);

    announcementServed = true;
    await row.first().getByRole('button', { name: 'Reintentar' }).click();
    await page.getByText('Se pidió de nuevo 1 documento.').waitFor();
    await expect
      .poll(() => panel.getByTestId('backups-failed').locator('p').nth(1).textContent(), { timeout: 30_000 })
      .toBe('0');
    await context.close();
  });
});
