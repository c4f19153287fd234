import { type SQL, sql } from 'drizzle-orm';

/** Escapes LIKE wildcards so that what a visitor types is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Folds a search text the way the indexed search columns are folded (lower case, no accents),
 * on the database side, and wraps it as a literal substring pattern. The text is always a bound
 * parameter: it is never compiled into SQL or a regular expression.
 */
export function containsPattern(text: string): SQL {
  return sql`'%' || lower(immutable_unaccent(${escapeLike(text.trim())})) || '%'`;
}

/**
 * Many rows as the source of one statement: `json`, a JSON array of objects, is one bound parameter
 * that json_to_recordset reads as rows `r` with `columns` ("name type, …"). A batch is then not
 * bounded by PostgreSQL's 65,535 parameters, a data load's 100,000 rows are a few statements (and
 * statement triggers run a few times), and no query builder walks every value. The bulk inserts
 * use it: contracts, a load's staged rows, document links. `json`, not `jsonb`: the text is read once
 * instead of being built into a jsonb value first (a 5,000-contract batch: 163 ms against 235 ms).
 */
export function jsonRecordset(json: string, columns: string): SQL {
  return sql`json_to_recordset(${json}::json) AS r(${sql.raw(columns)})`;
}

/** An element of a PostgreSQL array literal: quoted, with its quotes and backslashes escaped. */
const arrayElement = (value: string) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;

/**
 * Many values as one bound parameter, for `column = ANY(…)` or `unnest(…)`: a PostgreSQL array
 * literal (any text, commas and quotes included) typed by its one cast, instead of one parameter
 * per value. The parameter then takes the array's type and the planner sees a constant: a long list
 * (a confirm's 10,000 contract ids) is looked up through a hash, and its length is known. An
 * `ARRAY(SELECT …)` or a second cast (`::text[]::uuid[]`) is evaluated while the statement runs:
 * each row was compared with the whole list, 5 s per flag for a 5,000-contract page (measured).
 */
export function sqlArray(values: readonly string[], type: 'text' | 'uuid' | 'bigint'): SQL {
  return sql`${`{${values.map(arrayElement).join(',')}}`}::${sql.raw(type)}[]`;
}

/** A position in the contracts' change order (decision 0051): the writing transaction, then the change number. */
export interface ChangeCursor {
  xid: string;
  change: number;
}

/**
 * Only what transactions older than every running one wrote (decision 0051): a transaction still
 * running may hold a change number below one already served; waiting for it keeps a cursor whole.
 * With `horizon` (an earlier reading of the same bound, `SETTLED_HORIZON`), several statements
 * agree on one bound. The open data's releases and the alerts' matching walk it.
 */
export const settledChange = (alias: string, horizon?: string): SQL =>
  horizon === undefined
    ? sql.raw(`${alias}.change_xid < pg_snapshot_xmin(pg_current_snapshot())`)
    : sql`${sql.raw(`${alias}.change_xid`)} < ${horizon}::xid8`;

/** The bound settledChange reads, as text: every transaction below it has ended. */
export const SETTLED_HORIZON = sql`pg_snapshot_xmin(pg_current_snapshot())::text`;

/** The changes after a cursor (all of them without one), along the (change_xid, change) indexes. */
export const changeAfter = (alias: string, cursor: ChangeCursor | null): SQL =>
  cursor
    ? sql`(${sql.raw(`${alias}.change_xid`)}, ${sql.raw(`${alias}.change`)}) > (${cursor.xid}::xid8, ${cursor.change}::bigint)`
    : sql`TRUE`;
