/** What the API benchmarks share: command-line options, the configured database, the monitor to measure. */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { type DatabaseHandle, openDatabase, queryRows } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';

/** `--name value` from the command line. */
export function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** The configured database (DATABASE_URL, or the embedded one), migrated, with a quiet config. */
export async function openBenchDatabase() {
  const config = { ...loadConfig(), logLevel: 'silent' as const };
  const database = await openDatabase(config.database);
  await migrateDatabase(database);
  return { config, database };
}

/** --organization, or the monitor with the most contracts; exits when the database has none. */
export async function monitorToMeasure(database: DatabaseHandle): Promise<string> {
  const organizationId =
    option('organization') ??
    (
      await queryRows<{ id: string }>(
        database.db,
        sql`SELECT organization_id AS id FROM contracts WHERE deleted_at IS NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      )
    )[0]?.id;
  if (!organizationId) {
    console.error('No contracts in this database: run npm run bench:seed first.');
    process.exit(1);
  }
  return organizationId;
}
