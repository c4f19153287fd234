import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { rebuildFiguresWithin } from '../modules/figures/cube-repair.queries';

export interface BulkLoadTimes {
  /** Building the contracts' indexes and checking their foreign keys again, in seconds. */
  indexSeconds: number;
  /** Building the monitor's pre-aggregated tables from its contracts, in seconds. */
  figuresSeconds: number;
}

/**
 * Loads one new monitor's contracts in bulk (the benchmark seed, `load`) in the caller's
 * transaction (`session`), without the per-row and per-statement work a live write needs: the
 * contracts' secondary indexes, foreign keys and triggers (data version, figures, kept searches,
 * index figures) are set aside, the rows go in, then the indexes are built and the keys checked
 * once over the whole table, the triggers come back, and what they would have done is done once:
 * the monitor's data version and last update, and its pre-aggregated tables built from its
 * contracts by the repair's own statements (decision 0027), so its figures are exact at commit.
 *
 * The contracts table and the tables its keys refer to (organizations, suppliers, units) are
 * locked for the whole transaction, reads included (ALTER TABLE): a benchmark database, not a live
 * one. If anything fails the transaction rolls back and the tables are as they were. Call
 * tidyAfterBulkWrite after the commit.
 */
export async function loadContractsInBulk(
  session: Database,
  organizationId: string,
  load: () => Promise<void>,
): Promise<BulkLoadTimes> {
  const run = (text: string) => session.execute(sql.raw(text));
  const indexes = await queryRows<{ name: string; definition: string }>(
    session,
    sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = 'contracts' AND indexname <> 'contracts_pkey'`,
  );
  const foreignKeys = await queryRows<{ name: string; definition: string }>(
    session,
    sql`SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conrelid = 'contracts'::regclass AND contype = 'f' ORDER BY conname`,
  );
  await run('ALTER TABLE contracts DISABLE TRIGGER USER');
  for (const key of foreignKeys) await run(`ALTER TABLE contracts DROP CONSTRAINT "${key.name}"`);
  for (const index of indexes) await run(`DROP INDEX "${index.name}"`);

  await load();

  const indexStarted = performance.now();
  await run("SET LOCAL maintenance_work_mem = '512MB'");
  for (const index of indexes) await run(index.definition);
  for (const key of foreignKeys)
    await run(`ALTER TABLE contracts ADD CONSTRAINT "${key.name}" ${key.definition}`);
  await run('ALTER TABLE contracts ENABLE TRIGGER USER');
  const indexSeconds = (performance.now() - indexStarted) / 1000;

  const figuresStarted = performance.now();
  // The rows are not visible to autovacuum before the commit: without statistics the planner
  // takes the new contracts for none, and the figures' statements below ran 4 times slower.
  await run('ANALYZE contracts, suppliers, administrative_units');
  // What vigia_contracts_changed does for a write (migration 0002): caches and "Última actualización".
  await session.execute(sql`
    UPDATE organizations SET data_version = data_version + 1,
      contracts_updated_at = greatest(contracts_updated_at,
        (SELECT max(updated_at) FROM contracts WHERE organization_id = ${organizationId}::uuid))
    WHERE id = ${organizationId}::uuid`);
  await rebuildFiguresWithin(session, organizationId);
  return { indexSeconds, figuresSeconds: (performance.now() - figuresStarted) / 1000 };
}
