import { AsyncLocalStorage } from 'node:async_hooks';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { SQL } from 'drizzle-orm/sql';
import pg from 'pg';
import { redactUrl } from '../config';
import * as schema from './schema';

/** One Drizzle type for both drivers: code never knows which engine it talks to. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget = (
  | {
      kind: 'postgres';
      url: string;
      poolMax: number;
      statementTimeoutMs?: number;
      acquireTimeoutMs?: number;
      /** max_parallel_workers_per_gather of the pool's connections (the server's own setting when undefined). */
      parallelWorkers?: number;
    }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob }
  /**
   * An embedded database opened elsewhere: the handle queries it and its close() closes it (the
   * tests lend an instance from file to file, src/server/test/lent-databases.ts).
   */
  | { kind: 'pglite-instance'; instance: PGlite }
) & {
  /** Told every statement drizzle sends (the query snapshots' test, src/server/queries.api.test.ts). */
  logger?: Logger;
};

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Connections queries share (the pool's size on PostgreSQL; PGlite answers one query at a time). */
  poolSize: number;
  /** Human description for logs (password hidden). */
  describe: string;
  /**
   * Runs `fn` while holding a cluster-wide lock, so several app processes never migrate or seed
   * at once. `fn` gets a database bound to the connection that holds the lock: it never waits for
   * the pool, and no statement timeout cuts a long migration short.
   */
  withExclusiveLock<T>(key: number, fn: (db: Database) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel`, from any process on the same database, until
   * the returned function is called. On PostgreSQL a dedicated connection listens and reconnects
   * after a failure, calling `onInterrupted` when it is lost (notifications may have been missed).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onInterrupted?: () => void,
  ): Promise<Listening>;
  /** The PGlite instance, when embedded (tests dump it as a golden image; the job queue runs on it). */
  pglite?: PGlite;
  /** The PostgreSQL address, when on a server (the job queue keeps a small pool of its own). */
  url?: string;
  close(): Promise<void>;
}

/** Stops listening when called. */
export type Listening = (() => Promise<void>) & {
  /**
   * Resolves once every NOTIFY committed before the call has been handed to `onPayload`; rejects
   * when that cannot be known (the listening connection is down or does not answer within 2 s).
   * On PostgreSQL a round trip on the listening connection, shared by the callers that arrive
   * while one is under way: the server sends pending notifications before any answer. At once on
   * PGlite, which hands a notification over before the statement that committed it returns.
   */
  caughtUp(): Promise<void>;
};

export class DatabaseConnectionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseConnectionError';
  }
}

// Counts come back as int8; both drivers return them as JS numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** Runs a raw statement and returns its rows, whatever the driver. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target);
  return openPglite(target);
}

/** The deadline of each query made in the current async context (a request's), in milliseconds. */
const queryDeadline = new AsyncLocalStorage<number>();

/**
 * Runs `fn` (and everything it starts) with each PostgreSQL query limited to `ms`: a request
 * never waits longer than that on a frozen or locked database; it gets the 503 of a database that
 * is gone. The embedded database answers in this process and has no such wait.
 */
export function withQueryDeadline<T>(ms: number, fn: () => T): T {
  return queryDeadline.run(ms, fn);
}

/**
 * Runs `fn` without a request's query deadline: long work a user asked for and waits on (a
 * spreadsheet's confirm writes 10,000 contracts per statement) is bounded by the statement timeout
 * (DB_STATEMENT_TIMEOUT_MS) instead, which a frozen server also ends when it answers again.
 */
export function withoutQueryDeadline<T>(fn: () => T): T {
  return queryDeadline.exit(fn);
}

const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

/** The deadline read where a pool query was asked (0: none), carried by the query's config. */
const ASKED_DEADLINE = Symbol('vigia.askedDeadline');
type Asked = { [ASKED_DEADLINE]?: number };

// biome-ignore lint/suspicious/noExplicitAny: node-postgres' query overloads, passed through unchanged.
type QueryArgs = [config: any, values?: any, callback?: any];

/** Cursors and other submittable queries keep their own options. */
const isSubmittable = (config: unknown) =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as { submit?: unknown }).submit === 'function';

/**
 * The pool reads a query's deadline where it is asked: pg-pool runs `pool.query` in the callback of
 * its connect, which a busy pool calls when another caller releases a connection, in that caller's
 * async context. Read there, a job's query queued behind a request's would take the request's
 * deadline, and a request's queued behind a job's would have none.
 */
class DeadlinePool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: see QueryArgs.
  override query(...[config, values, callback]: QueryArgs): any {
    if (isSubmittable(config) || typeof config === 'function') return super.query(config, values, callback);
    // biome-ignore lint/suspicious/noExplicitAny: see QueryArgs.
    const asked: Asked & any = typeof config === 'string' ? { text: config } : { ...config };
    asked[ASKED_DEADLINE] = queryDeadline.getStore() ?? 0;
    return super.query(asked, values, callback);
  }
}

/**
 * A pooled connection that gives each query of a request its deadline (node-postgres'
 * `query_timeout`, counted here, since a frozen server never answers a statement_timeout): the one
 * the pool read where the query was asked, else the current context's (a transaction's queries run
 * in their caller's). A query past its deadline is cancelled on the server (a backend waiting on a
 * lock does not notice a closed socket, and would go on until the statement timeout, perhaps to
 * commit a write the visitor was told failed) and its connection closed: its late answer could
 * never be told from the next query's, and the pool then drops it.
 */
class DeadlineClient extends pg.Client {
  private readonly settings: pg.ClientConfig;

  constructor(settings: pg.ClientConfig = {}) {
    super(settings);
    this.settings = settings;
  }

  // biome-ignore lint/suspicious/noExplicitAny: see QueryArgs.
  override query(...[config, values, callback]: QueryArgs): any {
    if (isSubmittable(config)) return super.query(config, values, callback);
    const asked = typeof config === 'object' && config !== null && ASKED_DEADLINE in config;
    const ms = asked ? (config as Asked)[ASKED_DEADLINE] : queryDeadline.getStore();
    if (!ms) return super.query(config, values, callback);
    const limited =
      typeof config === 'string' ? { text: config, query_timeout: ms } : { query_timeout: ms, ...config };
    const closeIfLate = (error: unknown) => {
      if ((error as Error | undefined)?.message === QUERY_TIMEOUT_MESSAGE) this.cancelAndClose();
    };
    const done = typeof values === 'function' ? values : callback;
    if (typeof done === 'function') {
      const wrapped = (error: unknown, result: unknown) => {
        closeIfLate(error);
        done(error, result);
      };
      return typeof values === 'function'
        ? super.query(limited, wrapped)
        : super.query(limited, values, wrapped);
    }
    const answer = super.query(limited, values);
    answer.catch(closeIfLate);
    return answer;
  }

  /** Sends PostgreSQL's cancel request for the running statement (its own short connection), then closes. */
  private cancelAndClose() {
    const running = (this as unknown as { activeQuery?: unknown }).activeQuery;
    if (running) {
      const canceller = new pg.Client(this.settings);
      // The cancel request's connection: a server that cannot be reached is no error of the request.
      const connection = (canceller as unknown as { connection: NodeJS.EventEmitter }).connection;
      connection.on('error', () => {});
      (canceller as unknown as { cancel(client: pg.Client, query: unknown): void }).cancel(this, running);
    }
    void this.end().catch(() => {});
  }
}

async function openPostgres(target: Extract<DatabaseTarget, { kind: 'postgres' }>): Promise<DatabaseHandle> {
  const { url, poolMax, statementTimeoutMs, parallelWorkers } = target;
  // Parallel workers let one statement take every core (the figures' scans of a monitor's
  // contracts recomputed after a data change, the red flags' refresh) while visitors are answered:
  // by default none, on every connection of the app, so that work leaves cores to the serving
  // (DB_PARALLEL_WORKERS, decision 0054).
  const parallelism =
    parallelWorkers !== undefined ? { options: `-c max_parallel_workers_per_gather=${parallelWorkers}` } : {};
  const pool = new DeadlinePool({
    connectionString: url,
    max: poolMax,
    Client: DeadlineClient,
    // No statement runs longer than this, whoever runs it (jobs included).
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
    // Waiting for a free connection (or a new one) past this answers 503.
    connectionTimeoutMillis: target.acquireTimeoutMs ?? 10_000,
    idleTimeoutMillis: 30_000,
    application_name: 'vigia',
    ...parallelism,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseConnectionError(
      `Cannot connect to PostgreSQL at ${redactUrl(url)} (DATABASE_URL): ${describePgError(error)}`,
      { cause: error },
    );
  }
  const { logger } = target;
  const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    poolSize: poolMax,
    url,
    describe: `PostgreSQL ${redactUrl(url)}`,
    async withExclusiveLock(key, fn) {
      const client = new pg.Client({
        connectionString: url,
        application_name: 'vigia-maintenance',
        ...parallelism,
      });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        return await fn(drizzlePg(client, { schema, casing: 'snake_case', logger }) as unknown as Database);
      } finally {
        // Ending the session releases the advisory lock too.
        await client.end();
      }
    },
    listen: (channel, onPayload, onInterrupted) => listenPostgres(url, channel, onPayload, onInterrupted),
    close: () => pool.end(),
  };
}

/** LISTEN on a connection of its own (a pooled one would be handed to other queries). */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onInterrupted?: () => void,
): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name ${channel}`);
  let client: pg.Client | null = null;
  /** The client once its LISTEN succeeded; null while (re)connecting. */
  let listening: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: 'vigia-listen' });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    const reconnect = () => {
      if (stopped || client !== next) return;
      const wasListening = listening === next;
      client = null;
      listening = null;
      next.end().catch(() => {});
      if (wasListening) onInterrupted?.();
      retry = setTimeout(() => void connect().catch(reconnect), 1_000);
    };
    next.on('error', reconnect);
    next.on('end', reconnect);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (client === next) listening = next;
  };
  await connect();

  // One round trip at a time; callers arriving meanwhile share the next one (sent after they came).
  let current: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const ping = (): Promise<void> => {
    const target = listening;
    const trip = (async () => {
      if (!target) throw new Error(`Not listening on ${channel} right now.`);
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          target.query('SELECT 1'),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`No answer on the ${channel} listener.`)), 2_000);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
    })();
    current = trip;
    trip.then(
      () => {
        if (current === trip) current = null;
      },
      () => {
        if (current === trip) current = null;
      },
    );
    return trip;
  };
  const caughtUp = (): Promise<void> => {
    if (!current) return ping();
    if (!queued) {
      queued = current
        .catch(() => {})
        .then(() => {
          queued = null;
          return current ?? ping();
        });
    }
    return queued;
  };
  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    listening = null;
    await client?.end().catch(() => {});
  };
  return Object.assign(stop, { caughtUp });
}

