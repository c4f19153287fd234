import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
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

/**
 * Takes the first free place among `keys` (one row each: a free place has no row, or one whose
 * lease ended) for `token` until `until`; answers its key, or null when every place is held. Each
 * place is taken with one atomic upsert, so two processes never both get it.
 */
export async function claimPlace(
  db: Database,
  keys: string[],
  token: number,
  until: Date,
  now: Date,
): Promise<string | null> {
  const held = await db
    .select({ key: rateCounters.key })
    .from(rateCounters)
    .where(and(inArray(rateCounters.key, keys), gt(rateCounters.resetAt, now)));
  const taken = new Set(held.map((row) => row.key));
  for (const key of keys) {
    if (taken.has(key)) continue;
    const [row] = await db
      .insert(rateCounters)
      .values({ key, count: token, resetAt: until })
      .onConflictDoUpdate({
        target: rateCounters.key,
        set: { count: token, resetAt: until },
        setWhere: sql`${rateCounters.resetAt} <= ${now.toISOString()}::timestamptz`,
      })
      .returning({ key: rateCounters.key });
    if (row) return row.key;
  }
  return null;
}

/** Extends the leases of places still held by these tokens (one that ended and was taken is left). */
export async function renewPlaces(
  db: Database,
  places: { key: string; token: number }[],
  until: Date,
): Promise<void> {
  if (places.length === 0) return;
  await db
    .update(rateCounters)
    .set({ resetAt: until })
    .where(
      or(...places.map((place) => and(eq(rateCounters.key, place.key), eq(rateCounters.count, place.token)))),
    );
}

/** Gives a place back, if it is still held by this token. */
export async function releasePlace(db: Database, key: string, token: number): Promise<void> {
  await db.delete(rateCounters).where(and(eq(rateCounters.key, key), eq(rateCounters.count, token)));
}
