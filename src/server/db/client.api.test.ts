import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../seed/bootstrap';
import { createTestDatabase, testConfig } from '../test/test-app';
import { DatabaseConnectionError, openDatabase, queryRows } from './client';
import { migrateDatabase } from './migrate';
import { sqlArray } from './sql';

describe('database client', () => {
  it('migrates and does first-start work even with a pool of one connection', async () => {
    const database = await createTestDatabase({ poolMax: 1 });
    try {
      await migrateDatabase(database);
      const result = await bootstrap(
        database,
        testConfig({ seedDemo: 'false', admin: { email: 'a@example.org', password: 'una-clave-larga-1' } }),
      );
      expect(result.createdAdmin?.email).toBe('a@example.org');
      const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM users`);
      expect(row?.n).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('passes a list as one array parameter, any text intact, as a constant of the plan, 20,000 ids at once', async () => {
    const database = await createTestDatabase();
    try {
      const texts = ['a"b', 'c\\d', 'e,f', '{g}', 'NULL', '', ' h ', 'ñandú'];
      const rows = await queryRows<{ v: string }>(
        database.db,
        sql`SELECT unnest(${sqlArray(texts, 'text')}) AS v`,
      );
      expect(rows.map((row) => row.v)).toEqual(texts);
      // 20,000 ids against 20,000 rows: compared one by one this took minutes.
      const ids = Array.from(
        { length: 20_000 },
        (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      );
      const [found] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM generate_series(0, 19999) g
             WHERE ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid = ANY(${sqlArray(ids, 'uuid')})`,
      );
      expect(found?.n).toBe(20_000);
      // The list is a constant of the plan (hashed), not a sub-select evaluated while it runs.
      const plan = await queryRows<Record<string, string>>(
        database.db,
        sql`EXPLAIN SELECT 1 FROM generate_series(0, 9) g WHERE g::text = ANY(${sqlArray(['1', '2'], 'text')})`,
      );
      const text = plan.map((row) => Object.values(row).join(' ')).join('\n');
      expect(text).toContain('{1,2}');
      expect(text).not.toMatch(/InitPlan|SubPlan/);
    } finally {
      await database.close();
    }
  });

  it('holds an exclusive lock for one caller at a time, on either engine, also when the one before failed', async () => {
    const database = await createTestDatabase();
    try {
      const events: string[] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const failing = database.withExclusiveLock(41, async () => {
        events.push('first holds');
        await gate;
        events.push('first fails');
        throw new Error('a holder failed');
      });
      // Let the first take the lock before the others ask for it.
      while (!events.includes('first holds')) await new Promise((resolve) => setTimeout(resolve, 10));
      const second = database.withExclusiveLock(41, async (db) => {
        events.push('second holds');
        await queryRows(db, sql`SELECT 1`);
      });
      // Another key is not held up.
      await database.withExclusiveLock(42, async () => {
        events.push('other key');
      });
      expect(events).toEqual(['first holds', 'other key']);
      release();
      await expect(failing).rejects.toThrow('a holder failed');
      await second;
      expect(events).toEqual(['first holds', 'other key', 'first fails', 'second holds']);
    } finally {
      await database.close();
    }
  });

  describe.runIf(process.env.TEST_ENGINE === 'pglite')('embedded database lock', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigia-lock-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('lets only one of two simultaneous opens of a data directory win, and frees it on close', async () => {
      const dataDir = path.join(dir, 'pglite');
      const attempts = await Promise.allSettled([
        openDatabase({ kind: 'pglite', dataDir }),
        openDatabase({ kind: 'pglite', dataDir }),
      ]);
      const opened = attempts.filter((attempt) => attempt.status === 'fulfilled');
      const refused = attempts.filter((attempt) => attempt.status === 'rejected');
      expect(opened).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(DatabaseConnectionError);
      expect(String((refused[0] as PromiseRejectedResult).reason.message)).toMatch(
        /in use by another process/,
      );
      await (opened[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof openDatabase>>>).value.close();
      const again = await openDatabase({ kind: 'pglite', dataDir });
      await again.close();
    });
  });
});
