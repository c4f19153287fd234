import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, organizations } from '../../src/server/db/schema';
import { startSmtpServer, type TestSmtp } from '../../src/server/test/smtp';
import { SANTA_LUCIA } from '../fixtures/admin';
import { expectFitsTheScreen, launchBrowser, openWatchedPage, type WatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

const TEAM = 'equipo-e2e@monitor.example.org';

/**
 * The contact page in Chromium: the monitor's details beside the form, the required-field
 * messages, the ALTCHA box solved in the browser, and the message arriving over SMTP.
 */
describe('contact page in Chromium', () => {
  let portal: RunningPortal;
  let smtp: TestSmtp;
  let browser: Browser;
  let watched: WatchedPage;
  let address: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    portal = await startPortal({ SMTP_URL: smtp.url, MAIL_FROM: 'Vigía <no-reply@vigia.test>' });
    const [slv] = await portal.database.db
      .update(organizations)
      .set({ contactEmail: TEAM, socialUrl: 'https://social.example.org/vigia-slv' })
      .where(eq(organizations.name, SANTA_LUCIA))
      .returning();
    address = slv!.address!;
    browser = await launchBrowser();
    watched = await openWatchedPage(browser);
    // The test machine has no outside network: the map answers from here.
    await watched.context.route('https://maps.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>Mapa de prueba</p>' }),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await smtp?.close();
  });

  it('shows the details, asks for the required fields, solves the captcha and delivers the message', async () => {
    const { page } = watched;
    await page.goto(`${portal.baseUrl}/select-organization?redirectTo=%2Fcontact`);
    await page.getByRole('button', { name: `Seleccionar ${SANTA_LUCIA}` }).click();
    await page.waitForURL(/\/contact$/);
    await page.getByRole('heading', { name: 'Contacto', level: 1 }).waitFor();

    const map = page.locator(`iframe[title="Mapa: ${address}"]`);
    await map.waitFor();
    expect(await map.getAttribute('src')).toBe(
      `https://maps.google.com/maps?q=${encodeURIComponent(address)}&output=embed`,
    );
    expect(await map.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(await page.getByRole('link', { name: TEAM }).getAttribute('href')).toBe(`mailto:${TEAM}`);
    await page.getByRole('link', { name: 'social.example.org/vigia-slv' }).waitFor();
    await page.getByText('Lunes a viernes de 9:30 a 14:00 y de 16:00 a 18:00').waitFor();
    await page.getByText('* Campos obligatorios').waitFor();

    await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
    for (const message of [
      'El nombre es requerido',
      'El correo electrónico es requerido',
      'El mensaje es requerido',
      'Por favor marca la casilla «No soy un robot» antes de enviar tu mensaje',
    ]) {
      await page.getByText(message).waitFor();
    }

    await page.getByLabel('Nombre').fill('Lucía <b>Navegadora</b>');
    await page.getByLabel('Correo electrónico').fill('lucia@example.org');
    await page.getByLabel('Correo electrónico').blur();
    await page.getByLabel('Teléfono').fill('+52 55 1234 5678');
    await page.getByLabel('Mensaje').fill('Quisiera saber más del contrato CTO-1.\nGracias & saludos.');
    expect(await page.getByText('El nombre es requerido').count()).toBe(0);

    const started = Date.now();
    // An SVG drawn over the box intercepts the pointer (stack probe, section 8).
    await page.getByRole('checkbox', { name: 'No soy un robot' }).click({ force: true });
    await page.getByText('Verificado', { exact: true }).waitFor({ timeout: 30_000 });
    console.info(`ALTCHA solved in the browser in ${Date.now() - started} ms (500 ms minimum shown)`);

    await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
    await page.getByRole('heading', { name: '¡Tu mensaje ha sido enviado!' }).waitFor();
    await page.getByText('Gracias por comunicarte con nosotros, en breve te responderemos.').waitFor();
    expect(await page.getByRole('button', { name: 'Enviar Mensaje' }).count()).toBe(0);

    const mail = await smtp.waitFor((message) => message.to.includes(TEAM));
    expect(mail.subject).toBe('Vigía | Contacto');
    expect(mail.replyTo).toEqual(['lucia@example.org']);
    expect(mail.text).toContain('Nombre: Lucía <b>Navegadora</b>');
    expect(mail.text).toContain('Teléfono: +52 55 1234 5678');
    expect(mail.text).toContain('Correo electrónico: lucia@example.org');
    expect(mail.text).toContain('Quisiera saber más del contrato CTO-1.\nGracias & saludos.');
    expect(mail.html).toContain('Lucía &lt;b&gt;Navegadora&lt;/b&gt;');

    // The e-mail is a durable job: the message is marked sent once the job has finished.
    await portal.app.deps.jobs.idle();
    const [stored] = await portal.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'lucia@example.org'));
    expect(stored?.sentAt).toBeInstanceOf(Date);
  });

  it('stacks the form above the details on a phone, without sideways scrolling', async () => {
    const phone = await openWatchedPage(browser, { viewport: { width: 360, height: 740 } });
    await phone.context.route('https://maps.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>Mapa de prueba</p>' }),
    );
    const { page } = phone;
    await page.goto(`${portal.baseUrl}/select-organization?redirectTo=%2Fcontact`);
    await page.getByRole('button', { name: `Seleccionar ${SANTA_LUCIA}` }).click();
    await page.getByRole('checkbox', { name: 'No soy un robot' }).waitFor();
    const form = await page.getByRole('form', { name: 'Formulario de contacto' }).boundingBox();
    const map = await page.locator(`iframe[title="Mapa: ${address}"]`).boundingBox();
    expect(form!.y + form!.height).toBeLessThanOrEqual(map!.y);
    expect(map!.width).toBeGreaterThan(300);
    await expectFitsTheScreen(page);
    await phone.context.close();
  });
});
