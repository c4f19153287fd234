/**
 * `npm run bench:first-visit`: what a visitor's phone downloads on a first visit, measured in
 * Chromium against the built app (run `npm run build` first) on a fresh embedded database with
 * the demonstration data. Prints compressed bytes per kind of file and the time to the first
 * screen, for the selection page and a monitor's home.
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/fixtures/browser';
import { startPortal } from '../e2e/fixtures/server';

interface Transfer {
  url: string;
  kind: string;
  bytes: number;
}

async function measure(page: Page, url: string, ready: () => Promise<unknown>) {
  const transfers: Transfer[] = [];
  const client = await page.context().newCDPSession(page);
  await client.send('Network.enable');
  const urls = new Map<string, { url: string; kind: string }>();
  client.on('Network.responseReceived', (event) => {
    // The charts library is counted apart: it loads only once a chart comes near the screen.
    const charts = event.type === 'Script' && /\/echart-[^/]*\.js$/.test(event.response.url);
    urls.set(event.requestId, {
      url: event.response.url,
      kind: charts ? 'Script (charts, when scrolled to)' : event.type,
    });
  });
  client.on('Network.loadingFinished', (event) => {
    const response = urls.get(event.requestId);
    if (response) transfers.push({ ...response, bytes: event.encodedDataLength });
  });
  const started = performance.now();
  await page.goto(url);
  await ready();
  const milliseconds = performance.now() - started;
  await page.waitForLoadState('networkidle');
  await client.detach();
  const byKind = new Map<string, number>();
  for (const transfer of transfers)
    byKind.set(transfer.kind, (byKind.get(transfer.kind) ?? 0) + transfer.bytes);
  return {
    milliseconds,
    byKind,
    total: transfers.reduce((sum, t) => sum + t.bytes, 0),
    count: transfers.length,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const portal = await startPortal();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const page = await context.newPage();
  const selection = await measure(page, `${portal.baseUrl}/select-organization`, () =>
    page.getByTestId('organization-card').first().waitFor(),
  );
  await page.getByRole('button', { name: /Seleccionar Municipio/ }).click();
  await page.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor();

  // A new visitor who already chose a monitor (empty cache, stored choice): the home page.
  const fresh = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const stored = await context.storageState();
  await fresh.addInitScript((entries) => {
    for (const entry of entries) localStorage.setItem(entry.name, entry.value);
  }, stored.origins[0]?.localStorage ?? []);
  const homePage = await fresh.newPage();
  const home = await measure(homePage, `${portal.baseUrl}/`, () =>
    homePage.getByRole('heading', { name: 'Monitor Santa Lucía' }).waitFor(),
  );

  for (const [name, result] of [
    ['/select-organization', selection],
    ['/ (home of a chosen monitor)', home],
  ] as const) {
    console.log(
      `${name}: ${result.count} requests, ${kb(result.total)} transferred, first screen in ${Math.round(result.milliseconds)} ms`,
    );
    for (const [kind, bytes] of [...result.byKind].sort((a, b) => b[1] - a[1]))
      console.log(`  ${kind.padEnd(34)} ${kb(bytes)}`);
  }
} finally {
  await browser.close();
  await portal.stop();
}
