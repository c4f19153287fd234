import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { formatDate } from '../../src/shared/format/dates';
import { addAdministrator, chooseMonitor, signIn } from '../fixtures/admin';
import { launchBrowser, openWatchedPage, type WatchedPage } from '../fixtures/browser';
import { type RunningPortal, startPortal } from '../fixtures/server';

/** Where the web app saves public query data (src/web/lib/query-persistence.ts). */
const SAVED = { database: 'vigia', store: 'query-cache', key: 'public-queries' };
/** Failed calls while the network is cut are expected; Chromium logs them as errors. */
const OFFLINE_CONSOLE = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/;

interface SavedClient {
  timestamp: number;
  buster: string;
  queries: { root: unknown; dataUpdatedAt: number }[];
  text: string;
}

/** The saved query client in the page's IndexedDB, or null when nothing is saved. */
function savedClient(page: Page): Promise<SavedClient | null> {
  return page.evaluate(async ({ database, store, key }) => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes(database)) return null;
    return new Promise<SavedClient | null>((resolve, reject) => {
      const open = indexedDB.open(database);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains(store)) {
          db.close();
          resolve(null);
          return;
        }
        const request = db.transaction(store).objectStore(store).get(key);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          db.close();
          const client = request.result as
            | {
                timestamp: number;
                buster: string;
                clientState: { queries: { queryKey: unknown[]; state: { dataUpdatedAt: number } }[] };
              }
            | undefined;
          resolve(
            client
              ? {
                  timestamp: client.timestamp,
                  buster: client.buster,
                  queries: client.clientState.queries.map((q) => ({
                    root: q.queryKey[0],
                    dataUpdatedAt: q.state.dataUpdatedAt,
                  })),
                  text: JSON.stringify(client),
                }
              : null,
          );
        };
      };
    });
  }, SAVED);
}

/** The addresses kept by the service worker, in every cache. */
function cachedAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const addresses: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) addresses.push(new URL(request.url).pathname);
    }
    return addresses;
  });
}

const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null);

