import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { sqlArray } from '../../db/sql';

/**
 * The outbox's sending side (decision 0053): the addresses with pending rows, an address's rows
 * claimed for one e-mail (their attempts counted), then marked sent or failed. Suspended addresses
 * are never picked: their rows wait unsent.
 */

/** The addresses (not suspended) with rows of these frequencies not sent yet. */
export async function pendingSubscribers(db: Database, frequencies: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT s.id FROM alert_subscribers s
         WHERE s.suspended_at IS NULL
           AND EXISTS (SELECT 1 FROM alert_outbox o WHERE o.subscriber_id = s.id AND o.sent_at IS NULL
                         AND o.frequency = ANY(${sqlArray(frequencies, 'text')}))
         ORDER BY s.id`,
  );
  return rows.map((row) => row.id);
}

export interface ClaimedRow {
  id: number;
  organizationId: string;
  followId: string | null;
  payload: Record<string, unknown>;
  /** A matching run's finds the row points at (alert_batches), or null for a change of its own. */
  batchId: number | null;
}

export interface Claim {
  email: string;
  tokenVersion: number;
  rows: ClaimedRow[];
}

/**
 * An address's pending rows of these frequencies, claimed (one more attempt counted, none that
 * another sender claimed less than CLAIM_LEASE ago) in one statement, oldest first; null when the
 * address is gone or suspended.
 */
export async function claimPending(
  db: Database,
  subscriberId: string,
  frequencies: readonly string[],
): Promise<Claim | null> {
  const [subscriber] = await queryRows<{ email: string; token_version: number }>(
    db,
    sql`SELECT email, token_version FROM alert_subscribers
         WHERE id = ${subscriberId} AND suspended_at IS NULL`,
  );
  if (!subscriber) return null;
  const rows = await queryRows<{
    id: number | string;
    organization_id: string;
    follow_id: string | null;
    payload: Record<string, unknown> | string;
    batch_id: number | string | null;
  }>(
    db,
    sql`WITH pending AS (
          SELECT id FROM alert_outbox
           WHERE subscriber_id = ${subscriberId} AND sent_at IS NULL
             AND frequency = ANY(${sqlArray(frequencies, 'text')})
             AND (claimed_at IS NULL OR claimed_at < now() - ${CLAIM_LEASE}::interval)
           FOR UPDATE SKIP LOCKED)
        UPDATE alert_outbox o SET attempts = o.attempts + 1, claimed_at = now() FROM pending
         WHERE o.id = pending.id
        RETURNING o.id, o.organization_id, o.follow_id, o.payload, o.batch_id`,
  );
  return {
    email: subscriber.email,
    tokenVersion: Number(subscriber.token_version),
    rows: rows
      .map((row) => ({
        id: Number(row.id),
        organizationId: row.organization_id,
        followId: row.follow_id,
        payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
        batchId: row.batch_id === null ? null : Number(row.batch_id),
      }))
      .sort((a, b) => a.id - b.id),
  };
}

/** The rows went out in an e-mail the mail server accepted. */
export async function markSent(db: Database, ids: readonly number[], now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE alert_outbox SET sent_at = ${now.toISOString()}::timestamptz, last_error = NULL, claimed_at = NULL
         WHERE id = ANY(${sqlArray(ids.map(String), 'bigint')}) AND sent_at IS NULL`,
  );
}

/** How long a claimed row is left to its sender (one that died after claiming frees it then). */
const CLAIM_LEASE = '10 minutes';

/** The mail server refused the e-mail of these rows: they stay pending with the reason. */
export async function markFailed(db: Database, ids: readonly number[], reason: string): Promise<void> {
  await db.execute(
    sql`UPDATE alert_outbox SET last_error = ${reason}, claimed_at = NULL
         WHERE id = ANY(${sqlArray(ids.map(String), 'bigint')}) AND sent_at IS NULL`,
  );
}

/** The matching runs' finds these rows point at, by id. */
export async function batchesOf(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number | string; payload: Record<string, unknown> | string }>(
    db,
    sql`SELECT id, payload FROM alert_batches WHERE id = ANY(${sqlArray([...new Set(ids)].map(String), 'bigint')})`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    ]),
  );
}

/**
 * What the outbox no longer needs, deleted every night: rows sent more than SENT_KEPT ago (long
 * enough that no change is told twice: a quarter's publication key outlives the quarter) and the
 * matching runs' batches no row points at any more (a day after they were written).
 */
export async function pruneOutbox(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM alert_outbox WHERE sent_at < now() - ${SENT_KEPT}::interval`);
  await db.execute(
    sql`DELETE FROM alert_batches b WHERE b.created_at < now() - interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM alert_outbox o WHERE o.batch_id = b.id)`,
  );
}

/** How long a sent row is kept. */
const SENT_KEPT = '400 days';

/**
 * Fresh statistics for the outbox after a run queued many rows: the senders' claims go along its
 * pending index (a planner that still counted the rows of an empty outbox scanned it per address).
 */
export async function analyzeOutbox(db: Database): Promise<void> {
  await db.execute(sql`ANALYZE alert_outbox`);
  await db.execute(sql`ANALYZE alert_batches`);
}
