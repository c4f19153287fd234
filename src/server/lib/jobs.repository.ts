import { sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import type { Database } from '../db/client';

/** The schema pg-boss keeps its tables in (created and upgraded by pg-boss itself, not by drizzle/). */
export const JOBS_SCHEMA = 'pgboss';

/** Jobs of these queues that are running or due now (retries waiting for their delay do not count). */
export async function pendingJobCount(db: Database, names: string[]): Promise<number> {
  if (names.length === 0) return 0;
  const result = await db.execute<{ count: number | string }>(sql`
    SELECT count(*) AS count FROM ${sql.identifier(JOBS_SCHEMA)}.job
    WHERE name IN (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )})
      AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`);
  const rows = (result as unknown as { rows: { count: number | string }[] }).rows;
  return Number(rows[0]?.count ?? 0);
}

/** pg-boss's executor over a transaction of ours: a job enqueued with it exists only if the transaction commits. */
export function transactionExecutor(tx: Database) {
  return fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
}
