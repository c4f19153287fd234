/** What the API benchmarks share: command-line options, the configured database, the monitor to measure. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildServer } from '../scripts/build-server';
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-command';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type DatabaseHandle, openDatabase, queryRows } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { hashPassword } from '../src/server/lib/passwords';
import { findUserByEmail, insertUser } from '../src/server/modules/users/users.repository';

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

/** The p-th quantile (0–1) of sorted timings. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

const BENCH_ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };

/**
 * The real app on the configured database (sign-in limits lifted), the monitor to measure and a
 * GENERAL administrator created once: `login()` signs in, `headers` carry its session and the monitor.
 */
export async function openAdminBench() {
  const { config, database } = await openBenchDatabase();
  const organizationId = await monitorToMeasure(database);
  await ensureBenchAdmin(database);
  const app = await buildApp(
    {
      ...config,
      sessionSecret: randomBytes(32).toString('hex'),
      rateLimits: { ...config.rateLimits, loginPer15Minutes: 10_000 },
    },
    { database },
  );
  const login = () =>
    app.inject({
      method: 'POST',
      url: '/public-api/accounts/login',
      payload: { username: BENCH_ADMIN.email, password: BENCH_ADMIN.password },
    });
  const token = (await login()).json().data.token as string;
  const headers = { authorization: `Bearer ${token}`, 'x-current-organization-id': organizationId };
  return { app, database, organizationId, login, headers };
}

/** The benchmarks' GENERAL administrator, created once. */
export async function ensureBenchAdmin(database: DatabaseHandle) {
  if (await findUserByEmail(database.db, BENCH_ADMIN.email)) return BENCH_ADMIN;
  await insertUser(database.db, {
    email: BENCH_ADMIN.email,
    name: 'Bench',
    lastName: 'Admin',
    passwordHash: await hashPassword(BENCH_ADMIN.password),
    administratorType: 'GENERAL',
  });
  return BENCH_ADMIN;
}

/**
 * The server in a process of its own, started as `npm run serve` starts it (built into
 * dist/server first, then Node on it: decision 0039) on a free local port with the configured
 * database: what its memory is can be read from the kernel (peakRss is the process's high-water
 * mark, every thread included).
 */
export async function startServerProcess(env: Record<string, string> = {}) {
  await buildServer();
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (for DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    env: {
      ...process.env,
      ...SERVER_ENV,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // One process (its memory is what the benchmarks read) unless a benchmark asks for more.
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A benchmark that fails half-way must not leave its server running behind it (its jobs would
  // keep loading the machine and the database).
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const url = await new Promise<string>((resolve, reject) => {
    const poll = setInterval(() => {
      const match = /Vigía is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearInterval(poll);
        resolve(match[1]!);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(poll);
      reject(new Error(`the server stopped:\n${output}`));
    });
  });
  const status = (field: string) => {
    const line = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${child.pid}/status`, 'utf8'),
    );
    return Number(line?.[1] ?? 0) * 1024;
  };
  return {
    url,
    output: () => output,
    /** Resident memory now (bytes). */
    rss: () => status('VmRSS'),
    /** The most resident memory the process has had (bytes). */
    peakRss: () => status('VmHWM'),
    async stop() {
      process.off('exit', orphaned);
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The monitor's own suppliers and units a benchmark load names (`bench:data-load --existing`), so
 * that what already follows them (bench:alerts) sees the load: the first `count` live suppliers
 * with an RFC by id, and every live unit's name.
 */
export async function benchReferences(database: DatabaseHandle, organizationId: string, count = 3_000) {
  const suppliers = await queryRows<{ id: string; name: string; rfc: string }>(
    database.db,
    sql`SELECT id, name, rfc FROM suppliers WHERE organization_id = ${organizationId} AND deleted_at IS NULL
           AND rfc IS NOT NULL ORDER BY id LIMIT ${count}`,
  );
  const units = await queryRows<{ id: string; name: string }>(
    database.db,
    sql`SELECT id, name FROM administrative_units WHERE organization_id = ${organizationId} AND deleted_at IS NULL
         ORDER BY id`,
  );
  return { suppliers, units };
}

/**
 * An SMTP server that accepts every message and only counts it (no parsing: the benchmark's CPU is
 * the machine's too): how many, their bytes, the first and last arrival (ms since the epoch).
 */
export async function countingSmtpServer() {
  const { SMTPServer } = await import('smtp-server');
  const counts = { count: 0, bytes: 0, first: 0, last: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', (chunk: Buffer) => {
        counts.bytes += chunk.length;
      });
      stream.on('end', () => {
        counts.count += 1;
        counts.last = Date.now();
        if (counts.first === 0) counts.first = counts.last;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as import('node:net').AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get count() {
      return counts.count;
    },
    get bytes() {
      return counts.bytes;
    },
    get first() {
      return counts.first;
    },
    get last() {
      return counts.last;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
