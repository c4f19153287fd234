/**
 * `npm run bench:figures-write [-- --rows 50000] [-- --organization <id>]`
 *
 * What the figures' maintenance in every write costs (decision 0027): one transaction inserts
 * `rows` contracts into the measured monitor (like a data-load confirm), then updates and deletes
 * them; each statement's time is printed with the part its figures' triggers took, and apart the
 * part of the kept searches' trigger (decision 0031) (EXPLAIN ANALYZE times triggers apart). The transaction is rolled back: the data stays as it was.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { queryRows } from '../src/server/db/client';
import { monitorToMeasure, openBenchDatabase, option } from './support';

const rows = Number(option('rows') ?? 50_000);
const { database } = await openBenchDatabase();
const organizationId = await monitorToMeasure(database);

class Rollback extends Error {}

const insert = sql`
  INSERT INTO contracts (id, organization_id, supplier_id, procedure_type, category, administration_period,
    fiscal_year, period, procedure_state, organizer_administrative_unit_id, applicant_administrative_unit_id,
    contract_number, total_amount, total_or_max_amount, services_description, data_load_id)
  SELECT gen_random_uuid(), organization_id, supplier_id, procedure_type, category, administration_period, fiscal_year, period,
    procedure_state, organizer_administrative_unit_id, applicant_administrative_unit_id,
    'BENCH-' || n, total_amount, total_or_max_amount, services_description, '00000000-0000-4000-8000-00000000be0c'::uuid
  FROM (SELECT c.*, row_number() OVER () AS n FROM contracts c
        WHERE organization_id = ${organizationId} AND deleted_at IS NULL LIMIT ${rows}) sample`;
const batch = sql`data_load_id = '00000000-0000-4000-8000-00000000be0c'::uuid`;

interface Timing {
  total: number;
  figures: number;
  /** The kept searches' trigger (decision 0031), apart. */
  searches: number;
}

/** Each statement under EXPLAIN ANALYZE, which times every trigger apart from the statement itself. */
async function run(): Promise<Record<string, Timing>> {
  const times: Record<string, Timing> = {};
  const step = async (tx: Database, name: string, query: ReturnType<typeof sql>) => {
    const [plan] = await queryRows<{
      'QUERY PLAN': [{ 'Execution Time': number; Triggers?: { 'Trigger Name': string; Time: number }[] }];
    }>(tx, sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`);
    const [result] = plan!['QUERY PLAN'];
    const timeOf = (prefix: string) =>
      (result.Triggers ?? [])
        .filter((trigger) => trigger['Trigger Name'].startsWith(prefix))
        .reduce((sum, trigger) => sum + trigger.Time, 0);
    times[name] = {
      total: result['Execution Time'],
      figures: timeOf('contracts_figures_'),
      searches: timeOf('contracts_search_figures_'),
    };
  };
  await database.db
    .transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await step(tx, `insert ${rows.toLocaleString('en-US')}`, insert);
      await step(
        tx,
        'update their amounts',
        sql`UPDATE contracts SET total_or_max_amount = total_or_max_amount + 1 WHERE ${batch}`,
      );
      await step(tx, 'soft-delete them', sql`UPDATE contracts SET deleted_at = now() WHERE ${batch}`);
      await step(tx, 'delete them', sql`DELETE FROM contracts WHERE ${batch}`);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return times;
}

const [{ contracts } = { contracts: 0 }] = await queryRows<{ contracts: number }>(
  database.db,
  sql`SELECT count(*)::int AS contracts FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL`,
);
console.log(
  `${database.describe}: monitor ${organizationId} with ${contracts.toLocaleString('en-US')} contracts\n`,
);
const [{ kept } = { kept: 0 }] = await queryRows<{ kept: number }>(
  database.db,
  sql`SELECT count(*)::int AS kept FROM search_terms WHERE organization_id = ${organizationId}`,
);
console.log(`kept searches of the monitor: ${kept}\n`);
const timings = await run();
console.log(
  `${'statement (one transaction, rolled back)'.padEnd(42)} ${'statement'.padStart(12)} ${'of it, figures'.padStart(16)} ${'kept searches'.padStart(14)}`,
);
for (const [name, { total, figures, searches }] of Object.entries(timings)) {
  console.log(
    `${name.padEnd(42)} ${`${total.toFixed(0)} ms`.padStart(12)} ${`${figures.toFixed(0)} ms`.padStart(16)} ${`${searches.toFixed(0)} ms`.padStart(14)}`,
  );
}
await database.close();
