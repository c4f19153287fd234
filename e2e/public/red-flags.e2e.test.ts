import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { expectAccessible } from '../fixtures/accessibility';
import { addAdministrator, apiToken, chooseMonitor, signIn } from '../fixtures/admin';
import { expectFitsTheScreen, launchBrowser, openWatchedPage } from '../fixtures/browser';
import { RESULTS_DIR } from '../fixtures/failures';
import { type RunningPortal, startPortal } from '../fixtures/server';

const MONITOR = 'Municipio de Arroyo de las Señales';
const EMAIL = 'senales@example.org';
const PASSWORD = 'clave-de-senales';
const ANALYST = 'metodo@example.org';
const ANALYST_PASSWORD = 'clave-del-metodo';
/** The red flags' screens as the visitor and the administrator saw them (kept by CI with the failures). */
const SCREENS = path.join(RESULTS_DIR, 'red-flags');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
const SPLIT = 'Posible fraccionamiento';
const DISCLAIMER = 'Una señal es un motivo para revisar, no una acusación.';
/** The chain's sentence (shared/red-flags/sentences.ts), whatever its window and amounts. */
const CHAIN_SENTENCE = /adjudicaciones directas de la misma unidad convocante al mismo proveedor/;

/**
 * The red flags (issue 32) in Chromium, on a monitor of their own: three direct awards of one
 * supplier by one unit in fiscal year 2025, 21 days apart, each under the year's limit of $100,000
 * and $105,000 together, saved through the administration's API (the one write path) and flagged
 * by the refresh job. A visitor, on a desktop and on a 360-px phone, filters the contracts by
 * 'Posible fraccionamiento', opens a contract and follows the chain to another of its contracts,
 * and reads the supplier's flags on the suppliers list and page; an administrator (CALCULATIONS)
 * lowers the limit to $38,000 and the public list follows: the $40,000 award leaves the chain and
 * is over the limit instead.
 */
