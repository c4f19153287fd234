import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { keptSearchDifferences } from './search-figures.queries';

/**
 * The figures' repair (decision 0027): the database keeps the pre-aggregated tables exact in every
 * write (triggers of migrations 0013 and 0018); these rebuild or check one monitor's tables from its
 * contracts with the functions of the same migration (vigia_*_of), which define what the tables
 * must hold. Never called on a request: only by the repair and check jobs.
 */

/** The tables, in the order they are rebuilt, with the function that computes each one's rows. */
const TABLES = [
  ['contract_cube', 'vigia_contract_cube_of'],
  ['supplier_cube', 'vigia_supplier_cube_of'],
  ['supplier_ranking', 'vigia_supplier_ranking_of'],
  ['supplier_ranking_totals', 'vigia_supplier_ranking_totals_of'],
  ['index_cube', 'vigia_index_cube_of'],
] as const;

/**
 * Rebuilds the monitor's five tables in one transaction, holding the monitor's figures lock alone
 * (writers hold it shared in their triggers), so no write is half counted. Reports each step.
 */
export async function rebuildFigures(
  db: Database,
  organizationId: string,
  progress: (fraction: number, note: string) => void = () => {},
): Promise<{ milliseconds: number }> {
  return db.transaction(async (tx) =>
    rebuildFiguresWithin(tx as unknown as Database, organizationId, progress),
  );
}

/**
 * The rebuild in the caller's transaction (`run`): the repair's, or the bulk seed's, which loads a
 * monitor's contracts with the triggers off and then builds its tables once.
 */
export async function rebuildFiguresWithin(
  run: Database,
  organizationId: string,
  progress: (fraction: number, note: string) => void = () => {},
): Promise<{ milliseconds: number }> {
  // Read committed: each statement below sees every write committed before the lock was granted.
  await run.execute(sql`SELECT pg_advisory_xact_lock(vigia_figures_lock(${organizationId}::uuid))`);
  const started = performance.now();
  for (const [index, [table, source]] of TABLES.entries()) {
    progress(index / TABLES.length, table);
    await run.execute(
      sql`DELETE FROM ${sql.identifier(table)} WHERE organization_id = ${organizationId}::uuid`,
    );
    await run.execute(
      sql`INSERT INTO ${sql.identifier(table)} SELECT * FROM ${sql.identifier(source)}(${organizationId}::uuid)`,
    );
  }
  // Kept searches are counted again when next asked (decision 0031).
  await run.execute(sql`DELETE FROM search_terms WHERE organization_id = ${organizationId}::uuid`);
  const milliseconds = Math.round(performance.now() - started);
  await run.execute(sql`
    INSERT INTO cube_versions (organization_id, data_version, built_at, milliseconds)
    SELECT id, data_version, now(), ${milliseconds} FROM organizations WHERE id = ${organizationId}::uuid
    ON CONFLICT (organization_id) DO UPDATE
    SET data_version = excluded.data_version, built_at = excluded.built_at, milliseconds = excluded.milliseconds`);
  progress(1, 'done');
  return { milliseconds };
}

/**
 * After a bulk write (the seed, a large confirm): removes the dead versions the writes left in the
 * contracts and in the tables the triggers keep (every statement rewrites the cube rows it
 * touches) and updates the planner's statistics. On a PostgreSQL without autovacuum nothing else
 * does, and plans then expect one row where there are thousands. Outside any transaction.
 */
export async function tidyAfterBulkWrite(db: Database): Promise<void> {
  const tables = [
    'contracts',
    'suppliers',
    'administrative_units',
    'organizations',
    ...TABLES.map(([table]) => table),
    'search_terms',
    'search_figures',
    'cube_versions',
  ];
  // One statement per table (VACUUM runs outside a transaction); the job gives it a connection
  // without statement timeout.
  for (const table of tables) await db.execute(sql.raw(`VACUUM (ANALYZE) "${table}"`));
}

/**
 * How many stored rows of the monitor's five tables, and of its kept searches (decision 0031),
 * differ from what its contracts say (missing, extra or with other figures). One statement per
 * table: a consistent snapshot of the contracts and of the tables, which every committed write
 * keeps in step.
 */
export async function figureDifferences(db: Database, organizationId: string): Promise<number> {
  let differences = 0;
  for (const [table, source] of TABLES) {
    const stored = sql`SELECT * FROM ${sql.identifier(table)} WHERE organization_id = ${organizationId}::uuid`;
    const computed = sql`SELECT * FROM ${sql.identifier(source)}(${organizationId}::uuid)`;
    const [row] = await queryRows<{ count: number | string }>(
      db,
      sql`SELECT count(*) AS count FROM ((${computed} EXCEPT ALL ${stored}) UNION ALL (${stored} EXCEPT ALL ${computed})) d`,
    );
    differences += Number(row?.count ?? 0);
  }
  return differences + (await keptSearchDifferences(db, organizationId));
}

/** Every monitor's id, for the nightly check. */
export async function monitorIds(db: Database): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, sql`SELECT id FROM organizations ORDER BY id`);
  return rows.map((row) => row.id);
}
