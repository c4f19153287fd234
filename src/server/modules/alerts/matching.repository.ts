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

/** What every queued row of a group of follows (one target, one cursor) carries besides the contract. */
export interface MatchGroup {
  /** The follows of the target whose cursor is the group's (suspended addresses left out). */
  followIds: readonly string[];
  organizationId: string;
  /** The target as people read it: why the alert arrived. */
  why: string;
  /** The contract's link is linkBase + id + linkQuery. */
  linkBase: string;
  linkQuery: string;
  /** Where '… y N más' leads (the monitor's contracts list). */
  listLink: string;
  cursor: ChangeCursor | null;
  horizon: string;
  /** The earliest confirmation of the group's follows: nothing before it is new to any of them. */
  since: Date;
}

/** The contracts an e-mail lists per follow and run; the rest are counted in one 'more' row. */
export const ITEMS_PER_RUN = 50;

/**
 * The group's window of the contracts' changes: after its cursor and below the horizon, and written
 * (`at`: created for new contracts, changed for flagged ones) since its earliest confirmation.
 */
function window(group: MatchGroup, at: SQL): SQL {
  return sql`${settledChange('contracts', group.horizon)} AND ${changeAfter('contracts', group.cursor)}
    AND ${at} > ${group.since.toISOString()}::timestamptz`;
}

const contractFacts = (group: MatchGroup, flag: SQL) =>
  sql`jsonb_build_object('contractId', contracts.id, 'number', contracts.contract_number,
        'description', contracts.services_description, 'supplier', s.name,
        'amount', contracts.total_or_max_amount, 'date', contracts.contract_date::text,
        'link', ${group.linkBase}::text || contracts.id::text || ${group.linkQuery}::text,
        'why', ${group.why}::text, 'flag', ${flag})`;

const outboxColumns = sql`alert_outbox (subscriber_id, follow_id, organization_id, change_key, payload, frequency)`;

/**
 * Queues a group's matches once for all its follows: `matches` gives (key, at, facts) rows — the
 * change key, the time a follow must be confirmed before (created or flagged), the contract's facts.
 * Each follow gets the newest ITEMS_PER_RUN of its matches (those after its confirmation) as rows of
 * their own, and the count of the rest in one 'more' row: a follow of every new contract and a load
 * of 100,000 rows is 51 rows, not 100,000. The newest 50 after a confirmation are always among the
 * newest 50 of all the matches, so they are read once; a follow confirmed after the oldest match
 * counts its own. One statement; returns how many rows were new.
 */
async function queueGroup(tx: Database, group: MatchGroup, matches: SQL, flag: SQL): Promise<number> {
  if (group.followIds.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`WITH m AS MATERIALIZED (${matches}),
        newest AS (SELECT * FROM m ORDER BY at DESC, key DESC LIMIT ${ITEMS_PER_RUN}::int),
        stats AS (SELECT count(*) AS total, min(at) AS oldest FROM m),
        f AS (SELECT id, subscriber_id, frequency, confirmed_at FROM alert_follows
               WHERE id IN (SELECT json_array_elements_text(${JSON.stringify(group.followIds)}::json)::uuid)),
        counted AS (
          SELECT f.*, CASE WHEN stats.oldest IS NULL THEN 0
                           WHEN f.confirmed_at < stats.oldest THEN stats.total
                           ELSE (SELECT count(*) FROM m WHERE m.at > f.confirmed_at) END AS total
            FROM f CROSS JOIN stats)
        INSERT INTO ${outboxColumns}
        SELECT c.subscriber_id, c.id, ${group.organizationId}::uuid, n.key, n.facts, c.frequency
          FROM counted c JOIN newest n ON n.at > c.confirmed_at
        UNION ALL
        SELECT c.subscriber_id, c.id, ${group.organizationId}::uuid, 'more:' || c.id || ':' || ${group.horizon}::text,
               jsonb_build_object('kind', 'MORE', 'more', c.total - ${ITEMS_PER_RUN}::int, 'why', ${group.why}::text,
                                  'link', ${group.listLink}::text, 'flag', ${flag}),
               c.frequency
          FROM counted c WHERE c.total > ${ITEMS_PER_RUN}::int
        ON CONFLICT (subscriber_id, change_key) DO NOTHING
        RETURNING id`,
  );
  return rows.length;
}

/**
 * Queues, for a group of follows of one page's filters, the contracts created after each follow's
 * confirmation, changed in the group's window and matching `where` (the public filters' WHERE,
 * contractConditions). Returns how many rows were new.
 */
export function queueNewContracts(tx: Database, group: MatchGroup, where: SQL): Promise<number> {
  return queueGroup(
    tx,
    group,
    sql`SELECT 'contract:' || contracts.id AS key, contracts.created_at AS at,
               ${contractFacts(group, sql`NULL::text`)} AS facts
          FROM contracts LEFT JOIN suppliers s ON s.id = contracts.supplier_id
         WHERE ${where} AND NOT contracts.is_empty AND ${window(group, sql`contracts.created_at`)}`,
    sql`NULL::text`,
  );
}

/**
 * Queues, for a group of follows of one flag (`ANY`: each flag), the contracts changed in the
 * group's window (since each follow's confirmation) that carry it, one row per flag and contract: a
 * flag already told to the address is never told again.
 */
export function queueFlaggedContracts(tx: Database, group: MatchGroup, code: string): Promise<number> {
  const any = code === 'ANY';
  return queueGroup(
    tx,
    group,
    sql`SELECT 'flag:' || f.code || ':' || contracts.id AS key, contracts.updated_at AS at,
               ${contractFacts(group, sql`f.code`)} AS facts
          FROM contracts
          JOIN contract_flags f ON f.contract_id = contracts.id
          LEFT JOIN suppliers s ON s.id = contracts.supplier_id
         WHERE contracts.organization_id = ${group.organizationId} AND contracts.deleted_at IS NULL
           AND NOT contracts.is_empty AND ${any ? sql`TRUE` : sql`f.code = ${code}`}
           AND ${window(group, sql`contracts.updated_at`)}`,
    any ? sql`NULL::text` : sql`${code}::text`,
  );
}

/** The follows have looked at every change below the horizon. */
export async function advanceCursors(
  tx: Database,
  followIds: readonly string[],
  horizon: string,
): Promise<void> {
  if (followIds.length === 0) return;
  // (horizon, 0): change numbers start at 1, so the next window starts at the horizon's transaction.
  await tx.execute(
    sql`UPDATE alert_follows SET cursor_xid = ${horizon}::xid8, cursor_change = 0
         WHERE id IN (SELECT json_array_elements_text(${JSON.stringify(followIds)}::json)::uuid)`,
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
