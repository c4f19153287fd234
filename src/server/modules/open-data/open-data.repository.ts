import { getTableColumns, sql } from 'drizzle-orm';
import { AMENDMENT_CATEGORIES } from '../../../shared/constants/enums';
import { type Database, type DatabaseHandle, queryRows } from '../../db/client';
import { contracts } from '../../db/schema';
import { changeAfter, settledChange, sqlArray } from '../../db/sql';
import { handedOver } from '../../lib/hand-over';

/**
 * The open data's reads (decision 0051): a contract's releases are its current state (the contracts
 * row) and its earlier ones (contract_history, kept by the contracts_release trigger), each known by
 * its change number and the transaction that wrote it. Both are read as the row's JSON (to_jsonb:
 * the columns' names), so a release is built the same way from either.
 */

/** A release as stored: a contract's state, with what it kept beside its fields when it is an earlier one. */
export interface StoredRelease {
  contractId: string;
  organizationId: string;
  change: number;
  /** The writing transaction (xid8 as text). */
  changeXid: string;
  /** The contracts row as JSON (its columns' names). */
  contract: Record<string, unknown>;
  /** An earlier state's parties, amendments and budget lines; null for the current one (read from their tables). */
  relations: StoredRelations | null;
}

export interface StoredRelations {
  parties: { role: string; name: string; rfc: string | null; post: string | null }[];
  amendments: {
    number: string | null;
    object: string | null;
    signedDate: string | null;
    url: string | null;
  }[];
  budgetLines: { code: string }[];
}

/** Where a walk of the releases stands: the last release served, by (transaction, change). */
export interface ReleaseCursor {
  xid: string;
  change: number;
}

/** A state as read: an earlier one's row as JSON in `contract`, a current one's columns beside the others. */
type Row = Record<string, unknown> & {
  /** The contract's id (its own column `contract_id` is the process ID). */
  state_of: string;
  organization_id: string;
  change: number | string;
  change_xid: string;
  contract?: Record<string, unknown> | string;
  relations: StoredRelations | string | null;
};

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function stored(row: Row): StoredRelease {
  return {
    contractId: row.state_of,
    organizationId: row.organization_id,
    change: Number(row.change),
    changeXid: String(row.change_xid),
    contract: row.contract === undefined ? row : parsed(row.contract),
    relations: row.relations === null ? null : parsed(row.relations),
  };
}

/**
 * A contracts row with its columns' names, as the history keeps it as JSON: calendar days as
 * text (as to_jsonb writes them), without the columns a release does not read. Columns, not
 * to_jsonb: building JSON of a million rows costs the database more than sending them.
 */
const CURRENT_COLUMNS = Object.values(getTableColumns(contracts))
  .map((column) => ({
    // The schema's names are camelCased; the database's are snake_cased (drizzle's casing).
    name: column.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
    day: column.columnType === 'PgDateString',
  }))
  // Only what a release or a flat file reads (each column costs its parsing, a million times).
  .filter(
    (column) =>
      ![
        'search_text',
        'change',
        'change_xid',
        'data_load_id',
        'import_fingerprint',
        'created_by',
        'updated_by',
        'deleted_at',
        'deleted_by',
      ].includes(column.name),
  )
  .map((column) => (column.day ? `c.${column.name}::text AS ${column.name}` : `c.${column.name}`))
  .join(', ');
const CURRENT = sql.raw(
  `c.id AS state_of, c.organization_id, c.change, c.change_xid::text AS change_xid, NULL::jsonb AS relations, ${CURRENT_COLUMNS}`,
);
/** The same as JSON, in the shape of an earlier state (a union of both: pages and records). */
const CURRENT_JSON = sql.raw(
  `c.id AS state_of, c.organization_id, c.change, c.change_xid::text AS change_xid, NULL::jsonb AS relations,
   to_jsonb(c) - 'search_text' - 'change' - 'change_xid' AS contract`,
);
const EARLIER = sql.raw(
  `h.contract_id AS state_of, h.organization_id, h.change, h.change_xid::text AS change_xid, h.relations, h.contract`,
);

/** The stable cursor of decision 0051 (db/sql.ts, shared with the alerts' matching). */
const SETTLED = (alias: 'c' | 'h') => settledChange(alias);
const after = changeAfter;

/**
 * A page of a monitor's releases in the order they were written (transaction, then change):
 * its contracts' current states and their earlier ones, rows that state that no procedures were
 * held left out, only releases dated after `since` when given.
 */
