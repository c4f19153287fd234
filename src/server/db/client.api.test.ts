import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../seed/bootstrap';
import { createTestDatabase, testConfig } from '../test/test-app';
import { DatabaseConnectionError, openDatabase, queryRows } from './client';
import { migrateDatabase } from './migrate';

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
