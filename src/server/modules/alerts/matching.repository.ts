import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { type ChangeCursor, changeAfter, SETTLED_HORIZON, settledChange } from '../../db/sql';

/**
 * The alerts' matching (decision 0053): the confirmed follows of a monitor, what of the contracts'
 * changes each one has not looked at yet, and the outbox rows the matches become. Set-based: one
 * INSERT … SELECT per follow over the changed contracts (the (organization, change_xid, change)
 * index), never a statement per contract; ON CONFLICT on (subscriber, change key) tells a change once.
 */

export type FollowKind = 'CONTRACTS' | 'FLAG' | 'INDEX' | 'PUBLICATION';

/** A confirmed follow (of an address that may be suspended: then nothing is queued for it). */
export interface ActiveFollow {
  id: string;
  suspended: boolean;
  subscriberId: string;
  kind: FollowKind;
  filters: Record<string, unknown> | null;
  code: string | null;
  threshold: number | null;
  frequency: string;
  confirmedAt: Date;
  cursor: ChangeCursor | null;
  lastIndex: number | null;
}

interface FollowRow {
  id: string;
  subscriber_id: string;
  kind: FollowKind;
  filters: Record<string, unknown> | string | null;
  code: string | null;
  threshold: string | number | null;
  frequency: string;
  confirmed_at: Date | string;
  cursor_xid: string | null;
  cursor_change: string | number | null;
  last_index: string | number | null;
  suspended: boolean;
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/** The monitor's confirmed follows of these kinds, and whether their address is suspended. */
export async function activeFollows(
  db: Database,
  organizationId: string,
  kinds: readonly FollowKind[],
): Promise<ActiveFollow[]> {
  const rows = await queryRows<FollowRow>(
    db,
    sql`SELECT f.id, f.subscriber_id, f.kind, f.filters, f.code, f.threshold, f.frequency, f.confirmed_at,
               f.cursor_xid::text AS cursor_xid, f.cursor_change, f.last_index,
               s.suspended_at IS NOT NULL AS suspended
          FROM alert_follows f JOIN alert_subscribers s ON s.id = f.subscriber_id
         WHERE f.organization_id = ${organizationId} AND f.confirmed_at IS NOT NULL
           AND f.kind IN (SELECT json_array_elements_text(${JSON.stringify(kinds)}::json))
         ORDER BY f.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    suspended: row.suspended === true,
    subscriberId: row.subscriber_id,
    kind: row.kind,
    filters: typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters,
    code: row.code,
    threshold: numberOrNull(row.threshold),
    frequency: row.frequency,
    confirmedAt: new Date(row.confirmed_at),
    cursor: row.cursor_xid === null ? null : { xid: row.cursor_xid, change: Number(row.cursor_change ?? 0) },
    lastIndex: numberOrNull(row.last_index),
  }));
}

/** Where the settled changes end now (decision 0051): every transaction below it has ended. */
export async function settledHorizon(db: Database): Promise<string> {
  const rows = await queryRows<{ horizon: string }>(db, sql`SELECT ${SETTLED_HORIZON} AS horizon`);
  return String(rows[0]!.horizon);
}

/**
 * Whether the monitor has committed changes the horizon leaves for later (a transaction older than
 * them was still running): the matching is then asked again shortly.
 */
export async function changesBeyond(db: Database, organizationId: string, horizon: string): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM contracts c WHERE c.organization_id = ${organizationId}
          AND c.deleted_at IS NULL AND c.change_xid >= ${horizon}::xid8) AS found`,
  );
  return rows[0]?.found === true;
}

/** What every queued contract carries besides its own facts. */
export interface MatchContext {
  followId: string;
  subscriberId: string;
  organizationId: string;
  frequency: string;
  /** The follow as people read it: why the alert arrived. */
  why: string;
  /** The contract's link is linkBase + id + linkQuery. */
  linkBase: string;
  linkQuery: string;
}

/**
 * The follow's window of the contracts' changes: after its cursor and below the horizon; without a
 * cursor yet (its first run), what was written since it was confirmed (`since`: created_at for new
 * contracts, updated_at for changed ones).
 */
function window(cursor: ChangeCursor | null, horizon: string, since: SQL): SQL {
  return sql`${settledChange('contracts', horizon)} AND ${cursor ? changeAfter('contracts', cursor) : since}`;
}

const payload = (context: MatchContext, flag: SQL) =>
  sql`jsonb_build_object('contractId', contracts.id, 'number', contracts.contract_number,
        'description', contracts.services_description, 'supplier', s.name,
        'amount', contracts.total_or_max_amount, 'date', contracts.contract_date::text,
        'link', ${context.linkBase}::text || contracts.id::text || ${context.linkQuery}::text,
        'why', ${context.why}::text,
        'flag', ${flag})`;

const outboxColumns = sql`alert_outbox (subscriber_id, follow_id, organization_id, change_key, payload, frequency)`;

/**
 * Queues the contracts created after the follow's confirmation, changed in its window and matching
 * `where` (the public filters' WHERE, contractConditions): one statement. Returns how many rows were new.
 */
export async function queueNewContracts(
  tx: Database,
  context: MatchContext,
  where: SQL,
  options: { cursor: ChangeCursor | null; horizon: string; confirmedAt: Date },
): Promise<number> {
  const confirmed = options.confirmedAt.toISOString();
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO ${outboxColumns}
        SELECT ${context.subscriberId}, ${context.followId}, ${context.organizationId}, 'contract:' || contracts.id,
               ${payload(context, sql`NULL::text`)}, ${context.frequency}
          FROM contracts LEFT JOIN suppliers s ON s.id = contracts.supplier_id
         WHERE ${where} AND NOT contracts.is_empty
           AND contracts.created_at > ${confirmed}::timestamptz
           AND ${window(options.cursor, options.horizon, sql`TRUE`)}
        ON CONFLICT (subscriber_id, change_key) DO NOTHING
        RETURNING id`,
  );
  return rows.length;
}

/**
 * Queues the contracts changed in the follow's window that carry the flag (`ANY`: each flag they
 * carry), one row per flag and contract: a flag already told to the address is never told again.
 */
export async function queueFlaggedContracts(
  tx: Database,
  context: MatchContext,
  code: string,
  options: { cursor: ChangeCursor | null; horizon: string; confirmedAt: Date; any: boolean },
): Promise<number> {
  const confirmed = options.confirmedAt.toISOString();
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO ${outboxColumns}
        SELECT ${context.subscriberId}, ${context.followId}, ${context.organizationId},
               'flag:' || f.code || ':' || contracts.id, ${payload(context, sql`f.code`)}, ${context.frequency}
          FROM contracts
          JOIN contract_flags f ON f.contract_id = contracts.id
          LEFT JOIN suppliers s ON s.id = contracts.supplier_id
         WHERE contracts.organization_id = ${context.organizationId} AND contracts.deleted_at IS NULL
           AND NOT contracts.is_empty AND ${options.any ? sql`TRUE` : sql`f.code = ${code}`}
           AND ${window(options.cursor, options.horizon, sql`contracts.updated_at > ${confirmed}::timestamptz`)}
        ON CONFLICT (subscriber_id, change_key) DO NOTHING
        RETURNING id`,
  );
  return rows.length;
}