export async function releasePage(
  db: Database,
  organizationId: string,
  options: { after: ReleaseCursor | null; since: Date | null; limit: number },
): Promise<StoredRelease[]> {
  const since = (alias: 'c' | 'h') =>
    options.since
      ? sql`${sql.raw(`${alias}.updated_at`)} > ${options.since.toISOString()}::timestamptz`
      : sql`TRUE`;
  const rows = await queryRows<Row>(
    db,
    sql`SELECT * FROM ((SELECT ${CURRENT_JSON} FROM contracts c
          WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL AND NOT c.is_empty
            AND ${SETTLED('c')} AND ${after('c', options.after)} AND ${since('c')}
          ORDER BY c.change_xid, c.change LIMIT ${options.limit})
        UNION ALL
        (SELECT ${EARLIER} FROM contract_history h
          WHERE h.organization_id = ${organizationId} AND (h.contract->>'is_empty') IS DISTINCT FROM 'true'
            AND ${SETTLED('h')} AND ${after('h', options.after)} AND ${since('h')}
          ORDER BY h.change_xid, h.change LIMIT ${options.limit})) releases
        ORDER BY change_xid::xid8, change LIMIT ${options.limit}`,
  );
  return rows.map(stored);
}

/**
 * Where a walk of the releases dated after `since` may start: just before the first one written
 * (the contracts' dates are read through their index, so a recent `since` skips the older releases
 * without reading them). Null when there is none.
 */
export async function firstReleaseSince(
  db: Database,
  organizationId: string,
  since: Date,
): Promise<ReleaseCursor | null> {
  const rows = await queryRows<{ xid: string }>(
    db,
    sql`SELECT xid FROM (
          (SELECT c.change_xid AS xid FROM contracts c
            WHERE c.organization_id = ${organizationId} AND c.updated_at > ${since.toISOString()}::timestamptz
            ORDER BY c.change_xid LIMIT 1)
          UNION ALL
          (SELECT h.change_xid FROM contract_history h
            WHERE h.organization_id = ${organizationId} AND h.updated_at > ${since.toISOString()}::timestamptz
            ORDER BY h.change_xid LIMIT 1)
        ) first ORDER BY xid LIMIT 1`,
  );
  if (rows.length === 0) return null;
  // Just before it: the same transaction, change 0 (numbers start at 1).
  return { xid: String(rows[0]!.xid), change: 0 };
}

/** Every release of one of the monitor's contracts (deleted or not), oldest first; empty when it is not one. */
export async function processReleases(
  db: Database,
  organizationId: string,
  contractId: string,
): Promise<StoredRelease[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT * FROM (
          SELECT ${CURRENT_JSON} FROM contracts c
           WHERE c.organization_id = ${organizationId} AND c.id = ${contractId} AND c.deleted_at IS NULL
          UNION ALL
          SELECT ${EARLIER} FROM contract_history h
           WHERE h.organization_id = ${organizationId} AND h.contract_id = ${contractId}
        ) releases
        WHERE (contract->>'is_empty') IS DISTINCT FROM 'true'
        ORDER BY change`,
  );
  return rows.map(stored);
}

/**
 * Every live contract of these monitors, rows that state no procedures were held included (the
 * flat files carry them), a batch at a time, monitor after monitor, the next batch read while the
 * caller works on this one.
 *
 * On PostgreSQL, from one snapshot: a read-only repeatable-read transaction with a cursor per
 * monitor, the rows in the order the planner reads them (a monitor that is most of the table is
 * read in one pass over it): the file shows the data of one moment, and a million contracts cost
 * the database some 5 s instead of 40 s of batches through the (monitor, id) index, each a
 * thousand pages out of order. The transaction lasts as long as the walk: its caller reads at
 * its own pace (a bulk file's build, not a visitor's download). PGlite answers one statement at a
 * time for everybody: there, batches in (monitor, id) order, each its own statement, so the
 * portal answers between them.
 */
export async function* liveContracts(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  organizationIds: readonly string[],
  size: number,
): AsyncGenerator<StoredRelease[]> {
  if (database.kind === 'postgres') {
    yield* handedOver<StoredRelease[]>((give) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
        for (const organizationId of organizationIds) {
          await tx.execute(
            sql`DECLARE live_contracts NO SCROLL CURSOR FOR
                SELECT ${CURRENT} FROM contracts c WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL`,
          );
          for (;;) {
            const rows = await queryRows<Row>(
              tx,
              sql`FETCH ${sql.raw(String(Math.trunc(size)))} FROM live_contracts`,
            );
            if (rows.length > 0) await give(rows.map(stored));
            if (rows.length < size) break;
          }
          await tx.execute(sql`CLOSE live_contracts`);
        }
      }),
    );
    return;
  }
  for (const organizationId of organizationIds) {
    const read = (after: string | null) => {
      const from = after ? sql`c.id > ${after}::uuid` : sql`TRUE`;
      const batch = queryRows<Row>(
        database.db,
        sql`SELECT ${CURRENT} FROM contracts c
             WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL AND ${from}
             ORDER BY c.organization_id, c.id LIMIT ${size}`,
      );
      // Read ahead: if the walk is abandoned before it is awaited, its failure is nobody's.
      batch.catch(() => undefined);
      return batch;
    };
    let reading = read(null);
    for (;;) {
      const rows = await reading;
      if (rows.length === 0) break;
      reading = rows.length < size ? Promise.resolve([]) : read(String(rows.at(-1)!.state_of));
      yield rows.map(stored);
    }
  }
}

/** The earlier states of some contracts, oldest first (a record's history). */
export async function earlierReleases(
  db: Database,
  contractIds: readonly string[],
): Promise<StoredRelease[]> {
  if (contractIds.length === 0) return [];
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${EARLIER} FROM contract_history h
         WHERE h.contract_id = ANY(${sqlArray(contractIds, 'uuid')})
           AND (h.contract->>'is_empty') IS DISTINCT FROM 'true'
         ORDER BY h.contract_id, h.change`,
  );
  return rows.map(stored);
}

