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

/**
 * Many texts as one bound parameter, for `column = ANY(…)`: a JSON array unpacked into a text array
 * (any text, commas and quotes included), instead of one parameter per value.
 */
export function textArray(values: readonly string[]): SQL {
  return sql`ARRAY(SELECT json_array_elements_text(${JSON.stringify(values)}::json))`;
}
