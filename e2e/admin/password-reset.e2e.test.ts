import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtp } from '../../src/server/test/smtp';
import { addAdministrator, signIn } from '../fixtures/admin';
import { launchBrowser, openWatchedPage, type WatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

/** Forgotten password in Chromium: the e-mail arrives over SMTP and its link sets a new password once. */
describe('password recovery in Chromium', () => {
  let portal: RunningPortal;
  let smtp: TestSmtp;
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    portal = await startPortal({ SMTP_URL: smtp.url, MAIL_FROM: 'Vigía <no-reply@vigia.test>' });
    await addAdministrator(portal.database.db, {
      email: 'olvido@example.org',
      password: 'la-vieja-clave',
      name: 'Olga',
      lastName: 'Olvido',
    });
    browser = await launchBrowser();
    watched = await openWatchedPage(browser);
    ({ page } = watched);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await smtp?.close();
  });

  it('mails a link that sets a new password, then signs in; the used link is refused', async () => {
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.getByRole('button', { name: 'ENVIAR CORREO' }).click();
    await page.getByText('Por favor, completa los campos para restablecer la contraseña.').waitFor();
    await page.getByLabel('Correo electrónico').fill('olvido@example.org');
    await page.getByRole('button', { name: 'ENVIAR CORREO' }).click();
    await page.getByRole('heading', { name: 'Revisa tu correo' }).waitFor();
    await page.getByText('olvido@example.org').waitFor();

    const mail = await smtp.waitFor((message) => message.to.includes('olvido@example.org'));
    const link = /(http:\/\/127\.0\.0\.1:\d+\/new-password\/[\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect(link).not.toBe('');
    // The e-mail links to the configured public address; open the same path on this test server.
    const path = new URL(link).pathname;

    await page.goto(`${portal.baseUrl}${path}`);
    await page.getByLabel('Nueva contraseña').fill('la-nueva-clave');
    await page.getByLabel('Confirmar contraseña').fill('otra-cosa');
    await page.getByRole('button', { name: 'CAMBIAR CONTRASEÑA' }).click();
    await page.getByText('Por favor, verifica que ambas contraseñas coincidan.').waitFor();
    await page.getByLabel('Confirmar contraseña').fill('la-nueva-clave');
    await page.getByRole('button', { name: 'CAMBIAR CONTRASEÑA' }).click();
    await page.waitForURL(/\/login$/);
    await page
      .getByTestId('login-info')
      .getByText('Tu contraseña se ha actualizado correctamente. Por favor inicia sesión nuevamente.')
      .waitFor();
    await signIn(page, 'olvido@example.org', 'la-nueva-clave');
    await page.waitForURL(/\/admin\/select-organization/);

    // The used link is refused: the browser reports the server's 410 as a failed resource.
    watched.expectedConsole = /status of 410 \(Gone\)/;
    await page.goto(`${portal.baseUrl}${path}`);
    await page.getByLabel('Nueva contraseña').fill('tercera-clave');
    await page.getByLabel('Confirmar contraseña').fill('tercera-clave');
    await page.getByRole('button', { name: 'CAMBIAR CONTRASEÑA' }).click();
    await page.waitForURL(/\/login$/);
    await page
      .getByTestId('login-info')
      .getByText(
        'Este enlace ha expirado o no es válido. Por favor intenta recuperar tu contraseña nuevamente.',
      )
      .waitFor();
  });
});
