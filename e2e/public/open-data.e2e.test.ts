import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { CONTRACT_COLUMNS } from '../../src/server/modules/open-data/flat';
import { DESKTOP, expectAccessible, PHONE } from '../fixtures/accessibility';
import { expectFitsTheScreen, launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const FILE_NAMES = [
  'Paquete de entregas OCDS (JSON)',
  'Paquete de registros OCDS (JSON)',
  'Entregas compiladas, una por línea (JSON Lines)',
  'Contratos (CSV, una fila por contrato)',
  'Proveedores (CSV)',
  'Contratos (Excel)',
];

/**
 * /open-data in Chromium (issue 31): a visitor who chose the demonstration's monitor finds its files
 * and the whole installation's, on a desktop and on a 360-px phone, and the CSV link downloads the
 * contracts with their header; a visitor who chose none gets the installation's files only.
 */
describe('the open data page in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let slv: { id: string; name: string };

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const [row] = await queryRows<{ id: string; name: string }>(
      portal.database.db,
      sql`SELECT id, name FROM organizations WHERE short_name = 'SLV'`,
    );
    slv = row!;
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /** Every file of a section listed, each with its size (or the note that it is built on download) and its link. */
  async function expectFiles(page: Page, section: string) {
    const region = page.getByRole('region', { name: section });
    await region.getByRole('listitem').first().waitFor();
    expect(await region.getByRole('listitem').count()).toBe(FILE_NAMES.length);
    for (const name of FILE_NAMES) {
      const row = region.getByRole('listitem').filter({ hasText: name });
      expect(await row.textContent()).toMatch(/\d+(\.\d)? (B|KB|MB|GB)|Se prepara al descargar/);
      expect(await row.getByRole('link', { name: `Descargar ${name}` }).getAttribute('href')).toMatch(
        /^\/public-api\/ocds\/bulk\//,
      );
    }
    return region;
  }

  for (const [device, viewport] of [
    ['a desktop', DESKTOP],
    ['a 360-px phone', PHONE],
  ] as const) {
    it(`lists the monitor's and the installation's files on ${device}; the CSV downloads with its header`, async () => {
      const { context, page } = await openWatchedPage(browser, { viewport, acceptDownloads: true });
      await page.goto(`${portal.baseUrl}/select-organization`);
      await page.getByRole('button', { name: /Seleccionar Municipio de Santa Lucía del Valle/ }).click();
      await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
      await page.goto(`${portal.baseUrl}/open-data`);
      await page.getByRole('heading', { level: 1, name: 'Datos abiertos' }).waitFor();

      const monitor = await expectFiles(page, slv.name);
      await expectFiles(page, 'Toda la instalación');
      expect(
        await page.getByRole('link', { name: 'Documentación completa de la API' }).getAttribute('href'),
      ).toBe('/api/docs');
      // Nothing wider than the window.
      await expectFitsTheScreen(page);
      await expectAccessible(page, `/open-data, ${viewport.width} px`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        monitor.getByRole('link', { name: 'Descargar Contratos (CSV, una fila por contrato)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
      const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
      expect(lines.length).toBeGreaterThan(1);
      const [header] = parse(lines[0]!) as string[][];
      expect(header).toEqual(CONTRACT_COLUMNS.map((column) => column.header));
      await context.close();
    }, 120_000);
  }

  it("offers only the installation's files to a visitor who chose no monitor", async () => {
    const { context, page } = await openWatchedPage(browser, { viewport: DESKTOP });
    await page.goto(`${portal.baseUrl}/open-data`);
    await page.getByRole('heading', { level: 1, name: 'Datos abiertos' }).waitFor();
    await expectFiles(page, 'Toda la instalación');
    expect(new URL(page.url()).pathname).toBe('/open-data');
    expect(
      await page
        .getByRole('heading', { level: 2 })
        .allTextContents()
        .then((headings) => headings.filter((heading) => heading !== 'Para programadores')),
    ).toEqual(['Toda la instalación']);
    await context.close();
  }, 120_000);
});