/** The first change number of each of these contracts that has earlier states (a release is first when it is its process's first). */
export async function firstChanges(
  db: Database,
  contractIds: readonly string[],
): Promise<Map<string, number>> {
  if (contractIds.length === 0) return new Map();
  const rows = await queryRows<{ contract_id: string; first: number | string }>(
    db,
    sql`SELECT h.contract_id, min(h.change) AS first FROM contract_history h
         WHERE h.contract_id = ANY(${sqlArray(contractIds, 'uuid')})
           AND (h.contract->>'is_empty') IS DISTINCT FROM 'true'
         GROUP BY h.contract_id`,
  );
  return new Map(rows.map((row) => [row.contract_id, Number(row.first)]));
}

/** Names of administrative units, by id (deleted ones too: an earlier release may name one). */
export async function unitNames(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM administrative_units WHERE id = ANY(${sqlArray(ids, 'uuid')})`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Suppliers' names and RFCs, by id (deleted ones too). */
export async function supplierRows(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string; rfc: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string; rfc: string | null }>(
    db,
    sql`SELECT id, name, rfc FROM suppliers WHERE id = ANY(${sqlArray(ids, 'uuid')})`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

const AMENDMENTS_LIST = sql.raw(AMENDMENT_CATEGORIES.map((category) => `'${category}'`).join(', '));

/**
 * The contract each of these process IDs names, when exactly one live contract of the monitor that
 * is not an amendment has it (an amendment row's parent, decision 0051).
 */
export async function parentContracts(
  db: Database,
  organizationId: string,
  processIds: readonly string[],
): Promise<Map<string, string>> {
  if (processIds.length === 0) return new Map();
  const rows = await queryRows<{ process: string; id: string }>(
    db,
    sql`SELECT c.contract_id AS process, min(c.id::text) AS id FROM contracts c
         WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL
           AND c.contract_id = ANY(${sqlArray(processIds, 'text')})
           AND (c.category IS NULL OR c.category::text NOT IN (${AMENDMENTS_LIST}))
         GROUP BY c.contract_id HAVING count(*) = 1`,
  );
  return new Map(rows.map((row) => [row.process, row.id]));
}

/** How many live contracts a monitor has, and how many are contracting processes. */
export async function contractCount(
  db: Database,
  organizationId: string,
): Promise<{ contracts: number; processes: number }> {
  const [row] = await queryRows<{ contracts: number | string; processes: number | string }>(
    db,
    sql`SELECT count(*) AS contracts, count(*) FILTER (WHERE NOT c.is_empty) AS processes
          FROM contracts c WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL`,
  );
  return { contracts: Number(row?.contracts ?? 0), processes: Number(row?.processes ?? 0) };
}

/** The live monitors' data versions and last changes (the installation's files are keyed by them). */
export async function liveMonitors(
  db: Database,
): Promise<{ id: string; name: string; dataVersion: number; contractsUpdatedAt: Date | null }[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    data_version: number | string;
    contracts_updated_at: Date | string | null;
  }>(
    db,
    sql`SELECT id, name, data_version, contracts_updated_at FROM organizations WHERE deleted_at IS NULL ORDER BY id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    dataVersion: Number(row.data_version),
    contractsUpdatedAt: row.contracts_updated_at ? new Date(row.contracts_updated_at) : null,
  }));
}
