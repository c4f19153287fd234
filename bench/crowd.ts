/**
 * `npm run bench:load [-- --seconds 10] [--connections 50,200,500] [--processes 1,2] [--organization <id>]`
 *
 * A crowd of visitors (issue 34) against the built server on the configured PostgreSQL
 * (DATABASE_URL; run `npm run bench:seed -- --contracts 1000000` first), driven by autocannon
 * from this process: the visitor mix of the public pages as the web app asks it (the home charts
 * and the lists with varied filters through their GET forms, contract pages, the index, the
 * suppliers, the filter options), at each number of connections, for one server process and for
 * one per core (WEB_CONCURRENCY), first as new visitors (every answer sent whole) and then as
 * returning ones (each request with the ETag it got: `If-None-Match`, 304 when unchanged). Prints
 * req/s, p50/p99 latency, errors, time-outs and the answers' statuses. Goals on the 2-core machine
 * (load generator included): ≥ 8,000 req/s for the mix at 500 connections with no error and p99 <
 * 300 ms; ≥ 15,000 304 answers/s.
 *
 * Then, with one process per core and the new visitors' mix at the largest number of connections,
 * answers counted second by second: a data change (a contract's amount, as a save does) 10 s into
 * a 30-s run, printing the steady rate before it and the slowest 5-s window after it (goal: never
 * below half the steady rate); and a 100,000-row load uploaded and confirmed through another
 * server process (bench/data-load.ts, its contracts deleted after) while the crowd runs (goal: no
 * error). `--phases steady,change,confirm` chooses (all by default); `--rows` the load's size.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/client';
import { contractChanger } from './after-change';
import { ensureBenchAdmin, monitorToMeasure, openBenchDatabase, option, startServerProcess } from './support';

const seconds = Number(option('seconds') ?? 10);
const levels = (option('connections') ?? '50,200,500').split(',').map(Number);
const processCounts = (option('processes') ?? `1,${availableParallelism()}`).split(',').map(Number);
const phases = new Set((option('phases') ?? 'steady,change,confirm').split(','));
const loadRows = Number(option('rows') ?? 100_000);

const { database } = await openBenchDatabase();
if (database.kind !== 'postgres') {
  console.error('bench:load needs PostgreSQL: DATABASE_URL=postgres://… npm run bench:load');
  process.exit(1);
}
const organizationId = await monitorToMeasure(database);
await ensureBenchAdmin(database);
const values = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ value: string }>(database.db, query)).map((row) => String(row.value));
const periods = await values(
  sql`SELECT DISTINCT administration_period AS value FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL`,
);
const years = await values(
  sql`SELECT DISTINCT fiscal_year AS value FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL`,
);
const units = await values(
  sql`SELECT id AS value FROM administrative_units WHERE organization_id = ${organizationId} AND deleted_at IS NULL ORDER BY id LIMIT 8`,
);
const suppliers = await values(
  sql`SELECT supplier_id AS value FROM contracts WHERE organization_id = ${organizationId} AND supplier_id IS NOT NULL
      GROUP BY 1 ORDER BY count(*) DESC LIMIT 8`,
);
const contracts = await values(
  sql`SELECT id AS value FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL
      ORDER BY total_or_max_amount DESC NULLS LAST LIMIT 20`,
);

const filtered = (path: string, filters: object, page?: number) => {
  const query = new URLSearchParams(page ? { page: String(page) } : {});
  if (Object.keys(filters).length > 0) query.set('filters', JSON.stringify(filters));
  return `${path}${query.size > 0 ? `?${query}` : ''}`;
};
const filterSets: object[] = [
  {},
  ...periods.slice(0, 3).map((period) => ({ administrationPeriods: [period] })),
  ...years.slice(0, 4).map((year) => ({ fiscalYears: [year] })),
  ...['PUBLIC', 'INVITATION', 'NO_BID'].map((type) => ({ procedureTypes: [type] })),
  ...units.slice(0, 4).map((unit) => ({ administrativeUnits: [unit] })),
  ...suppliers.slice(0, 4).map((supplier) => ({ suppliers: [supplier] })),
];
/** The mix: what the home, contracts, suppliers and index pages ask, in about the proportions visitors do. */
const paths: string[] = [
  ...filterSets.flatMap((filters) => [
    filtered('/public-api/landing/amountByPeriod', filters),
    filtered('/public-api/landing/amountByProcedure', filters),
    filtered('/public-api/contracts/filtered-list', filters, 1),
  ]),
  ...[2, 3, 10].map((page) => filtered('/public-api/contracts/filtered-list', {}, page)),
  ...filterSets.slice(0, 8).map((filters) => filtered('/public-api/suppliers/filtered-list', filters, 1)),
  ...contracts.map((id) => `/public-api/contracts/detail?id=${id}`),
  ...suppliers.map((id) => `/public-api/suppliers/detail?id=${id}`),
  '/public-api/comparations/corruption-index',
  '/public-api/contracts/totals',
  '/public-api/contracts/retrieve/administration-periods',
  '/public-api/contracts/retrieve/procedure-types',
  '/public-api/organizations/list',
];
const headers = { 'x-current-organization-id': organizationId, 'accept-encoding': 'gzip, br' };

