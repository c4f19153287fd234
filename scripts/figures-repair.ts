/**
 * `npm run figures:repair [-- --organization <id>]`: rebuilds the figures (pre-aggregated tables)
 * of one monitor, or of every monitor, from their contracts, through the repair job of the durable
 * jobs queue (decision 0027), and prints its progress. The database keeps the figures exact in
 * every write; this is for a repair after a manual change to the tables or a suspected fault.
 */
import pino from 'pino';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { Jobs } from '../src/server/lib/jobs';
import { monitorIds } from '../src/server/modules/figures/cube-repair.queries';
import {
  defineFigureJobs,
  FIGURES_REPAIR_JOB,
  requestFiguresRepair,
} from '../src/server/modules/figures/figure-jobs';

const index = process.argv.indexOf('--organization');
const organizationId = index === -1 ? undefined : process.argv[index + 1];

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrateDatabase(database);
  const jobs = new Jobs(database, pino({ level: 'warn' }), { pollingIntervalSeconds: 0.5 });
  defineFigureJobs({ database, jobs });
  jobs.on('progress', (event) => {
    if (event.name === FIGURES_REPAIR_JOB)
      console.log(`${(event.fraction * 100).toFixed(0).padStart(3)} % ${event.note ?? ''}`);
  });
  await jobs.start();
  const ids = organizationId ? [organizationId] : await monitorIds(database.db);
  for (const id of ids) {
    console.log(`repair of monitor ${id} queued`);
    await requestFiguresRepair({ jobs }, id);
  }
  await jobs.idle(24 * 60 * 60 * 1000);
  await jobs.stop(5_000);
  console.log(`figures of ${ids.length} monitor(s) rebuilt in ${database.describe}`);
} finally {
  await database.close();
}
