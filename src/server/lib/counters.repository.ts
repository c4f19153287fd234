import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateCounters } from '../db/schema';

/** A counter in its current window. */
export interface CounterState {
  count: number;
  resetAt: Date;
}

/**
 * Adds one to `key` in one statement, whichever process asks: a new or ended window starts again
 * at 1 and ends `windowMs` after `now`; a live one keeps its end.
 */
export async function hitCounter(
  db: Database,
  key: string,
  windowMs: number,
  now: Date,
): Promise<CounterState> {
  const resetAt = new Date(now.getTime() + windowMs);
  const expired = sql`${rateCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateCounters.count} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${rateCounters.resetAt} END`,
      },
    })
    .returning({ count: rateCounters.count, resetAt: rateCounters.resetAt });
  return row!;
}

/** Forgets one counter. */
export async function deleteCounter(db: Database, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

/** Forgets every counter whose key starts with `prefix` (compared as text, no pattern). */
export async function deleteCountersStartingWith(db: Database, prefix: string): Promise<void> {
  await db.delete(rateCounters).where(sql`starts_with(${rateCounters.key}, ${prefix})`);
}

/** Drops counters whose window ended: they would start again at 1 anyway. */
export async function deleteEndedCounters(db: Database, now: Date): Promise<void> {
  await db.delete(rateCounters).where(lte(rateCounters.resetAt, now));
}
