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
 */
export async function recordComparison(
  db: Database,
  organizationId: string,
  target: { id: string; name: string; color: string; remoteUrl: string | null },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The unique index is on an expression (coalesce(remote_url, '')): the upsert names it in SQL.
    await tx.execute(sql`
      INSERT INTO ${comparisons} (id, organization_id, target_id, target_name, color, remote_url, created_at, updated_at)
      VALUES (${newId()}, ${organizationId}, ${target.id}, ${target.name}, ${target.color}, ${target.remoteUrl},
        ${now.toISOString()}, ${now.toISOString()})
      ON CONFLICT (organization_id, target_id, (coalesce(remote_url, '')))
      DO UPDATE SET target_name = excluded.target_name, color = excluded.color, updated_at = excluded.updated_at`);
    await tx.execute(sql`
      DELETE FROM ${comparisons} WHERE ${comparisons.organizationId} = ${organizationId}
        AND ${comparisons.id} NOT IN (
          SELECT ${comparisons.id} FROM ${comparisons} WHERE ${comparisons.organizationId} = ${organizationId}
          ORDER BY ${comparisons.updatedAt} DESC, ${comparisons.id} DESC LIMIT ${RECENT_KEPT})`);
  });
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
