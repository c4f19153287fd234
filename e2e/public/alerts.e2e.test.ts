import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { alertsSettled, createFollow } from '../../src/server/test/alert-follows';
import { type ReceivedMail, startSmtpServer, type TestSmtp } from '../../src/server/test/smtp';
import { expectAccessible } from '../fixtures/accessibility';
import { addAdministrator, apiToken } from '../fixtures/admin';
import { expectFitsTheScreen, launchBrowser, openWatchedPage } from '../fixtures/browser';
import { RESULTS_DIR } from '../fixtures/failures';
import { type RunningPortal, startPortal } from '../fixtures/server';

const MONITOR = 'Municipio de Avisos del Río';
const EMAIL = 'avisos-admin@example.org';
const PASSWORD = 'clave-de-avisos';
const SUPPLIER = 'FERRETERÍA EL AVISO SA DE CV';
/** Follows the same supplier from the start, straight in the database: each alert to it says the matching and sending ran. */
const WITNESS = 'testigo@example.org';
/** The alerts' screens as a visitor saw them (kept by CI with the failures). */
const SCREENS = path.join(RESULTS_DIR, 'alerts');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** The links of an e-mail's text, in order. */
const linksOf = (mail: ReceivedMail) => [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);

/**
 * The alerts by e-mail (issue 33, decision 0053) in Chromium, on a monitor of its own, with a test
 * SMTP server: a visitor, on a desktop and on a 360-px phone, follows a supplier from its page
 * (the contact form's captcha solved in the browser), confirms from the link of the e-mail, opens
 * the page of everything the address follows; an administrator saves a contract of that supplier
 * through the administration's API (the one write path), and after the red-flag refresh the
 * matching sends the alert, whose link opens that contract; the e-mail carries the one-click
 * unsubscribe of RFC 8058 (posted here as a mail client does) and a link to the unsubscribe page,
 * whose button ends everything; the old links then say they no longer work, and the next contract
 * of the supplier reaches the witness but not the address that left.
 */
