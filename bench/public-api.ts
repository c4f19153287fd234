/**
 * `npm run bench:public-api [-- --runs 30] [--organization <id>] [--changes 5] [--connections 500]
 *  [--load-seconds 40] [--change-at <s, default a third>] [--timeout 10] [--skip-load | --only-load]
 *  [--calls <text>]`
 *
 * p50 and p95 of the public API calls a visitor makes, through the real app (Fastify inject, so
 * no network), against the configured database (DATABASE_URL, or the embedded one). Uses the
 * monitor with the most contracts unless --organization is given. Run `npm run bench:seed --
 * --contracts 1000000` first to measure at scale.
 *
 * Two figures per call: "computed" with the result cache off (every request runs its queries,
 * as the first visitor after a data change does) and "cached" with it on. The first figures call
 * after a bare data-version bump is printed first (the pre-aggregated tables are kept by the writes
 * themselves, decision 0027: nothing is rebuilt on a request).
 *
 * Then the cost of a data change for visitors: the first call of each scenario after `--changes`
 * changes of one contract's amount (bench/after-change.ts), and, on PostgreSQL, one change in the
 * middle of `--load-seconds` of load from `--connections` keep-alive connections (bench/load.ts).
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { queryRows } from '../src/server/db/client';
import { type BenchRequest, contractChanger, measureFirstCallsAfterChange } from './after-change';
import { measureChangeUnderLoad } from './load';
import { monitorToMeasure, openBenchDatabase, option, percentile } from './support';

const runs = Number(option('runs') ?? 30);
const changes = Number(option('changes') ?? 5);
const load = {
  connections: Number(option('connections') ?? 500),
  seconds: Number(option('load-seconds') ?? 40),
  changeAt: Number(option('change-at') ?? Number(option('load-seconds') ?? 40) / 3),
  timeoutMs: Number(option('timeout') ?? 10) * 1000,
};

const { config, database } = await openBenchDatabase();
const computed = await buildApp({ ...config, resultCacheEntries: 0 }, { database });
const cached = await buildApp({ ...config, resultCacheEntries: 5_000 }, { database });
const organizationId = await monitorToMeasure(database);
const headers = { 'x-current-organization-id': organizationId };

const first = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(database.db, query))[0]!;
const { contracts } = await first<{ contracts: number }>(
  sql`SELECT count(*)::int AS contracts FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL`,
);
const { period } = await first<{ period: string }>(
  sql`SELECT administration_period AS period FROM contracts WHERE organization_id = ${organizationId} ORDER BY administration_period DESC LIMIT 1`,
);
const { unit } = await first<{ unit: string }>(
  sql`SELECT applicant_administrative_unit_id AS unit FROM contracts WHERE organization_id = ${organizationId} LIMIT 1`,
);
const { supplier } = await first<{ supplier: string }>(
  sql`SELECT supplier_id AS supplier FROM contracts WHERE organization_id = ${organizationId} AND supplier_id IS NOT NULL
      GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
);
const { year, quarter } = await first<{ year: string; quarter: string }>(
  sql`SELECT fiscal_year AS year, period AS quarter FROM contracts WHERE organization_id = ${organizationId} ORDER BY period DESC LIMIT 1`,
);
const { suppliers } = await first<{ suppliers: number }>(
  sql`SELECT count(DISTINCT supplier_id)::int AS suppliers FROM contracts WHERE organization_id = ${organizationId}`,
);
const latePage = Math.max(1, Math.floor(suppliers / 10) - 1);

const list = (filters: object) => ({
  method: 'POST' as const,
  url: '/public-api/contracts/filtered-list?page=1',
  payload: { filters },
});
const allScenarios: [string, BenchRequest][] = [
  ['contracts: no filter', list({})],
  ['contracts: administration period', list({ administrationPeriods: [period] })],
  ['contracts: fiscal year', list({ fiscalYears: [year] })],
  ['contracts: quarter', list({ trimonths: [quarter] })],
  ['contracts: procedure type', list({ procedureTypes: ['PUBLIC'] })],
  ['contracts: administrative unit', list({ administrativeUnits: [unit] })],
  ['contracts: supplier', list({ suppliers: [supplier] })],
  ['contracts: search "pavimentacion"', list({ search: 'pavimentacion' })],
  [
    'contracts: combined',
    list({ administrationPeriods: [period], procedureTypes: ['NO_BID'], administrativeUnits: [unit] }),
  ],
  [
    'contracts: page 500',
    { method: 'POST', url: '/public-api/contracts/filtered-list?page=500', payload: { filters: {} } },
  ],
  ['contract totals', { method: 'GET', url: '/public-api/contracts/totals' }],
  [
    'suppliers: page 1',
    { method: 'POST', url: '/public-api/suppliers/filtered-list?page=1', payload: { filters: {} } },
  ],
  [
    `suppliers: page ${latePage}`,
    { method: 'POST', url: `/public-api/suppliers/filtered-list?page=${latePage}`, payload: { filters: {} } },
  ],
  ['supplier detail (largest)', { method: 'GET', url: `/public-api/suppliers/detail?id=${supplier}` }],
  ['chart: amount by period', { method: 'POST', url: '/public-api/landing/amountByPeriod', payload: {} }],
  [
    'chart: amount by procedure',
    { method: 'POST', url: '/public-api/landing/amountByProcedure', payload: {} },
  ],
  ['filter options: quarters', { method: 'GET', url: '/public-api/contracts/retrieve/trimonths' }],
  ['filter options: units', { method: 'GET', url: '/public-api/contracts/retrieve/administrative-units' }],
];
/** --calls search: only the calls whose name contains the text (the change and load phases too). */
const calls = option('calls');
const scenarios = calls ? allScenarios.filter(([name]) => name.includes(calls)) : allScenarios;

