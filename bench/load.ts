/**
 * A data change under concurrent load: the real app listening on a local port, driven by many
 * keep-alive HTTP connections from a worker thread (bench/load-driver.mjs), with one contract
 * changed halfway. Prints, before and after the change, the requests done, their latency, the
 * client time-outs and errors, and the peak number of PostgreSQL connections to the database
 * (pg_stat_activity sampled every 100 ms through a client of its own).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import type { AppConfig } from '../src/server/config';
import { type DatabaseHandle, openDatabase, queryRows } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { type BenchRequest, contractChanger } from './after-change';
import { percentile } from './support';

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** When the change is made, in seconds from the start of the load. */
  changeAt: number;
  timeoutMs: number;
}

type Sample = [start: number, latency: number, outcome: number];
interface ActivitySample {
  at: number;
  total: number;
  byApplication: Record<string, number>;
}

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Samples the connections to the database (but the sampler's and the changer's) every 100 ms. */
async function sampleConnections(url: string, excludedPids: number[]) {
  const client = new pg.Client({ connectionString: url, application_name: 'vigia-bench-sampler' });
  client.on('error', () => {});
  await client.connect();
  const samples: ActivitySample[] = [];
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const { rows } = await client.query<{ name: string; count: number }>(
        `SELECT coalesce(nullif(application_name, ''), '?') AS name, count(*)::int AS count FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND NOT (pid = ANY($1::int[]))
         GROUP BY 1`,
        [excludedPids],
      );
      const byApplication = Object.fromEntries(rows.map((row) => [row.name, row.count]));
      samples.push({ at: clock(), total: rows.reduce((sum, row) => sum + row.count, 0), byApplication });
    } catch {
      // A sample lost (database saturated) is just missing.
    } finally {
      busy = false;
    }
  }, 100);
  return {
    samples,
    async stop() {
      clearInterval(timer);
      await client.end().catch(() => {});
    },
  };
}

function summarise(label: string, samples: Sample[], activity: ActivitySample[], seconds: number) {
  const answered = samples.filter(([, , outcome]) => outcome > 0).map(([, latency]) => latency);
  answered.sort((a, b) => a - b);
  const count = (test: (outcome: number) => boolean) => samples.filter(([, , o]) => test(o)).length;
  const peak = activity.reduce((best, sample) => (sample.total > best.total ? sample : best), {
    at: 0,
    total: 0,
    byApplication: {},
  });
  const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(0)).padStart(8);
  const breakdown = Object.entries(peak.byApplication)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
  return (
    `${label.padEnd(22)} ${String(samples.length).padStart(8)} ${(samples.length / seconds).toFixed(0).padStart(7)}` +
    ` ${ms(answered.length ? percentile(answered, 0.5) : undefined)} ${ms(answered.length ? percentile(answered, 0.95) : undefined)}` +
    ` ${ms(answered.at(-1))} ${String(count((o) => o === 0)).padStart(8)} ${String(count((o) => o === -1)).padStart(6)}` +
    ` ${String(count((o) => o >= 500)).padStart(6)} ${String(count((o) => o > 0 && o < 500 && o !== 200)).padStart(6)}` +
    ` ${String(peak.total).padStart(8)}  (${breakdown || 'none'})`
  );
}

/**
 * Runs the load: warm-up (every distinct request once), `seconds` of load with the change at the
 * middle, then the summary. The app opens its own pool (the configured DB_POOL_MAX) on `config`'s
 * PostgreSQL database; the change goes through a one-connection handle of its own.
 */
