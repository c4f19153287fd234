import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { comparisons } from '../../db/schema';
import { newId } from '../../lib/ids';

/** How many recent comparisons a monitor keeps (the page shows RECENT_SHOWN of them). */
export const RECENT_KEPT = 50;
export const RECENT_SHOWN = 12;

export type ComparisonRow = typeof comparisons.$inferSelect;

/**
 * Records that a monitor was compared with a target (ours, or another server's): one row per
 * target, its name and colour refreshed and moved to the top; beyond RECENT_KEPT the oldest go.
 * Every view of a comparison comes here (a public GET): when the target already heads the list
 * with the same name and colour, the list would not change and nothing is written (one indexed
 * read, in the database, so every process sees the same head). Answers whether it wrote.
 */
export async function recordComparison(
  db: Database,
  organizationId: string,
  target: { id: string; name: string; color: string; remoteUrl: string | null },
  now: Date,
): Promise<boolean> {
  const [head] = await db
    .select({
      targetId: comparisons.targetId,
      targetName: comparisons.targetName,
      color: comparisons.color,
      remoteUrl: comparisons.remoteUrl,
    })
    .from(comparisons)
    .where(eq(comparisons.organizationId, organizationId))
    .orderBy(desc(comparisons.updatedAt), desc(comparisons.id))
    .limit(1);
  if (
    head &&
    head.targetId === target.id &&
    (head.remoteUrl ?? '') === (target.remoteUrl ?? '') &&
    head.targetName === target.name &&
    head.color === target.color
  )
    return false;
  await db.transaction(async (tx) => {
    // The unique index is on an expression (coalesce(remote_url, '')): the upsert names it in SQL.
    const result = await tx.execute<{ inserted: boolean }>(sql`
      INSERT INTO ${comparisons} (id, organization_id, target_id, target_name, color, remote_url, created_at, updated_at)
      VALUES (${newId()}, ${organizationId}, ${target.id}, ${target.name}, ${target.color}, ${target.remoteUrl},
        ${now.toISOString()}, ${now.toISOString()})
      ON CONFLICT (organization_id, target_id, (coalesce(remote_url, '')))
      DO UPDATE SET target_name = excluded.target_name, color = excluded.color, updated_at = excluded.updated_at
      RETURNING (xmax = 0) AS inserted`);
    // Only a new row can take the list past RECENT_KEPT.
    const [row] = (result as unknown as { rows: { inserted: boolean }[] }).rows;
    if (!row?.inserted) return;
    await tx.execute(sql`
      DELETE FROM ${comparisons} WHERE ${comparisons.organizationId} = ${organizationId}
        AND ${comparisons.id} NOT IN (
          SELECT ${comparisons.id} FROM ${comparisons} WHERE ${comparisons.organizationId} = ${organizationId}
          ORDER BY ${comparisons.updatedAt} DESC, ${comparisons.id} DESC LIMIT ${RECENT_KEPT})`);
  });
  return true;
}

/** A monitor's recent comparisons, newest first. */
export function recentComparisons(db: Database, organizationId: string): Promise<ComparisonRow[]> {
  return db
    .select()
    .from(comparisons)
    .where(eq(comparisons.organizationId, organizationId))
    .orderBy(desc(comparisons.updatedAt), desc(comparisons.id))
    .limit(RECENT_SHOWN);
}
