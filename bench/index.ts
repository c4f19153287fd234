/**
 * `npm run bench:index [-- --runs 30] [--organization <id>]`
 *
 * The public corruption-risk index page's call (issue 13) through the real app (Fastify inject),
 * on the configured database (DATABASE_URL, or the embedded one in DATA_DIR), for the monitor with
 * the most contracts: p50/p95 computed (result cache off: every variable read, every formula
 * evaluated, as the first visitor after a change), p95 cached, the comparison detail of the monitor
 * computed, and the first call after a change of one contract's amount (cache on). Also the same
 * variables computed from the contracts themselves (what a calculation with filters costs).
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { queryRows } from '../src/server/db/client';
import { variableValues } from '../src/server/modules/figures/index-variables.queries';
import { monitorToMeasure, openBenchDatabase, option, percentile } from './support';

const runs = Number(option('runs') ?? 30);
const opened = await openBenchDatabase();
const { database } = opened;
// The comparison detail is limited per address (60 a minute): lifted, the benchmark asks it 31 times.
const config = {
  ...opened.config,
  rateLimits: { ...opened.config.rateLimits, comparisonsPerMinute: 100_000 },
};
const computed = await buildApp({ ...config, resultCacheEntries: 0 }, { database });
const cached = await buildApp(
  { ...config, resultCacheEntries: 5_000, resultPreviousAfterMs: 600_000 },
  { database },
);
const organizationId = await monitorToMeasure(database);
const headers = { 'x-current-organization-id': organizationId };
const [{ contracts }] = (await queryRows<{ contracts: number }>(
  database.db,
  sql`SELECT count(*)::int AS contracts FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL`,
)) as [{ contracts: number }];
console.log(
  `${database.kind}: monitor ${organizationId} with ${contracts.toLocaleString('en-US')} contracts; ${runs} runs`,
);

const INDEX_URL = '/public-api/comparations/corruption-index';
/** The comparison's detail of the monitor (one side: its index and its money per procedure type). */
const DETAIL_URL = `/public-api/comparations/detail?id=${organizationId}`;

async function call(app: typeof computed, monitor = headers, url = INDEX_URL) {
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url, headers: monitor });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return { ms: performance.now() - started, data: response.json().data };
}

// Every monitor's score first (the demonstration monitors must differ, issue 13).
for (const monitor of await queryRows<{ id: string; short_name: string }>(
  database.db,
  sql`SELECT id, short_name FROM organizations WHERE deleted_at IS NULL ORDER BY created_at`,
)) {
  const { data } = await call(computed, { 'x-current-organization-id': monitor.id });
  const axes = data.axes
    .map((axis: { result: number | null }) => axis.result?.toFixed(1) ?? '---')
    .join(' / ');
  console.log(
    `  ${monitor.short_name}: ${data.administrationPeriod ?? '-'} index ${data.corruptionIndex?.result?.toFixed(2) ?? 'sin datos'} (${data.corruptionIndex?.level ?? '-'}); axes ${axes}`,
  );
}
const first = await call(computed);
const index = first.data.corruptionIndex;
console.log(
  `period ${first.data.administrationPeriod}: index ${index?.result?.toFixed(2) ?? 'sin datos'} (${index?.level ?? '-'}), ${first.data.concludedContracts.toLocaleString('en-US')} concluded contracts counted; first call ${first.ms.toFixed(0)} ms`,
);
const times = async (app: typeof computed, url = INDEX_URL) => {
  const list: number[] = [];
  for (let run = 0; run < runs; run++) list.push((await call(app, headers, url)).ms);
  return list.sort((a, b) => a - b);
};
const computedTimes = await times(computed);
await call(cached);
const cachedTimes = await times(cached);
const describe = (list: number[]) =>
  `p50 ${percentile(list, 0.5).toFixed(1)} ms, p95 ${percentile(list, 0.95).toFixed(1)} ms`;
console.log(`computed (every variable and formula): ${describe(computedTimes)}`);
console.log(`cached: ${describe(cachedTimes)}`);
await call(computed, headers, DETAIL_URL);
console.log(`comparison detail, computed: ${describe(await times(computed, DETAIL_URL))}`);

const afterChange: number[] = [];
for (let change = 0; change < 5; change++) {
  await database.db.execute(sql`
    UPDATE contracts SET total_or_max_amount = total_or_max_amount + 1
    WHERE id = (SELECT id FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL
      AND counts_in_totals ORDER BY id LIMIT 1 OFFSET ${change})`);
  afterChange.push((await call(cached)).ms);
}
console.log(`first call after a change (5 changes): ${describe(afterChange.sort((a, b) => a - b))}`);

const scanned: number[] = [];
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  await variableValues(database.db, {
    organizationId,
    administrationPeriod: first.data.administrationPeriod,
    filters: [],
  });
  scanned.push(performance.now() - started);
}
console.log(
  `the same variables counted from the contracts (a calculation with filters): ${describe(scanned.sort((a, b) => a - b))}`,
);
await computed.close();
await cached.close();
await database.close();
