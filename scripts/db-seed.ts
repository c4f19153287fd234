/**
 * `npm run db:seed -- --demo`: loads the three demonstration monitors into the configured
 * database (DATABASE_URL, or the embedded one). Does nothing if they are already there.
 */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { LOCKS, migrateDatabase } from '../src/server/db/migrate';
import { seedDemoData } from '../src/server/seed/demo';

if (!process.argv.includes('--demo')) {
  console.error('Usage: npm run db:seed -- --demo   (loads the demonstration monitors)');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrateDatabase(database);
  const result = await database.withExclusiveLock(LOCKS.seed, (db) => seedDemoData(db));
  if (result) {
    console.log(
      `Demonstration data loaded into ${database.describe}: ${result.organizations} monitors, ` +
        `${result.contracts.toLocaleString('en-US')} contracts, ${result.suppliers} suppliers in ${(result.milliseconds / 1000).toFixed(1)} s.`,
    );
  } else {
    console.log(`The demonstration monitors are already in ${database.describe}; nothing was added.`);
  }
} finally {
  await database.close();
}