describe('red flags in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let monitorId: string;
  let chainSupplier: string;
  /** The chain's contracts, in date order: $40,000, $35,000 and $30,000. */
  let chain: string[];

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const { db } = portal.database;
    await addAdministrator(db, { email: EMAIL, password: PASSWORD, name: 'Sara', lastName: 'Señales' });
    await addAdministrator(db, {
      email: ANALYST,
      password: ANALYST_PASSWORD,
      name: 'Mateo',
      lastName: 'Método',
      administratorType: 'CUSTOM',
      permissions: ['CALCULATIONS'],
    });
    const [monitor] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO organizations (id, name, short_name) VALUES (gen_random_uuid(), ${MONITOR}, 'MAS') RETURNING id`,
    );
    monitorId = monitor!.id;
    const [unit] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO administrative_units (id, organization_id, name)
          VALUES (gen_random_uuid(), ${monitorId}, 'Dirección de Adquisiciones') RETURNING id`,
    );
    const supplier = async (name: string, rfc: string) =>
      (
        await queryRows<{ id: string }>(
          db,
          sql`INSERT INTO suppliers (id, organization_id, name, rfc)
              VALUES (gen_random_uuid(), ${monitorId}, ${name}, ${rfc}) RETURNING id`,
        )
      )[0]!.id;
    chainSupplier = await supplier('PAPELERÍA LA CADENA SA DE CV', 'PLC010101AB1');
    const other = await supplier('CONSTRUCTORA DEL VALLE SA DE CV', 'CVA020202CD2');

    const token = await apiToken(portal.baseUrl, EMAIL, PASSWORD);
    const call = async (route: string, body: unknown) => {
      const answer = await fetch(`${portal.baseUrl}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-current-organization-id': monitorId,
        },
        body: JSON.stringify(body),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      return ((await answer.json()) as { data: { _id: string } }).data;
    };
    // The year's limit first (CALCULATIONS), then the contracts through the one write path.
    await call('/api/red-flags/settings', { directAwardLimits: { '2025': 100_000 } });
    const contract = (fields: Record<string, unknown>) =>
      call('/api/contracts/save', {
        category: 'ACQUISITION',
        administrationPeriod: '2024-2027',
        fiscalYear: '2025',
        procedureState: 'CONCLUDED',
        organizerAdministrativeUnit: unit!.id,
        applicantAdministrativeUnit: unit!.id,
        administrativeUnitType: 'CENTRALIZED',
        areaInCharge: 'Dirección de Adquisiciones',
        contractType: 'NORMAL',
        announcementUrl: 'https://example.org/convocatoria.pdf',
        contractUrl: 'https://example.org/contrato.pdf',
        ...fields,
      });
    const award = async (number: string, date: string, period: string, amount: number, what: string) =>
      (
        await contract({
          supplier: chainSupplier,
          procedureType: 'NO_BID',
          contractId: `AD-${number}`,
          contractNumber: number,
          contractDate: date,
          period,
          totalAmount: amount,
          servicesDescription: what,
        })
      )._id;
    chain = [
      await award('CAD-01', '2025-03-03', '1o 2025', 40_000, 'Papelería para las oficinas municipales'),
      await award('CAD-02', '2025-03-24', '1o 2025', 35_000, 'Tóner e impresiones para la tesorería'),
      await award('CAD-03', '2025-04-14', '2o 2025', 30_000, 'Material de oficina para el cabildo'),
    ];
    // Two contracts without flags: a competed tender and a small direct award of another supplier.
    await contract({
      supplier: other,
      procedureType: 'PUBLIC',
      contractId: 'LP-ARROYO/25',
      contractNumber: 'LP-01',
      contractDate: '2025-05-12',
      period: '2o 2025',
      totalAmount: 480_000,
      servicesDescription: 'Rehabilitación del mercado municipal',
      bidders: [
        { name: 'CONSTRUCTORA DEL VALLE SA DE CV', rfc: 'CVA020202CD2' },
        { name: 'OBRAS DEL NORTE SA DE CV', rfc: 'ONO030303EF3' },
      ],
    });
    await contract({
      supplier: other,
      procedureType: 'NO_BID',
      contractId: 'AD-VALLE-01',
      contractNumber: 'VAL-01',
      contractDate: '2025-06-09',
      period: '2o 2025',
      totalAmount: 20_000,
      servicesDescription: 'Reparación de la bomba del pozo',
    });
    // The chain is the monitor-wide refresh job's (queued by the saves): waited for, as a visitor would.
    const want = JSON.stringify([...chain].sort());
    for (let waited = 0; JSON.stringify(await listed(['SPLIT_DIRECT_AWARDS'])) !== want; waited += 250) {
      if (waited > 60_000) throw new Error('The refresh job did not flag the chain within a minute');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const url = (route: string) => `${portal.baseUrl}${route}`;

  /** The ids of the monitor's contracts with these flags, from the public API. */
  async function listed(redFlags: string[]): Promise<string[]> {
    const answer = await fetch(url('/public-api/contracts/filtered-list?page=1'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-current-organization-id': monitorId },
      body: JSON.stringify({ filters: { redFlags } }),
    });
    const body = (await answer.json()) as { data: { docs: { _id: string }[] } };
    return body.data.docs.map((doc) => doc._id).sort();
  }

  /** How many of the monitor's contracts carry any flag, straight from the flags' table. */
  async function flaggedContracts(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      portal.database.db,
      sql`SELECT count(DISTINCT f.contract_id)::int AS n FROM contract_flags f
          JOIN contracts c ON c.id = f.contract_id
          WHERE c.organization_id = ${monitorId} AND c.deleted_at IS NULL`,
    );
    return row!.n;
  }

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
  }

  const tile = (page: Page) => page.getByTestId('flagged-tile');

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${device}: filters by a flag, opens a contract, follows the chain, and reads the supplier's flags`, async () => {
      const phone = device === 'phone';
      const { context, page } = await openWatchedPage(browser, {
        viewport,
        ...(phone ? { isMobile: true, hasTouch: true } : {}),
      });
      try {
        await page.goto(url('/select-organization'));
        await page.getByRole('button', { name: `Seleccionar ${MONITOR}` }).click();
        await page.waitForURL((address) => address.pathname === '/');

        // The list: the tile says how many listed contracts carry flags; the filter keeps only the chain.
        await page.goto(url('/contracts'));
        await page.getByText('5 contratos', { exact: true }).waitFor();
        expect(await tile(page).textContent()).toContain(
          `${await flaggedContracts()} de 5 contratos listados con señales de alerta`,
        );
        if (phone) await page.getByRole('button', { name: /^Filtros/ }).click();
        await page.getByRole('combobox', { name: 'Señales de alerta' }).click();
        const option = page.getByRole('option', { name: SPLIT, exact: true });
        await option.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENS, `filter-${device}.png`) });
        await option.click();
        await page
          .getByRole('group', { name: 'Filtros elegidos' })
          .getByText(`Señales de alerta: ${SPLIT}`)
          .waitFor();
        await page.getByRole('button', { name: 'Filtrar' }).click();
        await page.waitForURL(/senal=SPLIT_DIRECT_AWARDS/);
        await page.getByText('3 contratos', { exact: true }).waitFor();
        expect(new URL(page.url()).searchParams.getAll('senal')).toEqual(['SPLIT_DIRECT_AWARDS']);
        expect(await tile(page).textContent()).toContain('3 de 3 contratos listados con señales de alerta');
        await tile(page).getByRole('button', { name: 'Ver todos los contratos' }).waitFor();
        const tags = page.getByRole('group', { name: new RegExp(`^Señales de alerta: .*${SPLIT}`) });
        expect(await tags.count()).toBe(3);
        expect(await page.locator('table').count()).toBe(phone ? 0 : 1);
        // The tags are in sight, beside the amounts, without scrolling the table sideways.
        const box = (await tags.first().boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        await expectFitsTheScreen(page);
        await shoot(page, `contracts-${device}`);
        await expectAccessible(page, `the contracts filtered by a flag, ${device}`);
        // The address keeps the filter: reloaded, the same list.
        await page.reload();
        await page.getByText('3 contratos', { exact: true }).waitFor();
        if (phone) await page.getByRole('button', { name: 'Filtros (1)' }).waitFor();
        else
          await page
            .getByRole('group', { name: 'Filtros elegidos' })
            .getByText(`Señales de alerta: ${SPLIT}`)
            .waitFor();

        // A contract of the chain: its flag, the chain's sentence, the reminder, and the other contracts.
        await page.locator(`a[href="/contracts/${chain[0]}"]`).first().click();
        await page
          .getByRole('heading', { level: 1, name: 'Papelería para las oficinas municipales' })
          .waitFor();
        const section = page.getByRole('region', { name: 'Señales de alerta' });
        const split = section.locator('[data-flag="SPLIT_DIRECT_AWARDS"]');
        await split.getByRole('heading', { name: SPLIT }).waitFor();
        expect(await split.textContent()).toMatch(CHAIN_SENTENCE);
        await section.getByText(DISCLAIMER).waitFor();
        await section.getByRole('link', { name: 'Qué significa cada señal' }).waitFor();
        await expectFitsTheScreen(page);
        await shoot(page, `contract-${device}`);
        await expectAccessible(page, `a contract with a flag, ${device}`);
        await split.getByRole('link', { name: 'CAD-02' }).click();
        await page.waitForURL((address) => address.pathname === `/contracts/${chain[1]}`);
        await page
          .getByRole('heading', { level: 1, name: 'Tóner e impresiones para la tesorería' })
          .waitFor();
        const next = page.getByRole('region', { name: 'Señales de alerta' });
        await next
          .locator('[data-flag="SPLIT_DIRECT_AWARDS"]')
          .getByRole('heading', { name: SPLIT })
          .waitFor();
        await next.getByRole('link', { name: 'CAD-01' }).waitFor();

        // The suppliers: the chain's supplier with its flagged contracts and its flags by kind.
        await page.goto(url('/suppliers'));
        const flags = page.getByRole('group', { name: `Señales de alerta: ${SPLIT} (3 contratos)` });
        await flags.waitFor();
        await page.getByText('3 contratos con señales de alerta').waitFor();
        await expectFitsTheScreen(page);
        await shoot(page, `suppliers-${device}`);
        await expectAccessible(page, `the suppliers with their flags, ${device}`);
        await page.locator(`a[href^="/suppliers/${chainSupplier}"]`).first().click();
        await page.getByRole('heading', { level: 1, name: 'PAPELERÍA LA CADENA SA DE CV' }).waitFor();
        const own = page.getByRole('region', { name: 'Señales de alerta' });
        await own.getByText('3 de 3 contratos con señales de alerta').waitFor();
        await own.getByText(DISCLAIMER).waitFor();
        expect(await own.getByRole('link', { name: 'Qué significa cada señal' }).getAttribute('href')).toBe(
          '/red-flags',
        );
        await expectFitsTheScreen(page);
        await shoot(page, `supplier-${device}`);
        await expectAccessible(page, `a supplier with flags, ${device}`);
        // Each kind links to the contracts list of this supplier and that flag.
        await own.getByRole('link', { name: SPLIT }).click();
        await page.waitForURL(/\/contracts\?/);
        const address = new URL(page.url());
        expect(address.searchParams.getAll('proveedor')).toEqual([chainSupplier]);
        expect(address.searchParams.getAll('senal')).toEqual(['SPLIT_DIRECT_AWARDS']);
        await expect
          .poll(() => tile(page).textContent())
          .toContain('3 de 3 contratos listados con señales de alerta');
        expect(await tags.count()).toBe(3);
      } finally {
        await context.close();
      }
    });
  }

  it('an administrator lowers the limit, and the public list filtered by the flag follows', async () => {
    const admin = await openWatchedPage(browser, { viewport: DESKTOP });
    const visitor = await openWatchedPage(browser, { viewport: DESKTOP });
    try {
      const { page } = admin;
      await page.goto(url('/login'));
      await signIn(page, ANALYST, ANALYST_PASSWORD);
      await chooseMonitor(page, MONITOR);
      await page
        .getByRole('navigation', { name: 'Secciones de la administración' })
        .getByRole('link', { name: 'Señales de alerta' })
        .click();
      const form = page.getByTestId('red-flag-parameters');
      await form.waitFor();
      const version = (await form.getByTestId('method-version').textContent())!;
      expect(await form.getByRole('textbox', { name: 'Ejercicio fiscal 1', exact: true }).inputValue()).toBe(
        '2025',
      );
      const limit = form.getByRole('textbox', { name: 'Límite del ejercicio fiscal 1 (MXN)' });
      expect(await limit.inputValue()).toBe('$100,000');
      await shoot(page, 'admin-desktop');
      await page.setViewportSize(PHONE);
      await expectFitsTheScreen(page);
      await shoot(page, 'admin-phone');
      await page.setViewportSize(DESKTOP);

      // The visitor's list before the change: the chain's three contracts.
      await visitor.page.goto(url('/select-organization'));
      await visitor.page.getByRole('button', { name: `Seleccionar ${MONITOR}` }).click();
      await visitor.page.waitForURL((address) => address.pathname === '/');
      await visitor.page.goto(url('/contracts?senal=SPLIT_DIRECT_AWARDS'));
      await visitor.page.getByText('3 contratos', { exact: true }).waitFor();

      // $38,000: the $40,000 award is over the limit; the other two still chain ($65,000).
      await limit.fill('38000');
      await form.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText('Se guardaron los parámetros de las señales de alerta.').waitFor();
      await expect
        .poll(() => form.getByTestId('method-version').textContent())
        .toBe(`Versión del método: ${Number(version.replace(/\D/g, '')) + 1}`);

      // The refresh runs in the background: the visitor's list changes once it has committed.
      await expect
        .poll(
          async () => {
            await visitor.page.reload();
            await visitor.page.getByText(/^\d+ contratos?$/).waitFor();
            return (await tile(visitor.page).textContent()) ?? '';
          },
          { timeout: 60_000, interval: 500 },
        )
        .toContain('2 de 2 contratos listados con señales de alerta');
      expect(await visitor.page.locator(`a[href="/contracts/${chain[0]}"]`).count()).toBe(0);
      await visitor.page.locator(`a[href="/contracts/${chain[1]}"]`).first().waitFor();
      // The award that left the chain is over the limit now.
      await visitor.page.goto(url('/contracts?senal=OVER_DIRECT_AWARD_LIMIT'));
      await visitor.page.getByText('1 contrato', { exact: true }).waitFor();
      await visitor.page
        .getByRole('group', { name: /^Señales de alerta: Adjudicación directa por encima del límite/ })
        .waitFor();
      expect(await listed(['OVER_DIRECT_AWARD_LIMIT'])).toEqual([chain[0]]);
    } finally {
      await visitor.context.close();
      await admin.context.close();
    }
  });
});
