/**
 * `npm run bench:flags [-- --organization <id>] [-- --limit 500000]`
 *
 * The red flags (issue 32) on the configured database (DATABASE_URL; run `npm run bench:seed --
 * --contracts 1000000` first): the full recomputation of the monitor with the most contracts, as
 * the refresh job runs it (every flag, one transaction), with a direct-award limit set for every
 * fiscal year so the chains and the limit are evaluated, then how many contracts carry each flag.
 * Goal: under 60 s at a million contracts. This first part of the issue measures the recomputation
 * only (the list filtered by a flag and the after-confirm delay come with them).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/client';
import { flagCounts } from '../src/server/modules/red-flags/red-flags.repository';
import { refreshMonitorFlags } from '../src/server/modules/red-flags/red-flags.service';
import { DEFAULT_RED_FLAG_PARAMETERS } from '../src/shared/red-flags/definitions';
import { monitorToMeasure, openBenchDatabase, option } from './support';

const { database } = await openBenchDatabase();
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
for (const run of [1, 2]) {
  const started = performance.now();
  await refreshMonitorFlags(deps, organizationId);
  console.log(`full recomputation, run ${run}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const counts = await flagCounts(db, organizationId);
for (const [code, n] of [...counts.entries()].sort((a, b) => b[1] - a[1]))
  console.log(`  ${code.padEnd(24)} ${n.toLocaleString('en-US').padStart(10)} contracts`);
await database.close();
