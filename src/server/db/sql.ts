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
 * that jsonb_to_recordset reads as rows `r` with `columns` ("name type, …"). A batch is then not
 * bounded by PostgreSQL's 65,535 parameters, a data load's 100,000 rows are a few statements (and
 * statement triggers run a few times), and no query builder walks every value. The bulk inserts
 * use it: contracts, a load's staged rows, document links.
 */
export function jsonRecordset(json: string, columns: string): SQL {
  return sql`jsonb_to_recordset(${json}::jsonb) AS r(${sql.raw(columns)})`;
}