/** Network failures of a connection to the database server (refused, reset, unreachable, timed out). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres and PGlite say when the connection is gone or cannot be made. */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout|Cannot use a pool after calling end|PGlite is closed)/;

/**
 * Whether `error` (or its cause: Drizzle wraps driver errors) says the database cannot be
 * reached right now: refused or dropped connections, a server shutting down or starting up
 * (57P01-57P03), connection exceptions (class 08), no free connection slots (53300), a closed
 * embedded database; or that it does not answer in time: no free connection within the acquire
 * deadline, a query past a request's deadline, a statement cancelled by statement_timeout (57014). Such a request is answered 503 and the next one uses a new connection, so
 * the portal recovers by itself when the database returns.
 * An error that already carries a client status (4xx: an AppError, or Fastify's error for a body
 * the visitor stopped sending, ECONNRESET 'aborted') is a verdict on the request: neither it nor
 * its cause is read as the database's, whatever socket code it holds.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const err = current as {
      code?: unknown;
      message?: unknown;
      errors?: unknown[];
      cause?: unknown;
      statusCode?: unknown;
    };
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) return false;
    const code = typeof err.code === 'string' ? err.code : '';
    // 57014: a statement cancelled at its deadline (statement_timeout), the database frozen or locked.
    if (UNREACHABLE_CODES.has(code) || /^(08...|57P0[123]|53300|57014)$/.test(code)) return true;
    if (typeof err.message === 'string' && UNREACHABLE_MESSAGES.test(err.message)) return true;
    // Connecting to a name with several addresses fails with one error per address.
    if (Array.isArray(err.errors) && err.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = err.cause;
  }
  return false;
}

function describePgError(error: unknown): string {
  const err = error as { code?: string; message?: string };
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'the server refused the connection (is PostgreSQL running, and on that host and port?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name could not be resolved';
    case '28P01':
    case '28000':
      return 'the user name or password was rejected';
    case '3D000':
      return 'the database does not exist (create it first)';
    default:
      return err.message || String(error);
  }
}

const PGLITE_OPTIONS = {
  extensions: { pg_trgm, unaccent },
  relaxedDurability: false,
  parsers: { 20: (value: string) => Number(value) },
};

/**
 * One holder at a time per key (an embedded database's exclusive locks): `inTurn(key, fn)` runs
 * `fn` once every earlier caller with the same key has finished, whether it succeeded or failed.
 */