describe('alerts in Chromium', () => {
  let portal: RunningPortal;
  let smtp: TestSmtp;
  let browser: Browser;
  let monitorId: string;
  let supplierId: string;
  let saveContract: (number: string, what: string) => Promise<string>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    portal = await startPortal({ SMTP_URL: smtp.url, MAIL_FROM: 'Vigía <no-reply@vigia.test>' });
    browser = await launchBrowser();
    const { db } = portal.database;
    await addAdministrator(db, { email: EMAIL, password: PASSWORD, name: 'Ana', lastName: 'Avisos' });
    const [monitor] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO organizations (id, name, short_name) VALUES (gen_random_uuid(), ${MONITOR}, 'MAR') RETURNING id`,
    );
    monitorId = monitor!.id;
    const [unit] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO administrative_units (id, organization_id, name)
          VALUES (gen_random_uuid(), ${monitorId}, 'Dirección de Obras') RETURNING id`,
    );
    const [supplier] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO suppliers (id, organization_id, name, rfc)
          VALUES (gen_random_uuid(), ${monitorId}, ${SUPPLIER}, 'FAV010101AB1') RETURNING id`,
    );
    supplierId = supplier!.id;
    await createFollow(db, WITNESS, monitorId, { kind: 'CONTRACTS', filters: { suppliers: [supplierId] } });

    const token = await apiToken(portal.baseUrl, EMAIL, PASSWORD);
    saveContract = async (number, what) => {
      const answer = await fetch(`${portal.baseUrl}/api/contracts/save`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-current-organization-id': monitorId,
        },
        body: JSON.stringify({
          category: 'ACQUISITION',
          administrationPeriod: '2024-2027',
          fiscalYear: '2025',
          procedureState: 'CONCLUDED',
          organizerAdministrativeUnit: unit!.id,
          applicantAdministrativeUnit: unit!.id,
          administrativeUnitType: 'CENTRALIZED',
          areaInCharge: 'Dirección de Obras',
          contractType: 'NORMAL',
          announcementUrl: 'https://example.org/convocatoria.pdf',
          contractUrl: 'https://example.org/contrato.pdf',
          supplier: supplierId,
          procedureType: 'NO_BID',
          contractId: `AD-${number}`,
          contractNumber: number,
          contractDate: '2025-07-07',
          period: '3o 2025',
          totalAmount: 18_500,
          servicesDescription: what,
        }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      return ((await answer.json()) as { data: { _id: string } }).data._id;
    };
    // One contract before anyone follows: never told.
    await saveContract('AVI-00', 'Herramienta para el almacén municipal');
    await alertsSettled(portal.app, 60_000);
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await smtp?.close();
  });

  const url = (route: string) => `${portal.baseUrl}${route}`;
  /** An address as the e-mails write it: on the configured public address (PORT 0 here). */
  const mailed = (route: string) => `${portal.app.deps.config.publicUrl}${route}`;
  /** The same page on this test server (as the password-reset test opens its link). */
  const here = (link: string) => {
    const { pathname, search } = new URL(link);
    return url(`${pathname}${search}`);
  };

  /** The whole page, or (a dialog open) what the screen shows. */
  async function shoot(page: Page, name: string, fullPage = true) {
    await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage });
  }

  /** The alert e-mail to `to` that lists contract `number`. */
  const alertFor = (to: string, number: string) =>
    smtp.waitFor(
      (mail) => mail.to.includes(to) && mail.subject.startsWith('Vigía: ') && mail.text.includes(number),
      60_000,
    );

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${device}: follows a supplier, confirms, gets the alert of its new contract and unsubscribes in one click`, async () => {
      const phone = device === 'phone';
      const visitor = `visitante-${device}@example.org`;
      const watched = await openWatchedPage(browser, {
        viewport,
        ...(phone ? { isMobile: true, hasTouch: true } : {}),
      });
      const { context, page } = watched;
      try {
        await page.goto(url('/select-organization'));
        await page.getByRole('button', { name: `Seleccionar ${MONITOR}` }).click();
        await page.waitForURL((address) => address.pathname === '/');

        // The supplier's page: 'Seguir' opens the form in a dialog.
        await page.goto(url(`/suppliers/${supplierId}`));
        await page.getByRole('heading', { level: 1, name: SUPPLIER }).waitFor();
        await page.getByRole('button', { name: 'Seguir', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Recibir avisos por correo' });
        const form = dialog.getByRole('form', { name: 'Seguir por correo' });
        await form.waitFor();
        await form.getByRole('checkbox', { name: 'No soy un robot' }).waitFor();
        await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(visitor);
        const what = form.getByRole('radio', { name: 'Contratos nuevos de este proveedor' });
        expect(await what.isChecked()).toBe(true);
        await form.getByRole('radio', { name: 'Después de cada actualización' }).check();
        await expectFitsTheScreen(page);
        await shoot(page, `follow-form-${device}`, false);
        await expectAccessible(page, `the follow form, ${device}`);
        // An SVG drawn over the box intercepts the pointer (as on the contact page).
        await form.getByRole('checkbox', { name: 'No soy un robot' }).click({ force: true });
        await form.getByText('Verificado', { exact: true }).waitFor({ timeout: 30_000 });
        await form.getByRole('button', { name: 'Seguir', exact: true }).click();
        await dialog.getByRole('heading', { name: 'Revisa tu correo' }).waitFor();
        await dialog
          .getByText(
            `Te enviamos un correo a ${visitor} para confirmar. Hasta que lo confirmes no recibirás avisos.`,
          )
          .waitFor();
        await shoot(page, `follow-sent-${device}`, false);
        await expectAccessible(page, `the follow form's answer, ${device}`);
        await dialog.getByRole('status').getByRole('button', { name: 'Cerrar' }).click();
        await dialog.waitFor({ state: 'detached' });

        // The confirmation e-mail: its link opens the page whose button confirms.
        const confirmation = await smtp.waitFor((mail) => mail.to.includes(visitor), 30_000);
        expect(confirmation.subject).toBe(`Vigía | Confirma tu aviso de ${MONITOR}`);
        const confirmUrl = linksOf(confirmation).find((link) => link.includes('/alerts/confirm/'));
        expect(confirmUrl).toMatch(new RegExp(`^${mailed('/alerts/confirm/')}[^/?#]+$`));
        await page.goto(here(confirmUrl!));
        await page.getByRole('heading', { level: 1, name: 'Confirmar aviso' }).waitFor();
        await page.getByRole('button', { name: 'Confirmar', exact: true }).waitFor();
        await page.getByText(SUPPLIER).first().waitFor();
        await expectFitsTheScreen(page);
        await shoot(page, `confirm-${device}`);
        await expectAccessible(page, `the confirmation page, ${device}`);
        await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
        await page.getByRole('heading', { name: 'Listo: recibirás avisos de lo que sigues.' }).waitFor();
        await shoot(page, `confirmed-${device}`);

        // The page of everything the address follows.
        await page.getByRole('link', { name: 'Ver y cambiar todo lo que sigues' }).click();
        await page.waitForURL(/\/alerts\/[^/]+$/);
        const manageUrl = page.url();
        const manageToken = new URL(manageUrl).pathname.split('/').pop()!;
        await page.getByRole('heading', { level: 1, name: 'Mis avisos' }).waitFor();
        await page.getByText(visitor, { exact: true }).waitFor();
        await page.getByRole('heading', { name: 'Lo que sigues' }).waitFor();
        await expectFitsTheScreen(page);
        await shoot(page, `manage-${device}`);
        await expectAccessible(page, `the management page, ${device}`);

        // An administrator saves a contract of the supplier: after the red-flag refresh the
        // matching sends the alert, which links to the contract in its monitor.
        const number = `AVI-${phone ? 'P' : 'D'}1`;
        const contractId = await saveContract(number, `Material eléctrico para el alumbrado (${device})`);
        const alert = await alertFor(visitor, number);
        expect(alert.subject).toBe(`Vigía: 1 contrato nuevo en ${MONITOR}`);
        expect(alert.text).toContain('Te llega porque sigues:');
        expect(alert.text).not.toContain('AVI-00');
        const contractLink = mailed(`/contracts/${contractId}?changeOrganization=${monitorId}`);
        expect(linksOf(alert)).toContain(contractLink);
        expect(alert.html).toContain(`href="${contractLink.replaceAll('&', '&amp;')}"`);
        // RFC 8058: the one-click URL (no mailto) and the POST a mail client sends to it.
        const oneClick = alert.headers['list-unsubscribe']!.match(/^<([^>]+)>$/)?.[1];
        expect(oneClick).toBe(mailed(`/public-api/alerts/unsubscribe/${manageToken}`));
        expect(alert.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
        const unsubscribePage = linksOf(alert).find((link) => link.includes('/alerts/unsubscribe/'));
        expect(unsubscribePage).toBe(mailed(`/alerts/unsubscribe/${manageToken}`));
        expect(linksOf(alert)).toContain(mailed(`/alerts/${manageToken}`));

        await page.goto(here(contractLink));
        await page.waitForURL(
          (address) => address.pathname === `/contracts/${contractId}` && !address.search,
        );
        await page
          .getByRole('heading', { level: 1, name: `Material eléctrico para el alumbrado (${device})` })
          .waitFor();

        // The e-mail's unsubscribe page: opening it changes nothing; its one button ends everything.
        await page.goto(here(unsubscribePage!));
        await page.getByRole('heading', { level: 1, name: 'Dejar de recibir avisos' }).waitFor();
        await expectFitsTheScreen(page);
        await shoot(page, `unsubscribe-${device}`);
        await expectAccessible(page, `the unsubscribe page, ${device}`);
        if (phone) {
          // The mail client's one click first: the address and its follows are gone, and the
          // page's button then says the same.
          const answer = await fetch(here(oneClick!), {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'List-Unsubscribe=One-Click',
          });
          expect(answer.status).toBe(200);
        }
        await page.getByRole('button', { name: 'Dejar de recibir avisos' }).click();
        await page.getByRole('heading', { name: 'Ya no recibirás avisos' }).waitFor();
        await expectFitsTheScreen(page);
        await shoot(page, `unsubscribed-${device}`);
        // Posted again (a mail client may retry): the address is gone already.
        const again = await fetch(here(oneClick!), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        });
        expect(again.status).toBe(200);

        // The management link no longer works: the browser reports the server's 404.
        watched.expectedConsole = /status of 404/;
        await page.goto(manageUrl);
        await page.getByText('El enlace no es válido o ya no existe.').waitFor();
        await expectFitsTheScreen(page);
        await shoot(page, `manage-gone-${device}`);

        // The next contract of the supplier reaches the witness, not the address that left.
        const after = `AVI-${phone ? 'P' : 'D'}2`;
        await saveContract(after, `Pintura para el mercado (${device})`);
        await alertFor(WITNESS, after);
        await alertsSettled(portal.app, 60_000);
        expect(smtp.messages.filter((mail) => mail.to.includes(visitor)).map((mail) => mail.subject)).toEqual(
          [confirmation.subject, alert.subject],
        );
      } finally {
        await context.close();
      }
    });
  }
});
