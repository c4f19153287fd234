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
 * Whether the monitor has committed changes (contracts, raised flags) the horizon leaves for later
 * (a transaction older than them was still running): the matching is then asked again shortly.
 */
export async function changesBeyond(db: Database, organizationId: string, horizon: string): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM contracts c WHERE c.organization_id = ${organizationId}
          AND c.deleted_at IS NULL AND c.change_xid >= ${horizon}::xid8)
        OR EXISTS (SELECT 1 FROM contract_flags f WHERE f.organization_id = ${organizationId}
          AND f.raised_xid >= ${horizon}::xid8) AS found`,
  );
  return rows[0]?.found === true;
}

/** What every queued row of a group of follows (one target, one cursor) carries besides the contract. */
export interface MatchGroup {
  /** The follows of the target whose cursor is the group's (suspended addresses left out). */
  followIds: readonly string[];
  organizationId: string;
  /** The run's window table (openWindow). */
  window: string;
  /** The target as people read it: why the alert arrived. */
  why: string;
  /** The contract's link is linkBase + id + linkQuery. */
  linkBase: string;
  linkQuery: string;
  /** Where '… y N más' leads (the contracts list with the follow's filters or flag). */
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

/**
 * A contract of the window that is new to it: none of its earlier states (contract_history, decision
 * 0051) was settled before the cursor. An edit of an older contract is in the window but not new;
 * without a cursor, its creation after the confirmation (window) says it.
 */
function createdInWindow(group: MatchGroup): SQL {
  if (!group.cursor) return sql`TRUE`;
  return sql`NOT EXISTS (SELECT 1 FROM contract_history h WHERE h.contract_id = contracts.id
                           AND (h.change_xid, h.change) <= (${group.cursor.xid}::xid8, ${group.cursor.change}::bigint))`;
}

/** A flag raised in the group's window (after its cursor, below the horizon). */
function raisedInWindow(group: MatchGroup): SQL {
  return sql`f.raised_xid < ${group.horizon}::xid8
    AND ${group.cursor ? sql`f.raised_xid >= ${group.cursor.xid}::xid8` : sql`f.raised_xid IS NOT NULL`}`;
}

/** A listed match's facts (built for the newest ITEMS_PER_RUN only: `n` the match, `contracts` its contract). */
const contractFacts = (group: MatchGroup) =>
  sql`jsonb_build_object('contractId', contracts.id, 'number', contracts.contract_number,
        'description', contracts.services_description, 'supplier', s.name,
        'amount', contracts.total_or_max_amount, 'date', contracts.contract_date::text,
        'link', ${group.linkBase}::text || contracts.id::text || ${group.linkQuery}::text, 'flag', n.flag)`;

/** A time as the batches keep it: milliseconds since the epoch. */
const epochMs = (at: SQL) => sql`floor(extract(epoch FROM ${at}) * 1000)::bigint`;

/**
 * Queues a group's matches once for all its follows: `matches` gives (key, at, id, flag) rows — the
 * change key, the time a follow must be confirmed before (`bySince`: created), the contract and the
 * flag; the facts the e-mail shows are read for the listed ones only (a load's 50,000 direct awards
 * or a refresh's 200,000 raised flags built a JSON object each and kept 50).
 * The newest ITEMS_PER_RUN of them are written once as the run's batch for the target; each follow
 * with a match gets one outbox row pointing at it, with how many matches are its own (those after
 * its confirmation, when `bySince`) and since when: its e-mail lists the batch's items after that
 * and counts the rest ('… y N más'). The newest 50 after a confirmation are always among the newest
 * 50 of all the matches, so they are read once. One statement; returns how many rows were new.
 */
async function queueGroup(
  tx: Database,
  group: MatchGroup,
  matches: SQL,
  flag: SQL,
  bySince: boolean,
): Promise<number> {
  if (group.followIds.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`WITH m AS MATERIALIZED (${matches}),
        newest AS (
          SELECT n.key, n.at, ${contractFacts(group)} AS facts
            FROM (SELECT * FROM m ORDER BY at DESC, key DESC LIMIT ${ITEMS_PER_RUN}::int) n
            JOIN contracts ON contracts.id = n.id
            LEFT JOIN suppliers s ON s.id = contracts.supplier_id),
        -- Materialized: inlined, the planner (reading the window as one row) put it inside the
        -- loop over the follows and counted a refresh's 40,000 raised flags once per follow (13 s
        -- for 882 follows of one flag at a million contracts).
        stats AS MATERIALIZED (SELECT count(*) AS total, min(at) AS oldest FROM m),
        f AS (SELECT id, subscriber_id, frequency, confirmed_at FROM alert_follows
               WHERE id IN (SELECT json_array_elements_text(${JSON.stringify(group.followIds)}::json)::uuid)
                 AND cursor_xid IS NOT DISTINCT FROM ${group.cursor?.xid ?? null}::xid8
                 AND cursor_change IS NOT DISTINCT FROM ${group.cursor?.change ?? null}::bigint
               FOR UPDATE),
        counted AS (
          SELECT f.*, CASE WHEN stats.oldest IS NULL THEN 0
                           WHEN NOT ${bySince} OR f.confirmed_at < stats.oldest THEN stats.total
                           ELSE (SELECT count(*) FROM m WHERE m.at > f.confirmed_at) END AS total
            FROM f CROSS JOIN stats),
        batch AS (
          INSERT INTO alert_batches (organization_id, payload)
          SELECT ${group.organizationId}::uuid,
                 jsonb_build_object('why', ${group.why}::text, 'flag', ${flag}, 'link', ${group.listLink}::text,
                   'items', (SELECT jsonb_agg(n.facts || jsonb_build_object('key', n.key, 'at', ${epochMs(sql`n.at`)})
                                              ORDER BY n.at DESC, n.key DESC) FROM newest n))
           WHERE EXISTS (SELECT 1 FROM counted WHERE total > 0)
          RETURNING id)
        INSERT INTO alert_outbox (subscriber_id, follow_id, organization_id, change_key, payload, frequency, batch_id)
        SELECT c.subscriber_id, c.id, ${group.organizationId}::uuid, 'run:' || c.id || ':' || ${group.horizon}::text,
               jsonb_build_object('kind', 'BATCH', 'total', c.total,
                                  'since', CASE WHEN ${bySince} THEN ${epochMs(sql`c.confirmed_at`)} END),
               c.frequency, batch.id
          FROM counted c CROSS JOIN batch WHERE c.total > 0
        ON CONFLICT (subscriber_id, change_key) DO NOTHING
        RETURNING id`,
  );
  return rows.length;
}

/**
 * Queues, for a group of follows of one page's filters, the contracts created after each follow's
 * confirmation, new in the group's window and matching `where` (the public filters' WHERE,
 * contractConditions), read from the run's window (openWindow). Returns how many rows were new.
 */
export function queueNewContracts(tx: Database, group: MatchGroup, where: SQL): Promise<number> {
  return queueGroup(
    tx,
    group,
    sql`SELECT 'contract:' || contracts.id AS key, contracts.created_at AS at, contracts.id, NULL::text AS flag
          FROM ${windowTable(group.window)} AS contracts
         WHERE ${where} AND NOT contracts.is_empty AND ${window(group, sql`contracts.created_at`)}
           AND ${createdInWindow(group)}`,
    sql`NULL::text`,
    true,
  );
}

/**
 * Queues, for a group of follows of one flag (`ANY`: each flag), the flags raised in the group's
 * window on live contracts, one item per flag and contract: whether the contract changed or not (a
 * chain that a new contract completes flags the earlier ones too), and a flag that stays raised is
 * never told again (raised_xid is kept while it stays).
 */
export function queueFlaggedContracts(tx: Database, group: MatchGroup, code: string): Promise<number> {
  const any = code === 'ANY';
  return queueGroup(
    tx,
    group,
    sql`SELECT 'flag:' || f.code || ':' || contracts.id AS key, contracts.updated_at AS at, contracts.id,
               f.code AS flag
          FROM contract_flags f
          JOIN contracts ON contracts.id = f.contract_id
         WHERE f.organization_id = ${group.organizationId} AND ${raisedInWindow(group)}
           AND ${any ? sql`TRUE` : sql`f.code = ${code}`}
           AND contracts.deleted_at IS NULL AND NOT contracts.is_empty`,
    any ? sql`NULL::text` : sql`${code}::text`,
    false,
  );
}

/**
 * The temporary table of a run: the monitor's contracts changed since the earliest cursor. Named
 * per run (two runs may share the embedded database's one connection).
 */
export function windowTable(name: string): SQL {
  return sql`${sql.identifier(name)}`;
}

/** What a run's changes touched: the suppliers and units of its changed contracts, the flags raised. */
export interface Touched {
  suppliers: Set<string>;
  units: Set<string>;
  flags: Set<string>;
}

/**
 * Opens a matching run's window on the run's own connection: the monitor's live contracts changed
 * after the earliest cursor (or, for a follow without one, since its confirmation) and below the
 * horizon, copied once into a temporary table keyed by supplier and units and analyzed. Every group
 * then reads it instead of the contracts: the planner read a window of 100,000 contracts along the
 * change index as one row, and scanned all of them for each of thousands of followed suppliers.
 * Returns what the window touched (a group whose filters name only others is not asked).
 */
export async function openWindow(
  db: Database,
  organizationId: string,
  window: { name: string; horizon: string; cursor: ChangeCursor | null; since: Date | null },
): Promise<Touched> {
  const table = windowTable(window.name);
  const after = [
    window.cursor ? changeAfter('contracts', window.cursor) : null,
    window.since ? sql`contracts.updated_at > ${window.since.toISOString()}::timestamptz` : null,
  ].filter((part): part is SQL => part !== null);
  await db.execute(sql`DROP TABLE IF EXISTS ${table}`);
  await db.execute(
    sql`CREATE TEMP TABLE ${table} AS SELECT * FROM contracts
         WHERE contracts.organization_id = ${organizationId} AND contracts.deleted_at IS NULL
           AND ${settledChange('contracts', window.horizon)}
           AND (${after.length > 0 ? sql.join(after, sql` OR `) : sql`FALSE`})`,
  );
  await db.execute(sql`CREATE INDEX ON ${table} (supplier_id)`);
  await db.execute(sql`CREATE INDEX ON ${table} (applicant_administrative_unit_id)`);
  await db.execute(sql`CREATE INDEX ON ${table} (organizer_administrative_unit_id)`);
  await db.execute(sql`ANALYZE ${table}`);
  const [row] = await queryRows<{
    suppliers: string[] | null;
    units: string[] | null;
    flags: string[] | null;
  }>(
    db,
    sql`SELECT (SELECT array_agg(DISTINCT supplier_id::text) FROM ${table} WHERE supplier_id IS NOT NULL) AS suppliers,
               (SELECT array_agg(DISTINCT unit::text) FROM (SELECT applicant_administrative_unit_id AS unit FROM ${table}
                                                            UNION SELECT organizer_administrative_unit_id FROM ${table}) u
                 WHERE unit IS NOT NULL) AS units,
               (SELECT array_agg(DISTINCT f.code) FROM contract_flags f
                 WHERE f.organization_id = ${organizationId} AND f.raised_xid < ${window.horizon}::xid8
                   AND ${window.cursor && !window.since ? sql`f.raised_xid >= ${window.cursor.xid}::xid8` : sql`f.raised_xid IS NOT NULL`}) AS flags`,
  );
  return {
    suppliers: new Set(row?.suppliers ?? []),
    units: new Set(row?.units ?? []),
    flags: new Set(row?.flags ?? []),
  };
}

/** Ends a matching run: its window dropped. */
export async function closeWindow(db: Database, name: string): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS ${windowTable(name)}`);
}

const outboxColumns = sql`alert_outbox (subscriber_id, follow_id, organization_id, change_key, payload, frequency)`;

/** The follows have looked at every change below the horizon. */
export async function advanceCursors(
  tx: Database,
  followIds: readonly string[],
  horizon: string,
): Promise<void> {
  if (followIds.length === 0) return;
  // (horizon, 0): change numbers start at 1, so the next window starts at the horizon's transaction.
  // Never backwards (a run that read the follows before another run moved them).
  await tx.execute(
    sql`UPDATE alert_follows SET cursor_xid = ${horizon}::xid8, cursor_change = 0
         WHERE id IN (SELECT json_array_elements_text(${JSON.stringify(followIds)}::json)::uuid)
           AND (cursor_xid IS NULL OR (cursor_xid, cursor_change) < (${horizon}::xid8, 0::bigint))`,
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