function turnsByKey() {
  const last = new Map<number, Promise<unknown>>();
  return async function inTurn<T>(key: number, fn: () => Promise<T>): Promise<T> {
    // What is kept for the next caller never rejects: it runs after a failure as after a success.
    const mine = (last.get(key) ?? Promise.resolve()).then(fn);
    const settled = mine.catch(() => undefined);
    last.set(key, settled);
    try {
      return await mine;
    } finally {
      if (last.get(key) === settled) last.delete(key);
    }
  };
}

async function openPglite(
  target: Extract<DatabaseTarget, { kind: 'pglite' | 'pglite-memory' | 'pglite-instance' }>,
) {
  let release = () => {};
  let client: PGlite;
  let describe: string;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    release = acquireDirLock(target.dataDir);
    try {
      client = await PGlite.create(target.dataDir, PGLITE_OPTIONS);
    } catch (error) {
      release();
      throw new DatabaseConnectionError(
        `Cannot open the embedded database in ${target.dataDir}: ${String(error)}`,
        {
          cause: error,
        },
      );
    }
    const relative = path.relative(process.cwd(), target.dataDir);
    describe = `embedded PGlite in ${relative && !relative.startsWith('..') ? `./${relative}` : target.dataDir}`;
  } else if (target.kind === 'pglite-instance') {
    client = target.instance;
    describe = 'embedded PGlite in memory';
  } else {
    client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: target.loadDataDir });
    describe = 'embedded PGlite in memory';
  }
  const db = drizzlePglite(client, {
    schema,
    casing: 'snake_case',
    logger: target.logger,
  }) as unknown as Database;
  const inTurn = turnsByKey();
  return {
    db,
    kind: 'pglite' as const,
    poolSize: 1,
    describe,
    pglite: client,
    // PGlite is single-process (guarded by the lock file) and single-connection: an advisory lock
    // would be its one session's, taken again by anyone. One holder at a time per key within the
    // process instead (a refresh run by a job and one called directly, say, whose temporary tables
    // share their names).
    withExclusiveLock: <T>(key: number, fn: (db: Database) => Promise<T>) => inTurn(key, () => fn(db)),
    // One connection that never drops; a NOTIFY reaches the listener before its statement returns.
    listen: async (channel: string, onPayload: (payload: string) => void): Promise<Listening> => {
      const unlisten = await client.listen(channel, onPayload);
      const stop = async () => {
        if (!client.closed) await unlisten();
      };
      return Object.assign(stop, {
        caughtUp: async () => {
          if (client.closed) throw new Error('PGlite is closed');
        },
      });
    },
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * PGlite must be opened by one process at a time; a second one would corrupt the files. A pid
 * file, created exclusively (so two processes starting together cannot both win), makes a second
 * `npm start` fail with a clear message instead. A lock left by a process that died is taken over.
 */
function acquireDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, '..', `${path.basename(dataDir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
      let pid = 0;
      try {
        pid = Number(readFileSync(lockFile, 'utf8'));
      } catch {
        // Removed meanwhile: try again.
      }
      if (pid && isAlive(pid)) {
        throw new DatabaseConnectionError(
          `The embedded database in ${dataDir} is in use by another process (pid ${pid}). ` +
            'Stop it first, or run several processes on PostgreSQL (DATABASE_URL). ' +
            `If no such process is running, delete ${lockFile}.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseConnectionError(`Could not lock the embedded database in ${dataDir}; try again.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}
