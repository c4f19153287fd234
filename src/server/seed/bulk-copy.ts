import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { BulkColumn } from './bulk';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Streams rows into PostgreSQL with COPY … FROM STDIN (text format), the fastest way in, with
 * back-pressure so memory stays flat however many rows there are. The rows go in several COPY
 * statements of `batchSize` rows: after each one the server has stored them (in the caller's
 * transaction), and `onProgress` gets the running count the server reported, never rows merely
 * handed to the stream. PostgreSQL servers only (the bulk generator, bench/seed.ts).
 */
export async function copyRows<T>(
  client: pg.ClientBase,
  table: string,
  columns: readonly BulkColumn<T>[],
  rows: Iterable<T>,
  options: { batchSize?: number; onProgress?: (stored: number) => void | Promise<void> } = {},
): Promise<number> {
  for (const name of [table, ...columns.map((column) => column.name)]) {
    if (!IDENTIFIER.test(name)) throw new Error(`copyRows: invalid identifier ${name}`);
  }
  const batchSize = options.batchSize ?? 50_000;
  const names = columns.map((column) => `"${column.name}"`).join(', ');
  const line = (row: T) => `${columns.map((column) => copyValue(column.value(row))).join('\t')}\n`;
  const iterator = rows[Symbol.iterator]();
  let next = iterator.next();
  let stored = 0;
  while (!next.done) {
    function* batch() {
      let chunk = '';
      for (let count = 0; count < batchSize && !next.done; count++) {
        chunk += line(next.value);
        next = iterator.next();
        if (chunk.length >= 64 * 1024) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    }
    const stream = client.query(copyFrom(`COPY "${table}" (${names}) FROM STDIN`));
    await pipeline(Readable.from(batch()), stream);
    stored += stream.rowCount;
    await options.onProgress?.(stored);
  }
  return stored;
}

/** One value in COPY's text format: \N for null, with backslash, tab and line breaks escaped. */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return text.replace(
    /[\\\t\n\r]/g,
    (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char]!,
  );
}
