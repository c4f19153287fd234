import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from './lent-databases';

// A database in the image's state for one test file, on the engine under test; lent again to the
// worker's next file (lent-databases.ts).
export { createTestDatabase } from './lent-databases';

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