/** The follow has looked at every change below the horizon. */
export async function advanceCursor(tx: Database, followId: string, horizon: string): Promise<void> {
  // (horizon, 0): change numbers start at 1, so the next window starts at the horizon's transaction.
  await tx.execute(
    sql`UPDATE alert_follows SET cursor_xid = ${horizon}::xid8, cursor_change = 0 WHERE id = ${followId}`,
  );
}

/** Queues one monitor-wide change (the index, a publication) for a follow; false when it was already told. */
export async function queueChange(
  tx: Database,
  row: { followId: string; subscriberId: string; organizationId: string; frequency: string },
  changeKey: string,
  content: Record<string, unknown>,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO ${outboxColumns}
        VALUES (${row.subscriberId}, ${row.followId}, ${row.organizationId}, ${changeKey},
                ${JSON.stringify(content)}::jsonb, ${row.frequency})
        ON CONFLICT (subscriber_id, change_key) DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}

/** The index value last told to an INDEX follow. */
export async function recordIndex(tx: Database, followId: string, value: number): Promise<void> {
  await tx.execute(sql`UPDATE alert_follows SET last_index = ${value} WHERE id = ${followId}`);
}

/**
 * The last quarter whose XXVIII deadline (vigia_format_deadline) has passed by `today`, and whether
 * the monitor has any live contract of it. Quarters are written '3o 2026'.
 */
export async function lastDueQuarter(
  db: Database,
  organizationId: string,
  today: string,
): Promise<{ period: string; deadline: string; published: boolean }> {
  const rows = await queryRows<{ period: string; deadline: string; published: boolean }>(
    db,
    sql`WITH quarters AS (
          SELECT q || 'o ' || y AS period FROM generate_series(extract(year FROM ${today}::date)::int - 1,
                 extract(year FROM ${today}::date)::int) y, generate_series(1, 4) q),
        due AS (
          SELECT period, vigia_format_deadline(period) AS deadline FROM quarters
           WHERE vigia_format_deadline(period) < ${today}::date ORDER BY 2 DESC LIMIT 1)
        SELECT due.period, due.deadline::text AS deadline,
               EXISTS (SELECT 1 FROM contracts c WHERE c.organization_id = ${organizationId}
                         AND c.deleted_at IS NULL AND c.period = due.period) AS published
          FROM due`,
  );
  return rows[0]!;
}

/** The live monitors with a confirmed follow of these kinds (the nightly look visits only them). */
export async function monitorsFollowed(db: Database, kinds: readonly FollowKind[]): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT o.id FROM organizations o
         WHERE o.deleted_at IS NULL
           AND EXISTS (SELECT 1 FROM alert_follows f WHERE f.organization_id = o.id AND f.confirmed_at IS NOT NULL
                         AND f.kind IN (SELECT json_array_elements_text(${JSON.stringify(kinds)}::json)))
         ORDER BY o.id`,
  );
  return rows.map((row) => row.id);
}