interface Outcome {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  statuses: string;
}

/**
 * Drives `connections` connections through `requests` for `duration` seconds (or until stop() is
 * called), counting the answers of each second from the start.
 */
function drive(url: string, connections: number, requests: autocannon.Request[], duration = seconds) {
  const perSecond: number[] = [];
  const started = performance.now();
  let instance: autocannon.Instance | undefined;
  const outcome = new Promise<Outcome>((resolve, reject) => {
    const driving = autocannon(
      { url, connections, duration, timeout: 10, headers, requests },
      (error, result) => {
        if (error) return reject(error);
        const statuses = Object.entries({
          '2xx': result['2xx'],
          '304': (result.statusCodeStats as Record<string, { count: number }>)['304']?.count ?? 0,
          '4xx': result['4xx'],
          '5xx': result['5xx'],
        })
          .filter(([, count]) => count > 0)
          .map(([code, count]) => `${code} ${count.toLocaleString('en-US')}`)
          .join(', ');
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors,
          timeouts: result.timeouts,
          statuses,
        });
      },
    );
    instance = driving;
    driving.on('response', () => {
      const second = Math.floor((performance.now() - started) / 1000);
      perSecond[second] = (perSecond[second] ?? 0) + 1;
    });
  });
  return {
    outcome,
    /** Answers in each whole second so far (0 for a second without any). */
    seconds: () => Array.from({ length: perSecond.length }, (_, index) => perSecond[index] ?? 0),
    stop: () => instance?.stop(),
  };
}

const run = (url: string, connections: number, requests: autocannon.Request[]) =>
  drive(url, connections, requests).outcome;