describe('offline visits in Chromium: the shell from the service worker, saved public data', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    await addAdministrator(portal.database.db, {
      email: 'offline@example.org',
      password: 'clave-de-prueba-offline',
      name: 'Olga',
      lastName: 'Offline',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(async () => {
    await watched.context.close();
  });

  const url = (pathname: string) => `${portal.baseUrl}${pathname}`;
  const contractLinks = () =>
    page
      .locator('main a[href^="/contracts/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

  it('shows the screens opened online, with the saved rows and the date they were saved, once the network is cut', async () => {
    watched = await openWatchedPage(browser, { expectedConsole: OFFLINE_CONSOLE });
    ({ page } = watched);
    // A call still under way has no timing entry yet: the page's own requests are counted too, so a
    // query slower than one look (the index's, on a busy machine) is waited for (the load state of a
    // page that changes screens without loading is reached once and never again). A call counts as
    // answered at its response, or at its end or failure: one CI run saw a call whose screen was drawn
    // never report its end (cause unproven), and a wait that gives up names the calls still open.
    const pending = new Set<Request>();
    const isScreenCall = (address: string) =>
      address.includes('/public-api/') && !address.includes('/route-logs/');
    page.on('request', (request) => {
      if (isScreenCall(request.url())) pending.add(request);
    });
    const ended = (request: Request) => pending.delete(request);
    page.on('response', (response) => ended(response.request()));
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    const inFlight = () => [...pending].map((request) => request.url());
    await page.goto(url('/select-organization'));
    await page.getByRole('button', { name: /Seleccionar Municipio de Santa Lucía del Valle/ }).click();
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    await page.getByRole('link', { name: 'Contratos', exact: true }).first().click();
    await page.locator('main a[href^="/contracts/"]').first().waitFor();
    // Every call of the list's screen answered (its tiles may come after its rows on a busy
    // machine) before leaving it: a call cut short by leaving is never saved.
    await expect.poll(inFlight).toEqual([]);
    const rows = await contractLinks();
    expect(rows.length).toBeGreaterThan(0);
    // The index page too: its answer is public data like the lists'.
    await page.getByRole('link', { name: 'Índice de riesgo de corrupción', exact: true }).first().click();
    const index = (await page.getByTestId('index-value').textContent())!;
    expect(index).toMatch(/^\d+\.\d{2}$/);
    await controlled(page);

    // The list's data is saved on the device; the screen's code is kept by the worker. The whole
    // screen is saved once a save comes after its last call answered, not merely once the list is in
    // (its other calls may still be under way: offline it would say part of it is not saved).
    // Saved after the last answer to a query of the screen, and holding it (a save dated after the
    // answer's last byte may still predate its reading into the query); looked at again on every
    // try, with no new answer since the previous one, so a query started late (a slow machine
    // renders late) is waited for too. The visit beacon and the app's files save nothing.
    let answers = -1;
    await expect
      .poll(
        async () => {
          const seen = await page.evaluate(() => {
            const ends = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((entry) => entry.name.includes('/public-api/') && !entry.name.includes('/route-logs/'))
              .map((entry) => entry.responseEnd + performance.timeOrigin);
            return { count: ends.length, last: Math.max(0, ...ends) };
          });
          const client = await savedClient(page);
          const settled = seen.count === answers && pending.size === 0;
          answers = seen.count;
          return (
            settled &&
            client !== null &&
            client.timestamp >= seen.last &&
            client.queries.some((query) => query.dataUpdatedAt >= seen.last)
          );
        },
        { timeout: 20_000, interval: 700 },
      )
      .toBe(true);
    expect((await savedClient(page))!.queries.map((q) => q.root)).toContain('contracts');
    await expect
      .poll(
        async () => (await cachedAddresses(page)).some((p) => /^\/assets\/contracts-[^/]+\.js$/.test(p)),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    const saved = (await savedClient(page))!;
    const savedOn = formatDate(new Date(saved.queries.find((q) => q.root === 'contracts')!.dataUpdatedAt));

    await watched.context.setOffline(true);
    await page.reload();
    // The index as it was saved, under the date it was saved; nothing says the monitor is unavailable.
    expect(await page.getByTestId('index-value').textContent()).toBe(index);
    const notice = page.getByTestId('offline-notice');
    // Looked at until it settles: a busy machine may render the screen before every saved query is
    // read back from the device.
    await expect
      .poll(() => notice.textContent())
      .toBe(`Sin conexión: mostrando datos guardados del ${savedOn}`);
    expect(await page.getByText('no se encuentra disponible', { exact: false }).count()).toBe(0);
    // Another administration of the index was never opened: the screen says so, and only that.
    await page.goto(url('/calculations/corruption-index?administracion=2018-2021'));
    await page.getByRole('button', { name: 'Reintentar' }).waitFor();
    expect(await notice.textContent()).toBe(
      'Sin conexión: esta pantalla no está guardada en este dispositivo.',
    );
    expect(await page.getByText('mostrando datos guardados', { exact: false }).count()).toBe(0);

    await page.goto(url('/contracts'));
    await page.getByRole('heading', { name: 'Contratos' }).first().waitFor();
    await page.locator('main a[href^="/contracts/"]').first().waitFor();
    expect(await contractLinks()).toEqual(rows);
    await expect
      .poll(() => notice.textContent())
      .toBe(`Sin conexión: mostrando datos guardados del ${savedOn}`);
    expect(savedOn).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    // The home page (opened online) comes back from the saved data too.
    await page.getByRole('link', { name: 'Inicio', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    await notice.waitFor();

    // A page of the list never opened says that part of the screen is not saved.
    await page.goto(url('/contracts?pagina=3'));
    await page.getByText('Parte de esta pantalla no está guardada en este dispositivo.').waitFor();

    // A screen never opened on this device says so instead of staying blank, by link or address.
    await page.getByRole('link', { name: 'Proveedores', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Sin conexión' }).waitFor();
    expect(
      await page
        .getByText('Esta pantalla todavía no está guardada en este dispositivo.', { exact: false })
        .isVisible(),
    ).toBe(true);
    await page.goto(url('/suppliers'));
    await page.getByRole('heading', { name: 'Sin conexión' }).waitFor();

    // Back online, the screen loads by itself.
    await watched.context.setOffline(false);
    await page.getByRole('heading', { name: 'Proveedores' }).first().waitFor();
    expect(await page.getByTestId('offline-notice').count()).toBe(0);
  });

  it('never saves administration data on the device, and the worker stores no API answer', async () => {
    watched = await openWatchedPage(browser);
    ({ page } = watched);
    await page.goto(url('/login?redirectTo=%2Fadmin%2Fusers'));
    await signIn(page, 'offline@example.org', 'clave-de-prueba-offline');
    await chooseMonitor(page);
    await page.waitForURL(/\/admin\/users$/);
    await page.getByTestId('catalogue-table').getByText('offline@example.org').waitFor();
    await controlled(page);
    // Back to the public site in the same page, with the administration's queries still in memory.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/select-organization');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByTestId('organization-card').first().waitFor();
    await expect
      .poll(async () => (await savedClient(page))?.queries.map((q) => q.root) ?? [], { timeout: 10_000 })
      .toContain('organizations');

    const saved = (await savedClient(page))!;
    const publicRoots = ['organizations', 'about', 'contracts', 'options', 'chart', 'contact', 'resources'];
    for (const query of saved.queries) expect(publicRoots).toContain(query.root);
    expect(saved.text).not.toContain('offline@example.org');
    expect(saved.text).not.toContain('Olga');
    for (const address of await cachedAddresses(page)) expect(address).not.toMatch(/^\/(api|public-api)\//);
  });
});

describe('a new version of the app replaces the old one', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let watched: WatchedPage;
  let second: string;
  let deployed: App | null = null;

  beforeAll(async () => {
    // A second build that differs in one screen, as a new version would.
    second = mkdtempSync(path.join(tmpdir(), 'vigia-web-second-'));
    await build({
      configFile: path.resolve('vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: second, emptyOutDir: true },
      plugins: [
        {
          name: 'second-build',
          transform(code, id) {
            if (id.endsWith('/routes/public/suppliers.tsx'))
              return `${code}\ndocument.documentElement.dataset.build = 'second';\n`;
            return null;
          },
        },
      ],
    });
    portal = await startPortal();
    browser = await launchBrowser({ serviceWorkers: 'allow' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await deployed?.close();
    await portal?.stop();
    rmSync(second, { recursive: true, force: true });
  });
  afterEach(async () => {
    await watched.context.close();
  });

  /** Restarts the server on the same address and database, serving the second build only. */
  async function deploySecondBuild(): Promise<void> {
    const port = Number(new URL(portal.baseUrl).port);
    await portal.app.close();
    const config = {
      ...loadConfig({ ...portal.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port) }),
      webDir: second,
    };
    deployed = await buildApp(config, { database: portal.database });
    await deployed.listen({ host: '127.0.0.1', port });
  }

  it("reloads into the new version when the old version's screen is gone from the server", async () => {
    // The old version's missing files are 404s until the page reloads; a call or a download the
    // page makes in the moment the server is down for the restart is refused or cut (the charts'
    // library, say, as they come near), as a deploy does too; none may reach the error screen.
    watched = await openWatchedPage(browser, {
      expectedConsole: /404 \(Not Found\)|net::ERR_CONNECTION_REFUSED|net::ERR_FAILED/,
    });
    const { page } = watched;
    const entry = () =>
      page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src'));
    await page.goto(`${portal.baseUrl}/select-organization`);
    await page.getByRole('button', { name: /Seleccionar Municipio de Santa Lucía del Valle/ }).click();
    await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();
    await controlled(page);
    const firstEntry = await entry();

    await deploySecondBuild();
    await page.getByRole('link', { name: 'Proveedores', exact: true }).first().click();
    await page.waitForFunction(() => document.documentElement.dataset.build === 'second', undefined, {
      timeout: 20_000,
    });
    await page.getByRole('heading', { name: 'Proveedores' }).first().waitFor();
    expect(await entry()).not.toBe(firstEntry);
    expect(new URL(page.url()).pathname).toBe('/suppliers');
    expect(await page.getByText('PARECE QUE ALGO SALIO MAL').count()).toBe(0);
  });
});
