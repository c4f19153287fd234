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
