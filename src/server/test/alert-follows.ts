import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../app';
import { type Database, queryRows } from '../db/client';
import { JOBS_SCHEMA } from '../lib/jobs';
import { batchesOf } from '../modules/alerts/delivery.repository';
import { alertItems } from '../modules/alerts/delivery.service';
import { contractsHighWaterMark } from '../modules/alerts/follows.repository';
import { settledHorizon } from '../modules/alerts/matching.repository';

/**
 * A confirmed follow written straight into the database (the matching and delivery tests do not
 * go through the follow form): the address is created on its first follow.
 */
export async function createFollow(
  db: Database,
  email: string,
  organizationId: string,
  follow: {
    kind: 'CONTRACTS' | 'FLAG' | 'INDEX' | 'PUBLICATION';
    filters?: Record<string, unknown>;
    code?: string;
    threshold?: number;
    frequency?: 'IMMEDIATE' | 'WEEKLY';
    confirmedAt?: string;
    lastIndex?: number;
    /** No cursor: the follow looks at every change since its confirmation (confirmedAt). */
    fromStart?: boolean;
  },
): Promise<{ subscriberId: string; followId: string }> {
  const [subscriber] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO alert_subscribers (id, email) VALUES (${randomUUID()}, ${email})
        ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
  );
  const followId = randomUUID();
  // Its cursor where the contracts stand now, as a confirmation starts it.
  const mark = await contractsHighWaterMark(db);
  await db.execute(
    sql`INSERT INTO alert_follows (id, subscriber_id, organization_id, kind, filters, code, threshold,
                                   frequency, confirmed_at, last_index, cursor_xid, cursor_change)
        VALUES (${followId}, ${subscriber!.id}, ${organizationId}, ${follow.kind},
                ${follow.filters ? JSON.stringify(follow.filters) : null}::jsonb, ${follow.code ?? null},
                ${follow.threshold ?? null}, ${follow.frequency ?? 'IMMEDIATE'},
                coalesce(${follow.confirmedAt ?? null}::timestamptz, now()), ${follow.lastIndex ?? null},
                ${follow.fromStart ? null : mark.xid}::xid8, ${follow.fromStart ? null : mark.change})`,
  );
  return { subscriberId: subscriber!.id, followId };
}

/** An address's outbox rows, oldest first. */
export function outboxOf(db: Database, subscriberId: string) {
  return queryRows<{
    change_key: string;
    frequency: string;
    sent_at: Date | null;
    attempts: number;
    last_error: string | null;
    payload: Record<string, unknown>;
    batch_id: number | null;
  }>(
    db,
    sql`SELECT change_key, frequency, sent_at, attempts, last_error, payload, batch_id::int AS batch_id
          FROM alert_outbox WHERE subscriber_id = ${subscriberId} ORDER BY id`,
  );
}

/**
 * The changes an address is told (or was), as its e-mail lists them (alertItems): each with its
 * key ('contract:{id}', 'flag:{code}:{id}', 'more', or a row's own change key) and its facts.
 */
export async function alertsOf(db: Database, subscriberId: string) {
  const rows = await outboxOf(db, subscriberId);
  const batches = await batchesOf(
    db,
    rows.flatMap((row) => (row.batch_id === null ? [] : [Number(row.batch_id)])),
  );
  return rows.flatMap((row) => {
    if (row.batch_id === null) return [{ key: row.change_key, payload: row.payload }];
    const batchRow = {
      organizationId: '',
      followId: null,
      payload: row.payload,
      batchId: Number(row.batch_id),
    };
    return alertItems([batchRow], batches, new Map()).map((item) => ({
      key: item.payload.kind === 'MORE' ? 'more' : String(item.payload.key),
      payload: item.payload,
    }));
  });
}

/**
 * Waits until every job is done, the alerts' matching included when it was asked again for later
 * (changes past the settled horizon while another test's transaction ran: idle() does not wait for
 * a job not yet due), and until every transaction begun before the call has ended: a follow made
 * next starts its cursor at the settled horizon (decision 0053), which a transaction of another
 * test's database on the same server holds back, and would see what was matched already as new.
 */
export async function alertsSettled(app: App, timeoutMs = 30_000): Promise<void> {
  const { db } = app.deps.database;
  const deadline = Date.now() + timeoutMs;
  const until = async (done: () => Promise<boolean>, waiting: string) => {
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(waiting);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await until(async () => {
    await app.deps.jobs.idle(timeoutMs);
    const [row] = await queryRows<{ waiting: number }>(
      db,
      sql`SELECT count(*)::int AS waiting FROM ${sql.identifier(JOBS_SCHEMA)}.job
           WHERE name IN ('alerts-match', 'alerts-send') AND state IN ('created', 'retry', 'active')`,
    );
    return Number(row?.waiting ?? 0) === 0;
  }, 'Alerts jobs still waiting');
  // A transaction id taken now: the horizon passes it once every transaction older has ended.
  const [mark] = await queryRows<{ xid: string }>(db, sql`SELECT pg_current_xact_id()::text AS xid`);
  await until(async () => BigInt(await settledHorizon(db)) > BigInt(mark!.xid), 'Transactions still running');
}
