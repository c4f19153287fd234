import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../db/client';
import { createTestDatabase } from '../test/test-app';
import { type BulkColumn, bulkInsertAll } from './bulk';
import { copyRows } from './bulk-copy';

interface Probe {
  n: number;
  label: string | null;
}
const COLUMNS: BulkColumn<Probe>[] = [
  { name: 'n', type: 'int', value: (row) => row.n },
  { name: 'label', type: 'text', value: (row) => row.label },
];
const ROWS: Probe[] = [1, 2, 3, 4, 5].map((n) => ({ n, label: n === 3 ? null : `fila\t${n}\\\n"x"` }));

/**
 * The bulk generator's progress (bench:seed) counts rows the database has stored: at each report,
 * a count in the same transaction finds exactly as many rows as reported.
 */
describe('bulk insert progress', () => {
  let database: DatabaseHandle & { url?: string };
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`CREATE TABLE bulk_probe (n int NOT NULL, label text)`);
  });
  afterAll(() => database.close());

  it('reports rows stored after each insert batch (unnest, both engines)', async () => {
    const seen: [number, number][] = [];
    await database.db.transaction(async (tx) => {
      const count = async () =>
        (await queryRows<{ n: number }>(tx as never, sql`SELECT count(*)::int AS n FROM bulk_probe`))[0]!.n;
      await bulkInsertAll(tx as never, 'bulk_probe', COLUMNS, ROWS, {
        batchSize: 2,
        onBatch: async (inserted) => {
          seen.push([inserted, await count()]);
        },
      });
      await tx.execute(sql`DELETE FROM bulk_probe`);
    });
    expect(seen).toEqual([
      [2, 2],
      [4, 4],
      [5, 5],
    ]);
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'reports rows stored after each COPY statement, with values escaped (PostgreSQL)',
    async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query('BEGIN');
        const seen: [number, number][] = [];
        const stored = await copyRows(client, 'bulk_probe', COLUMNS, ROWS, {
          batchSize: 2,
          onProgress: async (reported) => {
            const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM bulk_probe');
            seen.push([reported, rows[0]!.n]);
          },
        });
        expect(stored).toBe(5);
        expect(seen).toEqual([
          [2, 2],
          [4, 4],
          [5, 5],
        ]);
        const { rows } = await client.query<Probe>('SELECT n, label FROM bulk_probe ORDER BY n');
        expect(rows).toEqual(ROWS);
        await client.query('ROLLBACK');
      } finally {
        await client.end();
      }
    },
  );
});
