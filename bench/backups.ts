/**
 * `npm run bench:backups [-- --documents 10000 --hosts 50 --latency 20]`
 *
 * The backup copies of contract documents (issue 15) on the configured database (DATABASE_URL, or
 * the embedded one in DATA_DIR): `--documents` links registered for a monitor of their own, spread
 * over `--hosts` host names (127.0.0.1, 127.0.0.2, … all answered by a document server in this
 * process, allow-listed), copied by the real runner with the installation's settings (the limit and
 * pause per host included); meanwhile the public contracts list of the largest monitor is asked
 * again and again. Prints documents per second, the most requests one host saw at once, the
 * process's memory (start, peak, end) and the list's p95; then the same documents re-checked, all
 * unchanged (conditional requests answered 304).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { queryRows } from '../src/server/db/client';
import { organizations } from '../src/server/db/schema';
import { runBackups } from '../src/server/modules/backups/backup-runner';
import { registerDocuments } from '../src/server/modules/backups/backups.repository';
import { documentLink } from '../src/server/modules/contracts/document-links';
import { monitorToMeasure, openBenchDatabase, option, percentile } from './support';

const documents = Number(option('documents') ?? 10_000);
const hosts = Number(option('hosts') ?? 50);
/** How long the document server takes to answer (ms), as a real one does. */
const latency = Number(option('latency') ?? 20);
const { config, database } = await openBenchDatabase();
const largest = await monitorToMeasure(database);

// The documents: a PDF header, then bytes of the document's own (8 to 40 KB), each with an ETag.
const bodyOf = (index: number) => {
  const size = 8_192 + ((index * 7_919) % 32_768);
  const body = Buffer.alloc(size, index % 251);
  body.write(`%PDF-1.4\n% documento ${index}\n`, 0);
  return body;
};
const active = new Map<string, number>();
let mostAtOnce = 0;
let requests = 0;
let notModified = 0;
const servers: http.Server[] = [];
let port = 0;
for (let host = 1; host <= hosts; host++) {
  const address = `127.0.0.${host}`;
  const server = http.createServer((request, response) => {
    requests += 1;
    const now = (active.get(address) ?? 0) + 1;
    active.set(address, now);
    mostAtOnce = Math.max(mostAtOnce, now);
    response.on('close', () => active.set(address, (active.get(address) ?? 1) - 1));
    const index = Number(/\/doc\/(\d+)\.pdf$/.exec(request.url ?? '')?.[1] ?? -1);
    if (index < 0) return response.writeHead(404).end();
    const etag = `"${index}-v1"`;
    if (request.headers['if-none-match'] === etag) {
      notModified += 1;
      return response.writeHead(304, { etag }).end();
    }
    const body = bodyOf(index);
    response
      .writeHead(200, { 'content-type': 'application/pdf', 'content-length': body.length, etag })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, address, resolve));
  port = (server.address() as AddressInfo).port;
  servers.push(server);
}

const app = await buildApp(
  {
    ...config,
    peers: { ...config.peers, allowPrivate: ['127.0.0.0/8'] },
    // The runs below are driven here; the app's own schedule stays off.
    backups: { ...config.backups, enabled: false },
  },
  { database },
);
const settings = config.backups;

// A monitor of its own, fresh each time (the previous run's copies go with it).
await database.db.execute(sql`DELETE FROM organizations WHERE name = 'Respaldos (benchmark)'`);
await database.db.execute(
  sql`DELETE FROM file_contents c WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.content_id = c.id)`,
);
const [created] = await database.db
  .insert(organizations)
  .values({ name: 'Respaldos (benchmark)', shortName: 'RESP' })
  .returning({ id: organizations.id });
const monitor = created!.id;
const links = Array.from({ length: documents }, (_, index) =>
  documentLink(`http://127.0.0.${(index % hosts) + 1}:${port}/doc/${index}.pdf`),
).flatMap((link) => (link ? [link] : []));
await registerDocuments(database.db, monitor, links);
console.log(
  `${database.kind}: ${documents.toLocaleString('en-US')} documents on ${hosts} hosts answering in ${latency} ms; settings: ${settings.hostConcurrency} at a time and ${settings.hostPauseMs} ms pause per host, ${settings.concurrency} per process`,
);

// The public list of the largest monitor, asked all along (a new page each time: no cached answer).
async function visitorsWhile<T>(work: Promise<T>): Promise<{ result: T; times: number[] }> {
  const times: number[] = [];
  let done = false;
  const visitor = (async () => {
    for (let page = 1; !done; page = (page % 200) + 1) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/public-api/contracts/filtered-list?page=${page}`,
        headers: { 'x-current-organization-id': largest },
        payload: { filters: {} },
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const result = await work;
  done = true;
  await visitor;
  return { result, times: times.sort((a, b) => a - b) };
}

const memory = { start: process.memoryUsage().rss, peak: 0 };
const sampler = setInterval(() => {
  memory.peak = Math.max(memory.peak, process.memoryUsage().rss);
}, 200);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function measure(label: string) {
  mostAtOnce = 0;
  memory.peak = process.memoryUsage().rss;
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const { result, times } = await visitorsWhile(runBackups(app.deps, { budgetMs: 3_600_000 }));
  const seconds = (performance.now() - started) / 1000;
  // With --expose-gc (npm run bench:backups passes it), what is left after a collection: the true growth.
  (globalThis as { gc?: () => void }).gc?.();
  console.log(
    `${label}: ${result.attempts.toLocaleString('en-US')} documents in ${seconds.toFixed(1)} s = ${(result.attempts / seconds).toFixed(0)}/s (copied ${result.copied}, unchanged ${result.unchanged}, failed ${result.failed}); at most ${mostAtOnce} requests at once to one host`,
  );
  console.log(
    `  memory (resident): ${mb(before)} before, peak ${mb(memory.peak)}, ${mb(process.memoryUsage().rss)} after (JavaScript heap in use ${mb(process.memoryUsage().heapUsed)}); public list while it ran: p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms over ${times.length} calls`,
  );
}

await measure('first copy');
const [stored] = await queryRows<{ versions: number; bytes: string }>(
  database.db,
  sql`SELECT count(*)::int AS versions, coalesce(sum(v.size), 0)::text AS bytes FROM document_versions v
      JOIN document_sources s ON s.id = v.source_id WHERE s.organization_id = ${monitor}`,
);
console.log(`  stored: ${stored!.versions.toLocaleString('en-US')} versions, ${mb(Number(stored!.bytes))}`);

await database.db.execute(
  sql`UPDATE document_sources SET next_check_at = now() WHERE organization_id = ${monitor}`,
);
notModified = 0;
await measure('re-check, all unchanged');
console.log(
  `  answered 304: ${notModified.toLocaleString('en-US')} of ${requests.toLocaleString('en-US')} requests in all`,
);

clearInterval(sampler);
await app.close();
await database.close();
for (const server of servers) server.close();
