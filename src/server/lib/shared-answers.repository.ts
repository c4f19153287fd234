import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sharedAnswers } from '../db/schema';

/** The answer kept under `name`: its version and its text (null while it is computed). */
export async function findSharedAnswer(
  db: Database,
  name: string,
): Promise<{ version: number; body: string | null } | undefined> {
  const [row] = await db
    .select({ version: sharedAnswers.version, body: sharedAnswers.body })
    .from(sharedAnswers)
    .where(eq(sharedAnswers.name, name));
  return row;
}

/**
 * Claims the computation of `name` at `version` for `leaseMs`, in one statement whoever asks: it
 * is this process's when no newer version is kept and nobody computes this one (or the one who
 * did stopped past its lease). True when claimed.
 */
export async function claimSharedAnswer(
  db: Database,
  name: string,
  version: number,
  leaseMs: number,
): Promise<boolean> {
  const until = sql`now() + ${`${leaseMs} milliseconds`}::interval`;
  const rows = await db
    .insert(sharedAnswers)
    .values({ name, version, body: null, claimedUntil: until })
    .onConflictDoUpdate({
      target: sharedAnswers.name,
      set: { version, body: null, claimedUntil: until },
      setWhere: or(
        lt(sharedAnswers.version, version),
        and(
          eq(sharedAnswers.version, version),
          isNull(sharedAnswers.body),
          lt(sharedAnswers.claimedUntil, sql`now()`),
        ),
      ),
    })
    .returning({ name: sharedAnswers.name });
  return rows.length > 0;
}

/** Keeps the text computed for `name` at `version` (unless a newer version was claimed meanwhile). */
export async function storeSharedAnswer(
  db: Database,
  name: string,
  version: number,
  body: string,
): Promise<void> {
  await db
    .update(sharedAnswers)
    .set({ body, claimedUntil: null, storedAt: sql`now()` })
    .where(and(eq(sharedAnswers.name, name), eq(sharedAnswers.version, version)));
}

/** Gives up a claim (the computation failed): another process may claim it at once. */
export async function releaseSharedAnswer(db: Database, name: string, version: number): Promise<void> {
  await db
    .update(sharedAnswers)
    .set({ claimedUntil: sql`now()` })
    .where(and(eq(sharedAnswers.name, name), eq(sharedAnswers.version, version), isNull(sharedAnswers.body)));
}

/** Deletes the answers not stored again for `olderThanMs`, and all but the `keep` stored last. */
export async function forgetSharedAnswers(db: Database, olderThanMs: number, keep: number): Promise<void> {
  await db
    .delete(sharedAnswers)
    .where(lt(sharedAnswers.storedAt, sql`now() - ${`${olderThanMs} milliseconds`}::interval`));
  await db.execute(sql`
    DELETE FROM ${sharedAnswers} WHERE ${sharedAnswers.name} IN (
      SELECT ${sharedAnswers.name} FROM ${sharedAnswers} ORDER BY ${sharedAnswers.storedAt} DESC OFFSET ${keep})`);
}