console.log(
  `${database.describe}: monitor ${organizationId} with ${contracts.toLocaleString('en-US')} contracts; ${runs} runs each\n`,
);

if (process.argv.includes('--only-load')) {
  const requests = await loadMix(scenarios.map(([, request]) => request));
  await computed.close();
  await cached.close();
  await database.close();
  await measureChangeUnderLoad(config, organizationId, requests, load);
  process.exit(0);
}

// A data-version bump, then the first figures call (decision 0027: it rebuilds nothing).
await database.db.execute(
  sql`UPDATE organizations SET data_version = data_version + 1 WHERE id = ${organizationId}`,
);
const rebuildStarted = performance.now();
await computed.inject({ method: 'GET', url: '/public-api/contracts/totals', headers });
console.log(
  `first contract totals after a data-version bump: ${Math.round(performance.now() - rebuildStarted)} ms\n`,
);

// A search of many contracts is scanned when first asked, then kept by a job (decision 0031): the
// monitor's kept searches are dropped first, so the first ask below pays the scan.
const search = allScenarios.find(([name]) => name.startsWith('contracts: search'))![1];
await database.db.execute(sql`DELETE FROM search_terms WHERE organization_id = ${organizationId}`);
const askedAt = performance.now();
await computed.inject({ ...search, headers });
const firstAsk = Math.round(performance.now() - askedAt);
// The job is queued beside the answer, then kept by a worker.
await computed.deps.background.idle();
await computed.deps.jobs.idle();
console.log(`first ask of the search (scanned, then kept by a job): ${firstAsk} ms\n`);

async function measure(app: typeof computed, request: (typeof scenarios)[number][1], name: string) {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    const response = await app.inject({ ...request, headers });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`${name}: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`);
    if (i >= 2) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return `${percentile(times, 0.5).toFixed(1).padStart(8)} ${percentile(times, 0.95).toFixed(1).padStart(8)}`;
}

console.log(`${''.padEnd(40)} ${'computed'.padStart(17)} ${'cached'.padStart(17)}`);
console.log(
  `${'call'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`,
);
for (const [name, request] of scenarios) {
  console.log(
    `${name.padEnd(40)} ${await measure(computed, request, name)} ${await measure(cached, request, name)}`,
  );
}

await measureFirstCallsAfterChange(
  cached,
  headers,
  scenarios,
  await contractChanger(database, organizationId),
  changes,
);
const loadRequests = await loadMix(scenarios.map(([, request]) => request));
await computed.close();
await cached.close();
await database.close();
if (!process.argv.includes('--skip-load'))
  await measureChangeUnderLoad(config, organizationId, loadRequests, load);

/**
 * What the load sends: the scenarios, plus the figure calls (contract list and totals, the two
 * charts, the suppliers list) under varied filters (each year, quarter, period, procedure type,
 * and the largest units and suppliers), so that many result-cache keys are in use at once.
 */
async function loadMix(base: BenchRequest[]): Promise<BenchRequest[]> {
  const values = async (column: string, limit: number) =>
    (
      await queryRows<{ value: string }>(
        database.db,
        sql`SELECT ${sql.raw(column)}::text AS value FROM contracts WHERE organization_id = ${organizationId}
              AND ${sql.raw(column)} IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT ${limit}`,
      )
    ).map((row) => row.value);
  const filterSets: object[] = [
    ...(await values('fiscal_year', 8)).map((y) => ({ fiscalYears: [y] })),
    ...(await values('period', 8)).map((q) => ({ trimonths: [q] })),
    ...(await values('administration_period', 4)).map((p) => ({ administrationPeriods: [p] })),
    ...['PUBLIC', 'INVITATION', 'NO_BID'].map((t) => ({ procedureTypes: [t] })),
    ...(await values('applicant_administrative_unit_id', 6)).map((u) => ({ administrativeUnits: [u] })),
    ...(await values('supplier_id', 4)).map((s) => ({ suppliers: [s] })),
  ];
  const varied = filterSets.flatMap((filters): BenchRequest[] => [
    { method: 'POST', url: '/public-api/contracts/filtered-list?page=1', payload: { filters } },
    { method: 'POST', url: '/public-api/landing/amountByPeriod', payload: { filters } },
    { method: 'POST', url: '/public-api/landing/amountByProcedure', payload: { filters } },
    { method: 'POST', url: '/public-api/suppliers/filtered-list?page=1', payload: { filters } },
  ]);
  return [...base, ...varied];
}
