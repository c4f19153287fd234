import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../app';
import { type Database, queryRows } from '../db/client';
import { JOBS_SCHEMA } from '../lib/jobs';

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
  },
): Promise<{ subscriberId: string; followId: string }> {
  const [subscriber] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO alert_subscribers (id, email) VALUES (${randomUUID()}, ${email})
        ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
  );
  const followId = randomUUID();
  await db.execute(
    sql`INSERT INTO alert_follows (id, subscriber_id, organization_id, kind, filters, code, threshold,
                                   frequency, confirmed_at, last_index)
        VALUES (${followId}, ${subscriber!.id}, ${organizationId}, ${follow.kind},
                ${follow.filters ? JSON.stringify(follow.filters) : null}::jsonb, ${follow.code ?? null},
                ${follow.threshold ?? null}, ${follow.frequency ?? 'IMMEDIATE'},
                coalesce(${follow.confirmedAt ?? null}::timestamptz, now()), ${follow.lastIndex ?? null})`,
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
  }>(
    db,
    sql`SELECT change_key, frequency, sent_at, attempts, last_error, payload FROM alert_outbox
         WHERE subscriber_id = ${subscriberId} ORDER BY id`,
  );
}

/**
 * Waits until every job is done, the alerts' matching included when it was asked again for later
 * (changes past the settled horizon while another test's transaction ran: idle() does not wait for
 * a job not yet due).
 */
export async function alertsSettled(app: App, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    await app.deps.jobs.idle(timeoutMs);
    const [row] = await queryRows<{ waiting: number }>(
      app.deps.database.db,
      sql`SELECT count(*)::int AS waiting FROM ${sql.identifier(JOBS_SCHEMA)}.job
           WHERE name IN ('alerts-match', 'alerts-send') AND state IN ('created', 'retry', 'active')`,
    );
    if (Number(row?.waiting ?? 0) === 0) return;
    if (Date.now() - started > timeoutMs) throw new Error('Alerts jobs still waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
