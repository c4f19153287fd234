import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { leaseEmbeddedDatabase } from './embedded-databases';
import { withDatabase } from './global-setup.postgres';

/**
 * A fresh database for one test file: embedded (in the golden image's state, on an instance the
 * worker lends again after each file) or, in the api:postgres project, a copy of the migrated
 * template on the PostgreSQL server.
 */
export async function createTestDatabase(
  options: { poolMax?: number; logger?: Logger } = {},
): Promise<DatabaseHandle & { url?: string }> {
  if (process.env.TEST_ENGINE === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${inject('postgresTemplate')}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const database = await openDatabase({
      kind: 'postgres',
      url: withDatabase(url, name),
      poolMax: options.poolMax ?? 4,
      logger: options.logger,
    });
    return {
      ...database,
      /** Address of this test database, for a second "process" on the same data. */
      url: withDatabase(url, name),
      async close() {
        await database.close();
        // Dropped while the next file runs: a drop waits on the disk (up to a second while the other
        // worker writes), and nothing reads this database again. Whatever a worker's exit cuts
        // short, the project's teardown drops (global-setup.postgres.ts).
        void admin
          .query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
          .catch(() => undefined)
          .finally(() => admin.end().catch(() => undefined));
      },
    };
  }
  return leaseEmbeddedDatabase(inject('pgliteImage'), options.logger);
}

/** Configuration for tests: silent logs, no demo seeding, a web build only when asked for. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  return {
    ...base,
    webDir: path.resolve('does-not-exist'),
    // Never write DATA_DIR/session-secret from a test.
    sessionSecret: randomBytes(32).toString('hex'),
    // Copies kept on disk (the embedded database's, issue 27) go to a folder of this app's own.
    dataDir: path.join(tmpdir(), `vigia-test-${randomBytes(6).toString('hex')}`),
    // Jobs retried within seconds, and a delayed start or retry looked for every second, so tests
    // wait little (a new job wakes its worker at once, as in production).
    jobs: { pollingIntervalSeconds: 1, mailRetryLimit: 3, mailRetryDelaySeconds: 1 },
    // A test reads what it just wrote: never the previous version's answer (decision 0030), unless
    // a test asks for it.
    resultPreviousAfterMs: null,
    // Contracts of tests link to documents on hosts that do not exist: fetched only where a test asks.
    // A test reads the copies' state it just wrote on the next contract page.
    backups: { ...base.backups, enabled: false, pagesSeeCopiesMs: 0 },
    ...overrides,
  };
}

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The app on a fresh database; close() stops both. */
export async function createTestApp(
  options: {
    config?: Partial<AppConfig>;
    database?: DatabaseHandle;
    now?: () => Date;
    /** Receives the log lines (JSON), for tests of what is logged and at which level. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp(testConfig(options.config), {
    database,
    now: options.now,
    logStream: options.logStream,
  });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      const { dataDir } = app.deps.config;
      if (dataDir.startsWith(tmpdir())) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
