import cluster from 'node:cluster';
import v8 from 'node:v8';
import { buildApp } from './app';
import { supervise } from './cluster';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { DatabaseConnectionError, type DatabaseHandle, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { BootstrapError, bootstrap } from './seed/bootstrap';

/**
 * Process entry: configuration, then either one server process, or (WEB_CONCURRENCY above one, on
 * PostgreSQL) the supervisor of one per core (cluster.ts), whose server processes come back here.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // The heap grows by at most this much over what is alive before V8 collects it again, instead of
  // up to four times on a large machine: a long job (a spreadsheet load) makes much short-lived
  // garbage, and the process's memory then follows what it uses. Not a cap (decision 0034).
  v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);
  if (cluster.isWorker) return serve(config, { supervised: true });
  if ((config.webConcurrencyAsked ?? 1) > 1 && config.database.kind === 'pglite')
    console.warn('  WEB_CONCURRENCY: the embedded database is held by one process; starting one.\n');
  if (config.webConcurrency > 1)
    return supervise(
      config,
      async () => {
        const database = await openDatabase(config.database);
        try {
          return { describe: database.describe, started: await prepareDatabase(database, config) };
        } finally {
          await database.close();
        }
      },
      (port, prepared, processes) => announce(config, port, prepared, processes),
    );
  return serve(config, { supervised: false });
}

/**
 * A server process: database (migrated) → first-start data → HTTP server, and a graceful stop on
 * SIGINT/SIGTERM at any moment (stop accepting, finish requests, close the database, so the
 * embedded database is never left half-written or locked). A supervised one (cluster.ts) finds
 * the database migrated and its first data there, says nothing (the supervisor prints the
 * address), and stops when its supervisor is gone.
 */
async function serve(config: AppConfig, { supervised }: { supervised: boolean }): Promise<void> {
  const database = await openDatabase(config.database);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      console.error('Shutdown timed out; exiting.');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app?.close();
      await database.close();
      process.exit(app ? 0 : 130);
    } catch (error) {
      console.error('Error while shutting down:', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  if (supervised) process.once('disconnect', () => void stop('the supervisor stopped'));

  try {
    const started = supervised ? null : await prepareDatabase(database, config);
    if (stopping) return;
    app = await buildApp(config, { database });
    await app.listen({ host: config.host, port: config.port });
    if (!started) return;
    const address = app.server.address();
    announce(config, typeof address === 'object' && address ? address.port : config.port, {
      describe: database.describe,
      started,
    });
  } catch (error) {
    if (stopping) return;
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

/** Migrations, then the first start's data (the first administrator, the demonstration monitors). */
async function prepareDatabase(database: DatabaseHandle, config: AppConfig) {
  await migrateDatabase(database);
  return bootstrap(database, config);
}

/** Says where the portal answers (its address with the port it got), once it does. */
function announce(
  config: AppConfig,
  port: number,
  { describe, started }: { describe: string; started: Awaited<ReturnType<typeof bootstrap>> },
  processes = 1,
): void {
  const url = config.hasPublicUrl ? config.publicUrl : config.publicUrl.replace(/:\d+$/, `:${port}`);
  printBanner(url, describe, started, processes);
  if (config.mail.smtpUrl && !config.hasPublicUrl) {
    console.warn(
      `  Warning: SMTP_URL is set but PUBLIC_URL is not: links in e-mails (password resets, invitations) will point to ${config.publicUrl}.\n`,
    );
  }
}

function printBanner(
  url: string,
  database: string,
  started: Awaited<ReturnType<typeof bootstrap>>,
  processes: number,
): void {
  const lines = ['', `  Vigía is running at ${url}`, `  Database: ${database}`];
  if (processes > 1) lines.push(`  Server processes: ${processes} (WEB_CONCURRENCY)`);
  if (started.demo) {
    lines.push(
      `  Demonstration data loaded: ${started.demo.organizations} monitors, ` +
        `${started.demo.contracts.toLocaleString('en-US')} contracts, ` +
        `${started.demo.suppliers.toLocaleString('en-US')} suppliers (${(started.demo.milliseconds / 1000).toFixed(1)} s)`,
    );
  }
  if (started.createdAdmin?.password) {
    lines.push(
      '',
      '  Demo administrator (shown only this once; keep it):',
      `    e-mail:   ${started.createdAdmin.email}`,
      `    password: ${started.createdAdmin.password}`,
    );
  } else if (started.createdAdmin) {
    lines.push(`  Created the first administrator: ${started.createdAdmin.email}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseConnectionError ||
    error instanceof BootstrapError
  ) {
    console.error(`\nVigía cannot start.\n${error.message}\n`);
  } else {
    console.error('\nVigía cannot start: unexpected error.\n', error);
  }
  process.exit(1);
});
