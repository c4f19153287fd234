import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config';

/**
 * The supervisor of the server processes (issue 34, decision 0054): `WEB_CONCURRENCY` of them
 * (one per core by default, on PostgreSQL), each a whole server (main.ts `serve`) sharing the
 * port through node:cluster, which hands each new connection to the next process. They already
 * share everything else through PostgreSQL: sessions, rate limits, the durable jobs (claimed once),
 * the notifications (LISTEN/NOTIFY), the result cache's versions. The supervisor prepares the
 * database once (migrations, the first administrator, the demonstration data), starts the
 * processes, prints the address when every one answers, starts another when one dies (after a
 * pause that grows while they keep dying young) and, on SIGINT or SIGTERM, stops them all, each
 * finishing its requests (a stop drains every process), and ends when the last has.
 */
export async function supervise<Prepared>(
  config: AppConfig,
  prepare: () => Promise<Prepared>,
  announce: (port: number, prepared: Prepared, processes: number) => void,
): Promise<void> {
  const prepared = await prepare();
  const processes = config.webConcurrency;
  let stopping = false;
  let announced = false;
  /** Processes that died before they answered, in a row (the pause before the next grows with them). */
  let youngDeaths = 0;
  const answering = new WeakSet<Worker>();
  const alive = new Set<Worker>();

  const start = () => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.once('listening', (address) => {
      answering.add(worker);
      youngDeaths = 0;
      if (!announced && [...alive].filter((one) => answering.has(one)).length >= processes) {
        announced = true;
        announce(address.port, prepared, processes);
      }
    });
    return worker;
  };

  const everyoneGone = new Promise<void>((resolve) => {
    cluster.on('exit', (worker, code, signal) => {
      alive.delete(worker);
      if (stopping) {
        if (alive.size === 0) resolve();
        return;
      }
      if (!announced && !answering.has(worker)) {
        // A process that cannot start (the port taken, the database gone) before the portal ever
        // answered: the others would fail alike. Stop, and say why (the process printed it).
        console.error(
          `\nVigía cannot start: a server process ended (${signal ?? `code ${code}`}) before answering.\n`,
        );
        void stop('a server process could not start', 1);
        return;
      }
      if (!answering.has(worker)) youngDeaths += 1;
      const pause = youngDeaths === 0 ? 0 : Math.min(30_000, 1000 * 2 ** youngDeaths);
      console.error(
        `  A server process (pid ${worker.process.pid}) ended (${signal ?? `code ${code}`}); starting another${pause ? ` in ${pause / 1000} s` : ''}.`,
      );
      // Not unref'd: with every process gone, this timer is what keeps the supervisor waiting.
      setTimeout(() => {
        if (!stopping) start();
      }, pause);
    });
  });

  let exitCode = 0;
  const stop = async (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const running = [...alive];
    if (running.length === 0) process.exit(exitCode);
    // Past every process's own shutdown time, what is left is ended.
    const timer = setTimeout(() => {
      console.error(`Shutdown timed out (${reason}); ending the server processes.`);
      for (const worker of running) worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownTimeoutMs + 2000);
    timer.unref();
    for (const worker of running) worker.process.kill('SIGTERM');
    await everyoneGone;
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  for (let i = 0; i < processes; i++) start();
}