/** The slowest average over `width` consecutive seconds of `counts` from `from` on (the last, partial second left out). */
function slowestWindow(counts: number[], from: number, width = 5): { rate: number; at: number } {
  let slowest = { rate: Number.POSITIVE_INFINITY, at: from };
  for (let at = from; at + width <= counts.length - 1; at++) {
    const rate = counts.slice(at, at + width).reduce((sum, count) => sum + count, 0) / width;
    if (rate < slowest.rate) slowest = { rate, at };
  }
  return slowest;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const line = (label: string, outcome: Outcome) =>
  console.log(
    `  ${label.padEnd(34)} ${Math.round(outcome.rps).toLocaleString('en-US').padStart(7)} req/s  ` +
      `p50 ${String(outcome.p50).padStart(4)} ms  p99 ${String(outcome.p99).padStart(5)} ms  ` +
      `errors ${outcome.errors}  time-outs ${outcome.timeouts}  (${outcome.statuses})`,
  );

console.log(
  `PostgreSQL, monitor ${organizationId}: a mix of ${paths.length} public GET answers, ${seconds} s per run, ` +
    `autocannon in this process\n`,
);
const fresh = paths.map((path): autocannon.Request => ({ method: 'GET', path }));

/** A GET on a connection of its own (closed after it): the supervisor hands each to the next process. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/**
 * Every answer computed and kept in every process, as the first visitors would leave them: each
 * path asked `processes` times in a row, each time on a new connection (the supervisor gives
 * connections to the processes in turn, so each process gets it once); then the mix for 3 s, so
 * the code is compiled hot.
 */
async function warmUp(url: string, processes: number) {
  for (const path of paths)
    for (let ask = 0; ask < processes; ask++) {
      const status = await getOnNewConnection(`${url}${path}`);
      if (ask === 0 && status !== 200) console.log(`  (warm-up: ${path} answered ${status})`);
    }
  await drive(url, processes * 8, fresh, 3).outcome;
}

for (const processes of phases.has('steady') ? processCounts : []) {
  const server = await startServerProcess({ WEB_CONCURRENCY: String(processes), LOG_LEVEL: 'error' });
  try {
    await warmUp(server.url, processes);
    // Every answer's ETag, for the returning visitors.
    const tagged: autocannon.Request[] = [];
    for (const path of paths) {
      const answer = await fetch(`${server.url}${path}`, { headers });
      await answer.arrayBuffer();
      const etag = answer.headers.get('etag');
      tagged.push({ method: 'GET', path, headers: etag ? { ...headers, 'if-none-match': etag } : headers });
    }
    const revalidated = tagged.filter((request) => request.headers && 'if-none-match' in request.headers);
    console.log(
      `${processes} server process${processes > 1 ? 'es' : ''} (WEB_CONCURRENCY=${processes}); ` +
        `${revalidated.length} of ${paths.length} answers carry an ETag`,
    );
    for (const connections of levels) {
      line(
        `new visitors, ${connections} connections`,
        await run(
          server.url,
          connections,
          paths.map((path) => ({ method: 'GET', path })),
        ),
      );
      line(`returning (If-None-Match), ${connections}`, await run(server.url, connections, tagged));
      line(`revalidations only, ${connections}`, await run(server.url, connections, revalidated));
    }
    console.log('');
  } finally {
    await server.stop();
  }
}
const crowd = Math.max(...levels);
const cores = availableParallelism();

if (phases.has('change')) {
  const server = await startServerProcess({ WEB_CONCURRENCY: String(cores), LOG_LEVEL: 'error' });
  const changer = await contractChanger(database, organizationId);
  try {
    await warmUp(server.url, cores);
    const CHANGE_AT = 10;
    const driven = drive(server.url, crowd, fresh, 30);
    const changed = new Promise<number>((resolve, reject) =>
      setTimeout(() => {
        const at = performance.now();
        changer.change().then(() => resolve(performance.now() - at), reject);
      }, CHANGE_AT * 1000),
    );
    const outcome = await driven.outcome;
    const changeMs = await changed;
    const counts = driven.seconds();
    const steady = median(counts.slice(2, CHANGE_AT));
    const after = slowestWindow(counts, CHANGE_AT);
    console.log(
      `A data change ${CHANGE_AT} s into 30 s of new visitors at ${crowd} connections, ${cores} processes ` +
        `(the UPDATE took ${Math.round(changeMs)} ms):`,
    );
    line('the whole run', outcome);
    console.log(
      `  steady before: ${steady.toLocaleString('en-US')} answers/s; slowest 5 s after: ` +
        `${Math.round(after.rate).toLocaleString('en-US')} answers/s (${Math.round((100 * after.rate) / steady)} %, ` +
        `seconds ${after.at}–${after.at + 5}); by second: ${counts.join(' ')}\n`,
    );
  } finally {
    await changer.restore();
    await server.stop();
  }
}

if (phases.has('confirm')) {
  const server = await startServerProcess({ WEB_CONCURRENCY: String(cores), LOG_LEVEL: 'error' });
  try {
    await warmUp(server.url, cores);
    const driven = drive(server.url, crowd, fresh, 3_600);
    const started = performance.now();
    const load = spawn(
      path.join('node_modules', '.bin', 'tsx'),
      [
        'bench/data-load.ts',
        '--rows',
        String(loadRows),
        '--organization',
        organizationId,
        '--calls-per-second',
        '1',
      ],
      { env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let loadOutput = '';
    load.stdout.on('data', (chunk) => {
      loadOutput += chunk;
    });
    const code = await new Promise<number | null>((resolve) => load.on('close', resolve));
    const loadSeconds = (performance.now() - started) / 1000;
    driven.stop();
    const outcome = await driven.outcome;
    const counts = driven.seconds();
    const slowest = slowestWindow(counts, 0);
    console.log(
      `A ${loadRows.toLocaleString('en-US')}-row load uploaded, read, confirmed and deleted by another server ` +
        `process (bench:data-load, exit ${code}, ${Math.round(loadSeconds)} s) while new visitors ask at ${crowd} ` +
        `connections, ${cores} processes:`,
    );
    line('while it ran', outcome);
    console.log(
      `  median ${median(counts.slice(1, -1)).toLocaleString('en-US')} answers/s; slowest 5 s: ` +
        `${Math.round(slowest.rate).toLocaleString('en-US')} answers/s (seconds ${slowest.at}–${slowest.at + 5})`,
    );
    console.log(
      loadOutput
        .split('\n')
        .filter((text) => /confirm|review|rows\/s|p95/i.test(text))
        .map((text) => `  | ${text.trim()}`)
        .join('\n'),
    );
  } finally {
    await server.stop();
  }
}
await database.close();
process.exit(0);