export async function measureChangeUnderLoad(
  config: AppConfig,
  organizationId: string,
  requests: BenchRequest[],
  options: LoadOptions,
): Promise<void> {
  if (config.database.kind !== 'postgres') {
    console.log('\n(The load test needs PostgreSQL: set DATABASE_URL.)');
    return;
  }
  const { url, poolMax } = config.database;
  const app = await buildApp({ ...config, resultCacheEntries: 5_000 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const changeDb: DatabaseHandle = await openDatabase({ kind: 'postgres', url, poolMax: 1 });
  await migrateDatabase(changeDb);
  const [{ pid }] = (await queryRows<{ pid: number }>(changeDb.db, sqlBackendPid)) as [{ pid: number }];
  const changer = await contractChanger(changeDb, organizationId);

  console.log(
    `\nA data change under load: ${options.connections} keep-alive connections for ${options.seconds} s from a worker thread,` +
      ` ${requests.length} distinct calls at random,\none contract changed at ${options.changeAt} s; client time-out` +
      ` ${options.timeoutMs / 1000} s; app pool ${poolMax} connections (DB_POOL_MAX), PostgreSQL max_connections` +
      ` ${(await queryRows<{ max: string }>(changeDb.db, sqlMaxConnections))[0]?.max}\n`,
  );
  const worker = new Worker(new URL('./load-driver.mjs', import.meta.url), {
    workerData: {
      port,
      headers: { 'x-current-organization-id': organizationId },
      requests,
      connections: options.connections,
      timeoutMs: options.timeoutMs,
      warmUp: true,
    },
  });
  const message = (type: string) =>
    new Promise<{ samples?: Sample[] }>((resolve, reject) => {
      const onMessage = (data: { type: string; samples?: Sample[] }) => {
        if (data.type !== type) return;
        worker.off('message', onMessage);
        resolve(data);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  // One request before the load (before decision 0027 it rebuilt what an earlier change left stale).
  const settleStarted = performance.now();
  const settled = await app.inject({
    method: 'GET',
    url: '/public-api/contracts/totals',
    headers: { 'x-current-organization-id': organizationId },
  });
  console.log(
    `first request before the load (HTTP ${settled.statusCode}): ${(performance.now() - settleStarted).toFixed(0)} ms`,
  );
  const warmStarted = performance.now();
  await message('ready');
  console.log(
    `warm-up (each distinct call once, 8 at a time): ${(performance.now() - warmStarted).toFixed(0)} ms`,
  );

  // The change's connection is kept open (an idle one is closed after 30 s), so the change never
  // waits for a connection slot the load may have taken.
  const keepAlive = setInterval(() => void changeDb.db.execute(sqlBackendPid).catch(() => {}), 5_000);
  const sampler = await sampleConnections(url, [pid]);
  const profiler = await startProfile();
  const started = clock();
  worker.postMessage({ type: 'start' });
  await sleep(options.changeAt * 1000);
  const changedAt = clock();
  await changer.change().catch((error) => console.log(`the change failed: ${String(error)}`));
  await sleep(Math.max(0, started + options.seconds * 1000 - clock()));
  clearInterval(keepAlive);
  const stoppedAt = clock();
  const done = message('samples');
  worker.postMessage({ type: 'stop' });
  const samples = (await done).samples!;
  await profiler?.stop();
  await sampler.stop();
  await worker.terminate();
  await changer.restore();
  await app.close();
  await changeDb.close();

  const before = samples.filter(([at]) => at < changedAt);
  const after = samples.filter(([at]) => at >= changedAt);
  const activityBefore = sampler.samples.filter(({ at }) => at >= started && at < changedAt);
  const activityAfter = sampler.samples.filter(({ at }) => at >= changedAt);
  console.log(
    `${'phase'.padEnd(22)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}` +
      ` ${'max ms'.padStart(8)} ${'timeouts'.padStart(8)} ${'errors'.padStart(6)} ${'5xx'.padStart(6)} ${'other'.padStart(6)}` +
      ` ${'peak PG connections (by application)'}`,
  );
  console.log(summarise('before the change', before, activityBefore, (changedAt - started) / 1000));
  console.log(summarise('after the change', after, activityAfter, (stoppedAt - changedAt) / 1000));

  // The same, second by second around the change: how long the disturbance lasts.
  console.log(
    `\n${'seconds from change'.padEnd(22)} ${'started'.padStart(8)} ${'p95 ms'.padStart(8)} ${'timeouts'.padStart(8)} ${'peak PG'.padStart(8)}`,
  );
  const step = 5_000;
  for (let from = changedAt - 10_000; from < stoppedAt; from += step) {
    const slice = samples.filter(([at]) => at >= from && at < from + step);
    const latencies = slice
      .filter(([, , o]) => o > 0)
      .map(([, latency]) => latency)
      .sort((a, b) => a - b);
    const peak = Math.max(
      0,
      ...sampler.samples.filter(({ at }) => at >= from && at < from + step).map((s) => s.total),
    );
    const label = `${((from - changedAt) / 1000).toFixed(0)}..${((from + step - changedAt) / 1000).toFixed(0)}`;
    console.log(
      `${label.padEnd(22)} ${String(slice.length).padStart(8)} ${(latencies.length ? percentile(latencies, 0.95).toFixed(0) : '-').padStart(8)}` +
        ` ${String(slice.filter(([, , o]) => o === 0).length).padStart(8)} ${String(peak).padStart(8)}`,
    );
  }
}

/**
 * BENCH_CPU_PROF=<dir>: a V8 CPU profile of the server's thread for the load's duration (the
 * driver has a thread of its own), written there for DevTools' Performance panel.
 */
async function startProfile() {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(dir, { recursive: true });
      const file = path.join(
        dir,
        `public-api-load-${new Date().toISOString().replaceAll(':', '-')}.cpuprofile`,
      );
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`CPU profile of the load: ${file}`);
    },
  };
}

const sqlBackendPid = sql`SELECT pg_backend_pid() AS pid`;
const sqlMaxConnections = sql`SELECT current_setting('max_connections') AS max`;
