/**
 * `npm run db:migrate`: applies the committed migrations to the configured database
 * (DATABASE_URL, or the embedded one under DATA_DIR). The server also does this at start.
 */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrateDatabase(database);
  console.log(`Migrations applied to ${database.describe}.`);
} finally {
  await database.close();
}
