import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrateJobs } from '../lib/jobs';
import type { DatabaseHandle } from './client';

/** The project's drizzle/ folder, from this file in src/server/db/ or from the built dist/server/ (decision 0039). */
const FROM_SOURCE = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const FROM_BUILD = fileURLToPath(new URL('../../drizzle', import.meta.url));
export const MIGRATIONS_FOLDER = existsSync(`${FROM_SOURCE}/meta/_journal.json`) ? FROM_SOURCE : FROM_BUILD;

/** Advisory-lock keys of work that only one process may do at a time. */
export const LOCKS = {
  migrate: 7_240_001,
  seed: 7_240_002,
  users: 7_240_003,
  /** With a second key per monitor: its error-report notifications are counted one request at a time. */
  errorNotifications: 7_240_004,
  /** With a second key per monitor: its calculations change one save at a time (references, cycles). */
  calculations: 7_240_005,
  /** The clean-up after a bulk write (VACUUM ANALYZE), on a connection of its own with no statement timeout. */
  tidy: 7_240_006,
  /**
   * A monitor's red-flag recomputation (decision 0052), on a connection of its own with no statement
   * timeout (a million contracts' chains take most of a minute); one at a time in the installation.
   */
  redFlags: 7_240_007,
  /**
   * A monitor's alerts matching (decision 0053), on a connection of its own: its window of changed
   * contracts is a temporary table of that session; one run at a time in the installation.
   */
  alertsMatch: 7_240_008,
} as const;

/**
 * Applies the committed SQL migrations (drizzle/) to the database, then the job queue's schema. Several processes starting
 * together on PostgreSQL take turns through an advisory lock; the journal makes it idempotent.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withExclusiveLock(LOCKS.migrate, async (db) => {
    if (handle.kind === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    } else {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    }
  });
  // The job queue's own tables (schema pgboss): pg-boss creates and upgrades them (decision 0026).
  await migrateJobs(handle);
}
