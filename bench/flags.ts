/**
 * `npm run bench:flags [-- --organization <id>] [--limit 500000] [--runs 30] [--recomputations 2] [--keep-cube] [--skip-confirm]`
 *
 * The red flags (issue 32) on the configured database (DATABASE_URL; run `npm run bench:seed --
 * --contracts 1000000` first):
 * 1. the full recomputation of the monitor with the most contracts, as the refresh job runs it
 *    (every flag, one transaction), with a direct-award limit set for every fiscal year so the
 *    chains and the limit are evaluated, then the rebuild of its flag cube; goal under 60 s at a
 *    million contracts;
 * 2. p50/p95 of the contracts list filtered by a flag (any, each flag, with other filters, two flags
 *    at once), through the real app with the result cache off (every request runs its queries, as
 *    the first visitor after a data change does); goal p95 under 100 ms at 1M, 200 ms at 5M;
 * 3. unless --skip-confirm, `npm run bench:data-load -- --rows 100000 --flags`: a 100,000-row
 *    confirm through the real server, then how long until the monitor's flags (and their cube) are
 *    current, with the flag-filtered list called meanwhile; goal under 60 s.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { queryRows } from '../src/server/db/client';
import { LOCKS } from '../src/server/db/migrate';
import { flagCounts, rebuildFlagCube } from '../src/server/modules/red-flags/red-flags.repository';
import { refreshMonitorFlags } from '../src/server/modules/red-flags/red-flags.service';
import { DEFAULT_RED_FLAG_PARAMETERS } from '../src/shared/red-flags/definitions';
import { monitorToMeasure, openBenchDatabase, option, percentile } from './support';

const { config, database } = await openBenchDatabase();
const organizationId = await monitorToMeasure(database);
const { db } = database;
const [{ contracts } = { contracts: 0 }] = await queryRows<{ contracts: number }>(
  db,
  sql`SELECT count(*)::int AS contracts FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL`,
);
const years = await queryRows<{ year: string }>(
  db,
  sql`SELECT DISTINCT fiscal_year AS year FROM contracts WHERE organization_id = ${organizationId}`,
);
const limit = Number(option('limit') ?? 500_000);
const parameters = {
  ...DEFAULT_RED_FLAG_PARAMETERS,
  directAwardLimits: Object.fromEntries(years.map(({ year }) => [year, limit])),
};
await db.execute(
  sql`INSERT INTO red_flag_settings (organization_id, parameters, method_version)
      VALUES (${organizationId}, ${JSON.stringify(parameters)}::jsonb, 1)
      ON CONFLICT (organization_id) DO UPDATE SET parameters = EXCLUDED.parameters`,
);
console.log(
  `${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}: ${contracts.toLocaleString('en-US')} contracts; ` +
    `direct-award limit ${limit.toLocaleString('en-US')} MXN in ${years.length} fiscal years`,
);
const deps = { database, now: () => new Date() };
const recomputations = Number(option('recomputations') ?? 2);
for (let run = 1; run <= recomputations; run += 1) {
  const started = performance.now();
  const { steps } = await refreshMonitorFlags(deps, organizationId);
  console.log(`full recomputation, run ${run}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(
    `  ${Object.entries(steps)
      .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
}
const rebuildCube = !process.argv.includes('--keep-cube');
const cubeStarted = performance.now();
// On a connection of its own without the pool's statement timeout, as the refresh runs it.
if (rebuildCube)
  await database.withExclusiveLock(LOCKS.redFlags, (own) =>
    own.transaction((tx) => rebuildFlagCube(tx, organizationId)),
  );
console.log(`flag cube rebuilt (alone): ${((performance.now() - cubeStarted) / 1000).toFixed(1)} s`);
const counts = await flagCounts(db, organizationId);
for (const [code, n] of [...counts.entries()].sort((a, b) => b[1] - a[1]))
  console.log(`  ${code.padEnd(24)} ${n.toLocaleString('en-US').padStart(10)} contracts`);

// The list filtered by a flag, every request computed (no result cache).
const runs = Number(option('runs') ?? 30);
const app = await buildApp({ ...config, resultCacheEntries: 0 }, { database });
const headers = { 'x-current-organization-id': organizationId };
const [{ period } = { period: '' }] = await queryRows<{ period: string }>(
  db,
  sql`SELECT administration_period AS period FROM contracts WHERE organization_id = ${organizationId}
       ORDER BY administration_period DESC LIMIT 1`,
);
const [rare, common] = [...counts.entries()].sort((a, b) => a[1] - b[1]).map(([code]) => code);
const scenarios: [string, Record<string, unknown>, number?][] = [
  ['any flag', { redFlags: ['ANY'] }],
  ['any flag, page 40', { redFlags: ['ANY'] }, 40],
  ['any flag + administration period', { redFlags: ['ANY'], administrationPeriods: [period] }],
  [
    'any flag + direct awards only counted',
    { redFlags: ['ANY'], procedureTypes: ['NO_BID'], countedOnly: true },
  ],
  ...[...counts.keys()].map((code): [string, Record<string, unknown>] => [code, { redFlags: [code] }]),
  [`${rare} + administration period`, { redFlags: [rare], administrationPeriods: [period] }],
  [`two flags (${rare}, ${common}: from the contracts)`, { redFlags: [rare, common] }],
  ['no flag filter (the list with its flagged tile)', {}],
];
console.log(`\ncontracts list filtered by red flags, ${runs} runs each, result cache off (p50 / p95):`);
for (const [name, filters, page = 1] of scenarios) {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const answer = await app.inject({
      method: 'POST',
      url: `/public-api/contracts/filtered-list?page=${page}`,
      headers,
      payload: { filters },
    });
    times.push(performance.now() - started);
    if (answer.statusCode !== 200) throw new Error(`${name}: ${answer.statusCode} ${answer.body}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(52)} ${percentile(times, 0.5).toFixed(1).padStart(7)} ms ${percentile(times, 0.95).toFixed(1).padStart(7)} ms`,
  );
}
await app.close();
await database.close();

if (!process.argv.includes('--skip-confirm')) {
  console.log('\nnpm run bench:data-load -- --rows 100000 --flags');
  execFileSync(
    path.join('node_modules', '.bin', 'tsx'),
    ['bench/data-load.ts', '--rows', '100000', '--flags'],
    {
      stdio: 'inherit',
      env: process.env,
    },
  );
}
