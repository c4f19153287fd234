/**
 * `npm run bench:open-data [-- --organization <id>] [-- --pages 200] [-- --files jsonl,csv]`
 *
 * The open data (issue 31) through the real server, started in a process of its own on the
 * configured database (DATABASE_URL; run `npm run bench:seed -- --contracts 1000000` first): the
 * bulk JSON Lines and CSV of the monitor with the most contracts, built on the first download and
 * read from the kept file on the second (time, MB, MB/s, the server process's peak memory while
 * each streams), then the release package pages followed by links.next and records by ocid
 * (p50/p95/p99). Goals: each bulk file under 60 s, the server under 300 MB, a page's p95 under
 * 100 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/client';
import {
  ensureBenchAdmin,
  monitorToMeasure,
  openBenchDatabase,
  option,
  percentile,
  startServerProcess,
} from './support';

const { database } = await openBenchDatabase();
const organizationId = await monitorToMeasure(database);
const [{ contracts } = { contracts: 0 }] = await queryRows<{ contracts: number }>(
  database.db,
  sql`SELECT count(*)::int AS contracts FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL`,
);
// The server refuses a first start without an administrator.
await ensureBenchAdmin(database);
await database.close();
const dataDir = mkdtempSync(path.join(tmpdir(), 'vigia-bench-open-data-'));
const server = await startServerProcess({ DATA_DIR: dataDir });
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(
  `${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}: ${contracts.toLocaleString('en-US')} contracts; ` +
    `server at rest ${mb(server.rss())}\n`,
);

async function download(file: string, label: string) {
  let peak = server.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 100);
  const started = performance.now();
  const response = await fetch(`${server.url}/public-api/ocds/bulk/${organizationId}.${file}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(
    `${label}: HTTP ${response.status}, ${mb(bytes)} in ${seconds.toFixed(1)} s (${(bytes / 1024 / 1024 / seconds).toFixed(1)} MB/s, ` +
      `${lines.toLocaleString('en-US')} lines), server peak memory while streaming ${mb(peak)}`,
  );
}

const files = (option('files') ?? 'jsonl,csv').split(',');
for (const file of files) {
  const label = file === 'jsonl' ? 'JSON Lines' : file.toUpperCase();
  await download(file, `${label}, built`);
  await download(file, `${label}, kept file`);
}

async function timed(url: string) {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

const pages = Number(option('pages') ?? 200);
const pageTimes: number[] = [];
const ocids: string[] = [];
let next: string | null = `${server.url}/public-api/ocds/releases?organization=${organizationId}`;
for (let page = 0; page < pages && next; page += 1) {
  const { ms, status, body } = await timed(next);
  if (status !== 200) throw new Error(`page ${page + 1}: HTTP ${status} ${body.slice(0, 200)}`);
  pageTimes.push(ms);
  const parsed = JSON.parse(body) as { releases: { ocid: string }[]; links?: { next?: string } };
  if (page % 10 === 0) ocids.push(parsed.releases[0]!.ocid);
  next = parsed.links?.next?.replace(/^https?:\/\/[^/]+/, server.url) ?? null;
}
const recordTimes: number[] = [];
for (const ocid of ocids) recordTimes.push((await timed(`${server.url}/public-api/ocds/records/${ocid}`)).ms);
const since = new Date(Date.now() - 86_400_000).toISOString();
const sinceTimes: number[] = [];
for (let ask = 0; ask < 20; ask += 1)
  sinceTimes.push(
    (await timed(`${server.url}/public-api/ocds/releases?organization=${organizationId}&since=${since}`)).ms,
  );

const summary = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${label} (${sorted.length}): p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p95 ${percentile(sorted, 0.95).toFixed(0)} ms, ` +
      `p99 ${percentile(sorted, 0.99).toFixed(0)} ms`,
  );
};
console.log('');
summary('release package pages of 100, followed by links.next', pageTimes);
summary('record packages by ocid', recordTimes);
summary('releases since yesterday', sinceTimes);
console.log(`\nserver peak memory over the whole run (kernel high-water mark): ${mb(server.peakRss())}`);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
