/**
 * `npm run bench:seed -- --contracts 1000000 [--seed N]`
 *
 * Fills the configured database (DATABASE_URL, or the embedded one under DATA_DIR) with one new
 * benchmark monitor holding the same kind of data as the demonstration monitors, at scale, and
 * prints rows per second. PostgreSQL is loaded with COPY; PGlite with unnest() batches.
 *
 * The contracts are loaded in one transaction that sets the table's secondary indexes, foreign
 * keys and triggers aside first, builds the indexes and checks the keys once at the end, and then
 * builds the new monitor's pre-aggregated tables from its contracts (seed/bulk-load.ts), several
 * times faster than maintaining all of them row by row and statement by statement. The table is
 * locked meanwhile, so run it on a benchmark database, not a live one; if the load fails, the
 * transaction rolls back and the table is as it was. Then VACUUM ANALYZE of the contracts and of
 * the tables the triggers keep (tidyAfterBulkWrite): a PostgreSQL without autovacuum would plan
 * with no statistics at all. Last, the monitor's red flags (its first refresh, as a portal runs it).
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { LOCKS, migrateDatabase } from '../src/server/db/migrate';
import * as schema from '../src/server/db/schema';
import { organizations } from '../src/server/db/schema';
import { tidyAfterBulkWrite } from '../src/server/modules/figures/cube-repair.queries';
import { refreshMonitorFlags } from '../src/server/modules/red-flags/red-flags.service';
import { bulkInsert, bulkInsertAll } from '../src/server/seed/bulk';
import { copyRows } from '../src/server/seed/bulk-copy';
import { type BulkLoadTimes, loadContractsInBulk } from '../src/server/seed/bulk-load';
import { generateSuppliers, generateUnits } from '../src/server/seed/catalogue-generator';
import { CONTRACT_COLUMNS, SUPPLIER_COLUMNS, UNIT_COLUMNS } from '../src/server/seed/columns';
import { generateContracts } from '../src/server/seed/contract-generator';
import {
  DEMO_ADMINISTRATION_PERIODS,
  DEMO_DEFAULT_PERIOD,
  DEMO_LAST_QUARTER,
  DEMO_MONITORS,
} from '../src/server/seed/demo-monitors';
import { Random } from '../src/server/seed/random';
import type { GeneratorSpec } from '../src/server/seed/rows';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]?.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive whole number`);
    process.exit(2);
  }
  return value;
}

const contractCount = option('contracts', 100_000);
const seed = option('seed', 1);
const supplierCount = option('suppliers', Math.max(200, Math.round(contractCount / 15)));
const fmt = (value: number) => Math.round(value).toLocaleString('en-US');

const config = loadConfig();
const database = await openDatabase(config.database);
await migrateDatabase(database);
const { db } = database;
const random = new Random(seed);
const started = new Date();

const name = `Monitor de carga ${fmt(contractCount)} (${started.toISOString().slice(0, 16).replace('T', ' ')})`;
const [organization] = await db
  .insert(organizations)
  .values({
    name,
    shortName: 'CARGA',
    theme: 'gray',
    color: '#abb8c2',
    title: 'Monitor de carga',
    description: 'Datos generados para medir el rendimiento del portal.',
    defaultAdministrationPeriod: DEMO_DEFAULT_PERIOD,
    isDemo: true,
  })
  .returning({ id: organizations.id });

const allUnits = [...new Set(DEMO_MONITORS.flatMap((monitor) => monitor.units))];
const spec: GeneratorSpec = {
  organizationId: organization!.id,
  code: `C${seed}`,
  slug: 'monitor-de-carga',
  units: allUnits,
  purchasingUnits: DEMO_MONITORS.flatMap((monitor) => monitor.purchasingUnits),
  worksUnit: DEMO_MONITORS[0]!.worksUnit,
  administrationPeriods: DEMO_ADMINISTRATION_PERIODS,
  lastQuarter: DEMO_LAST_QUARTER,
  supplierCount,
  amountScale: 1,
};
const createdAt = new Date(Date.UTC(2018, 9, 1));
const units = generateUnits(random, spec, createdAt);
const suppliers = generateSuppliers(random, spec, createdAt);
await bulkInsert(db, 'administrative_units', UNIT_COLUMNS, units);
await bulkInsertAll(db, 'suppliers', SUPPLIER_COLUMNS, suppliers, { batchSize: 5_000 });

console.log(
  `Loading ${fmt(contractCount)} contracts, ${fmt(suppliers.length)} suppliers and ${units.length} units into ${database.describe}…`,
);
const contracts = generateContracts(random, spec, units, suppliers, contractCount);
const t0 = performance.now();
let lastReport = t0;
/** Rows the database has stored so far (after each COPY statement or insert batch). */
const progress = (inserted: number) => {
  const now = performance.now();
  if (now - lastReport > 5_000 || inserted === contractCount) {
    lastReport = now;
    console.log(`  ${fmt(inserted)} contracts (${fmt(inserted / ((now - t0) / 1000))} rows/s)`);
  }
};

