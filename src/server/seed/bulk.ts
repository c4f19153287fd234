import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export interface BulkColumn<T> {
  /** Column name in the database. */
  name: string;
  /** PostgreSQL type of the column, for the array cast. */
  type: string;
  value: (row: T) => unknown;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Inserts many rows in one statement: one array per column, expanded by unnest(). Hundreds of
 * times faster than row-by-row inserts, and the same on PGlite and PostgreSQL.
 */
export async function bulkInsert<T>(
  db: Database,
  table: string,
  columns: readonly BulkColumn<T>[],
  rows: readonly T[],
) {
  if (rows.length === 0) return;
  for (const name of [table, ...columns.map((column) => column.name)]) {
    if (!IDENTIFIER.test(name)) throw new Error(`bulkInsert: invalid identifier ${name}`);
  }
  const names = sql.raw(columns.map((column) => `"${column.name}"`).join(', '));
  const arrays = columns.map((column) => {
    const values = rows.map((row) => {
      const value = column.value(row);
      if (value === null || value === undefined) return null;
      return value instanceof Date ? value.toISOString() : String(value);
    });
    // Sent as text[] and cast by the server: both drivers serialize text arrays the same way,
    // including for our enum types, which PGlite cannot serialize by itself.
    return sql`${sql.param(values)}::text[]::${sql.raw(column.type)}[]`;
  });
  await db.execute(
    sql`INSERT INTO ${sql.raw(`"${table}"`)} (${names}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`,
  );
}

/**
 * Inserts rows from an iterable in batches; after each batch's statement has run, reports the
 * running count of rows stored (and waits for the report when it returns a promise).
 */
export async function bulkInsertAll<T>(
  db: Database,
  table: string,
  columns: readonly BulkColumn<T>[],
  rows: Iterable<T>,
  options: { batchSize?: number; onBatch?: (inserted: number) => void | Promise<void> } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 2_000;
  let batch: T[] = [];
  let inserted = 0;
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= batchSize) {
      await bulkInsert(db, table, columns, batch);
      inserted += batch.length;
      await options.onBatch?.(inserted);
      batch = [];
    }
  }
  if (batch.length > 0) {
    await bulkInsert(db, table, columns, batch);
    inserted += batch.length;
    await options.onBatch?.(inserted);
  }
  return inserted;
}
