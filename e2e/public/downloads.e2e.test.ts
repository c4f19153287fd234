import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/shared/constants/limits';
import { launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const PREPARING = 'Tu documento se sigue preparando. La descarga empezará sola en cuanto esté listo.';

/**
 * The screen stays honest while a download is prepared: the spec's dialog closes after 7 s, then a
 * lasting notice says the document is still being prepared until the file arrives; a refused
 * download says why in Spanish.
 */
describe('waiting for a download in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // One download per address at a time and one PDF builder, so a test can hold either.
    portal = await startPortal({ DOWNLOADS_PER_ADDRESS: '1', PDF_WORKERS: '1' });
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  beforeEach(async () => {
    ({ context, page } = await openWatchedPage(browser, { acceptDownloads: true }));
  });
  afterEach(async () => {
    await context.close();
  });

  async function openSuppliers() {
    await page.goto(`${portal.baseUrl}/select-organization`);
    await page.getByRole('button', { name: /Seleccionar Municipio de Santa Lucía del Valle/ }).click();
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    await page.goto(`${portal.baseUrl}/suppliers`);
    await page.locator('tbody tr').first().waitFor();
  }

  it('keeps a notice after the 7-second dialog until the slow PDF arrives', async () => {
    // The page's clock is the test's: its 7 seconds pass at once, and no wall-clock wait is needed.
    await page.clock.install();
    await openSuppliers();
    // Another visitor's PDF holds the only builder until the notice is seen, so this one waits in line.
    const other = await portal.app.deps.downloads.admit('192.0.2.50', true);
    const builder = await other.pdfTurn(10_000);
    let held = true;
    const free = () => {
      if (!held) return;
      held = false;
      builder();
      other.release();
    };
    try {
      await page.getByRole('button', { name: 'Descargar' }).click();
      const arrived = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('menuitem', { name: 'PDF' }).click();
      const dialog = page.getByText('Tu documento se descargará en un momento...');
      await dialog.waitFor();
      // The dialog closes by itself after the spec's wait; the notice takes over until the file comes.
      await page.clock.fastForward(LIMITS.downloadWaitMs);
      await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
      await page.getByText(PREPARING).waitFor({ timeout: 5_000 });
      free();
      const download = await arrived;
      expect(download.suggestedFilename()).toMatch(/^vigia-proveedores-\d{4}-\d{2}-\d{2}\.pdf$/);
      await page.getByText(PREPARING).waitFor({ state: 'hidden', timeout: 10_000 });
    } finally {
      free();
    }
  }, 120_000);

  it('says in Spanish why a download was refused, and ends the wait', async () => {
    await openSuppliers();
    // Another download of this address is under way on the server.
    const other = await portal.app.deps.downloads.admit('127.0.0.1', false);
    try {
      await page.getByRole('button', { name: 'Descargar' }).click();
      await page.getByRole('menuitem', { name: 'JSON' }).click();
      await page
        .getByText('Ya tienes descargas en curso. Espera a que terminen e intenta nuevamente.')
        .waitFor({ timeout: 20_000 });
      // The refusal closed the waiting dialog at once, and no notice stays.
      await page.getByText('Tu documento se descargará en un momento...').waitFor({ state: 'hidden' });
      expect(await page.getByText(PREPARING).count()).toBe(0);
    } finally {
      other.release();
    }
  }, 120_000);
});