let times: BulkLoadTimes = { indexSeconds: 0, figuresSeconds: 0 };
let copySeconds = 0;
let commitSeconds = 0;
const loadedAt = (start: number) => (performance.now() - start) / 1000;
if (config.database.kind === 'postgres') {
  const client = new pg.Client({ connectionString: config.database.url });
  await client.connect();
  try {
    await client.query('BEGIN');
    // A benchmark load need not wait for its WAL to reach the disk at commit.
    await client.query('SET LOCAL synchronous_commit = off');
    const session = drizzlePg(client, { schema, casing: 'snake_case' }) as unknown as Database;
    times = await loadContractsInBulk(session, organization!.id, async () => {
      await copyRows(client, 'contracts', CONTRACT_COLUMNS, contracts, { onProgress: progress });
      copySeconds = loadedAt(t0);
    });
    const t = performance.now();
    await client.query('COMMIT');
    commitSeconds = loadedAt(t);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
} else {
  await db.transaction(async (tx) => {
    times = await loadContractsInBulk(tx as unknown as Database, organization!.id, async () => {
      await bulkInsertAll(tx as unknown as Database, 'contracts', CONTRACT_COLUMNS, contracts, {
        batchSize: 5_000,
        onBatch: progress,
      });
      copySeconds = loadedAt(t0);
    });
  });
}
const loadSeconds = loadedAt(t0);
const t1 = performance.now();
// On a connection of its own, without the statement timeout (VACUUM at millions of rows can outlast it).
await database.withExclusiveLock(LOCKS.tidy, tidyAfterBulkWrite);
const analyzeSeconds = loadedAt(t1);
// The monitor's red flags and their cube, as a running portal has them after its first refresh: a
// benchmark started right after the seed measured that first recomputation (minutes at a million
// contracts) instead of the steady state.
const t2 = performance.now();
await refreshMonitorFlags({ database, now: () => new Date() }, organization!.id);
const flagsSeconds = loadedAt(t2);
await database.close();

console.log(
  [
    '',
    `Benchmark monitor: ${name}`,
    `  organization id: ${organization!.id}`,
    `  contracts:       ${fmt(contractCount)} in ${loadSeconds.toFixed(1)} s → ${fmt(contractCount / loadSeconds)} rows/s`,
    `                   (streaming the rows ${copySeconds.toFixed(1)} s at ${fmt(contractCount / copySeconds)} rows/s, ` +
      `building the indexes and checking the keys ${times.indexSeconds.toFixed(1)} s, ` +
      `building the figures ${times.figuresSeconds.toFixed(1)} s, commit ${commitSeconds.toFixed(1)} s)`,
    `  VACUUM ANALYZE:  ${analyzeSeconds.toFixed(1)} s`,
    `  red flags:       ${flagsSeconds.toFixed(1)} s`,
    `  total:           ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s`,
  ].join('\n'),
);
