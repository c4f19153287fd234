import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { addAdministrator, chooseMonitor, SANTA_LUCIA, signIn } from '../fixtures/admin';
import { launchBrowser, openWatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const PASSWORD = 'clave-de-configuracion';
const RED = 'rgb(231, 28, 79)';

/** A real PNG of the given size (a gradient), so the browser can decode it. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([40 + x, 80 + y, 140], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An administrator configures the public site of a monitor (cover, texts, flags, default period,
 * theme) and the public home shows it all on the next page load, in the same browser.
 */
describe('settings in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    await addAdministrator(portal.database.db, {
      email: 'configuracion@example.org',
      password: PASSWORD,
      name: 'Conf',
      lastName: 'Iguración',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const stored = async () =>
    (
      await queryRows<{ title: string; cover: string; theme: string; round: boolean; period: string }>(
        portal.database.db,
        sql`SELECT title, cover_file_id AS cover, theme, round, default_administration_period AS period
            FROM organizations WHERE name = ${SANTA_LUCIA}`,
      )
    )[0]!;

  it('uploads a cover, edits the general information and the theme; the public home follows', async () => {
    const { context, page } = await openWatchedPage(browser);
    await page.goto(`${portal.baseUrl}/login?redirectTo=${encodeURIComponent('/admin/settings')}`);
    await signIn(page, 'configuracion@example.org', PASSWORD);
    await chooseMonitor(page);
    await page.waitForURL((url) => url.pathname === '/admin/settings');
    await page.getByRole('heading', { name: 'Configuración', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Información general' }).waitFor();
    await page.getByText('Tamaño recomendado 1280 x 500').waitFor();
    const view = page.getByTestId('settings-view');
    await view.waitFor();
    const before = await stored();

    // Cover: chosen through the drop area's file input; the preview shows the new file.
    await page
      .getByLabel('Imagen de portada')
      .setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: png(64, 25) });
    await page.getByText('La portada se actualizó correctamente').waitFor();
    const { cover } = await stored();
    expect(cover).not.toBe(before.cover);
    await page.locator(`[data-testid="cover-preview"][src="/public-api/files/image/${cover}"]`).waitFor();

    // General information: Editar → change → Guardar → view mode with the new values.
    await page.getByRole('button', { name: 'Editar' }).click();
    const form = page.getByTestId('settings-form');
    await form
      .getByLabel('Título', { exact: true })
      .fill('Monitor <b>Ciudadano</b> de Santa Lucía<img src=x onerror="window.__xss = 1">');
    await form.getByLabel('Correo del formulario de contacto').fill('no es un correo');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form
      .getByText('El correo del formulario de contacto no tiene un formato válido.')
      .first()
      .waitFor();
    await form.getByLabel('Correo del formulario de contacto').fill('buzon@santa-lucia.example.org');
    await form.getByRole('switch', { name: 'Redondear cantidades' }).uncheck({ force: true });
    await form.getByLabel('Periodo de administración predeterminado').click();
    await page.getByRole('option', { name: '2021-2024' }).click();
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La información general se actualizó correctamente').waitFor();
    await view.waitFor();
    expect(await form.count()).toBe(0);
    await view.getByText('Monitor Ciudadano de Santa Lucía').waitFor();
    expect(await view.locator('b', { hasText: 'Ciudadano' }).count()).toBe(1);
    await view.getByText('buzon@santa-lucia.example.org').waitFor();
    await view.getByText('2021-2024').waitFor();
    expect(await stored()).toMatchObject({
      title: 'Monitor <b>Ciudadano</b> de Santa Lucía',
      round: false,
      period: '2021-2024',
    });

    // Theme: 'Cambiar tema' opens the choice; a click saves, closes it and recolours this page.
    await page.getByRole('tab', { name: 'Personalización de la plataforma' }).click();
    await page.getByRole('button', { name: 'Cambiar tema' }).click();
    await page.getByTestId('theme-options').waitFor();
    await page.getByRole('button', { name: 'Rojo, tema' }).click();
    await page.getByText('El tema se actualizó correctamente').waitFor();
    await page.getByTestId('theme-options').waitFor({ state: 'detached' });
    await page.getByTestId('current-theme').getByText('Rojo').waitFor();
    await page.waitForFunction(() => document.body.classList.contains('red'));
    const changeButton = page.getByRole('button', { name: 'Cambiar tema' });
    await expect
      .poll(() => changeButton.evaluate((node) => getComputedStyle(node).backgroundColor))
      .toBe(RED);
    expect((await stored()).theme).toBe('red');

    // The public home, on a new page load in the same browser.
    await page.goto(`${portal.baseUrl}/`);
    const title = page.locator('#cover-title');
    await title.getByText('Monitor Ciudadano de Santa Lucía').waitFor();
    expect(await title.locator('b').textContent()).toBe('Ciudadano');
    expect(await title.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.title()).toBe('Monitor Ciudadano de Santa Lucía · Vigía');
    const background = await page
      .locator('section[aria-labelledby="cover-title"]')
      .evaluate((node) => getComputedStyle(node).backgroundImage);
    expect(background).toContain(`/public-api/files/image/${cover}`);
    // The cover is served and decodes as the uploaded 64 × 25 image.
    const size = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, `/public-api/files/image/${cover}`);
    expect(size).toEqual([64, 25]);
    expect(await page.evaluate(() => document.body.className)).toBe('theme-body red');
    const suppliers = page.getByRole('link', { name: 'Ver proveedores' });
    expect(await suppliers.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe(RED);
    // The default administration period is preselected in the filters.
    await page.getByText('Administración: 2021-2024').waitFor();

    await context.close();
  });
});
