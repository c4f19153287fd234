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
 */
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/client';
import { ensureBenchAdmin, monitorToMeasure, openBenchDatabase, option, startServerProcess } from './support';

const seconds = Number(option('seconds') ?? 10);
const levels = (option('connections') ?? '50,200,500').split(',').map(Number);
const processCounts = (option('processes') ?? `1,${availableParallelism()}`).split(',').map(Number);

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
await database.close();

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

function run(url: string, connections: number, requests: autocannon.Request[]): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, timeout: 10, headers, requests }, (error, result) => {
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
    });
  });
}

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
for (const processes of processCounts) {
  const server = await startServerProcess({ WEB_CONCURRENCY: String(processes), LOG_LEVEL: 'error' });
  try {
    // Every answer once (computed and kept), and its ETag for the returning visitors.
    const tagged: autocannon.Request[] = [];
    for (const path of paths) {
      const answer = await fetch(`${server.url}${path}`, { headers });
      await answer.arrayBuffer();
      if (answer.status !== 200) console.log(`  (warm-up: ${path} answered ${answer.status})`);
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
process.exit(0);
