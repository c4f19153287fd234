import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGES } from '../../shared/errors';
import { type App, buildApp } from '../app';
import { AppError } from '../lib/errors';
import { bearer, createUser, signIn } from '../test/auth';
import { createTestDatabase, testConfig } from '../test/test-app';
import {
  type DatabaseHandle,
  isDatabaseUnavailable,
  openDatabase,
  queryRows,
  withQueryDeadline,
} from './client';

/** What a visitor and an administrator get while the database is gone: 503 with Retry-After, in Spanish. */
async function expectUnavailable(app: App, token: string) {
  const calls = [
    app.inject('/public-api/organizations/list'),
    app.inject({ url: '/api/session', headers: bearer(token) }),
    app.inject({
      method: 'POST',
      url: '/public-api/accounts/login',
      payload: { username: 'nadie@example.org', password: 'una-clave' },
    }),
  ];
  for (const response of await Promise.all(calls)) {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toMatchObject({
      error: true,
      code: 'UNAVAILABLE',
      message: DEFAULT_ERROR_MESSAGES.UNAVAILABLE,
    });
  }
  expect((await app.inject('/health/ready')).statusCode).toBe(503);
  expect((await app.inject('/health/live')).statusCode).toBe(200);
}

/**
 * A TCP relay to PostgreSQL that the test can cut (the server is gone) and restore on the same port.
 * The server is reached as TEST_DATABASE_URL names it: a host and port, or the directory of its
 * Unix socket (a host beginning with '/', as libpq and node-postgres read it).
 */
async function startRelay(target: { host: string; port: number }) {
  const connectUpstream = () =>
    target.host.startsWith('/')
      ? net.connect(path.join(target.host, `.s.PGSQL.${target.port}`))
      : net.connect(target.port, target.host);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = connectUpstream();
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    get port() {
      return port;
    },
    start,
    async stop() {
      if (!server?.listening) return;
      const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closing;
    },
  };
}

describe.runIf(process.env.TEST_ENGINE === 'postgres')('a PostgreSQL server that goes away', () => {
  let testDatabase: DatabaseHandle & { url?: string };
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let database: DatabaseHandle;
  let app: App;
  let token: string;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const url = new URL(testDatabase.url!);
    relay = await startRelay({ host: decodeURIComponent(url.hostname), port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
    app = await buildApp(testConfig(), { database });
    const admin = await createUser(database.db, { administratorType: 'GENERAL' });
    token = await signIn(app, admin.email);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await relay.stop();
    await testDatabase.close();
  });

  it('answers every route 503 with Retry-After while it is gone, and recovers when it returns', async () => {
    expect((await app.inject('/public-api/organizations/list')).statusCode).toBe(200);

    await relay.stop();
    await expectUnavailable(app, token);

    await relay.start();
    const list = await app.inject('/public-api/organizations/list');
    expect(list.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/session', headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject('/health/ready')).statusCode).toBe(200);
  });

  it('answers 503, never 500, when the server ends its connections, and uses new ones next', async () => {
    expect((await app.inject({ url: '/api/session', headers: bearer(token) })).statusCode).toBe(200);
    await queryRows(
      testDatabase.db,
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    const during = await Promise.all(
      Array.from({ length: 4 }, () => app.inject({ url: '/api/session', headers: bearer(token) })),
    );
    for (const response of during) expect([200, 503]).toContain(response.statusCode);
    expect((await app.inject({ url: '/api/session', headers: bearer(token) })).statusCode).toBe(200);
  });
});

/** The 503 of a database that does not answer, in Spanish, with Retry-After. */
function expectNoAnswer(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('60');
  expect(response.json()).toMatchObject({
    error: true,
    code: 'UNAVAILABLE',
    message: DEFAULT_ERROR_MESSAGES.UNAVAILABLE,
  });
}

/**
 * A database that keeps its connections open but does not answer (issue 27: some requests hung
 * 25 s): each query of a request has a deadline, and waiting for a connection too, past which the
 * request gets the 503 of a database that is gone. The deadlines are small here.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('a PostgreSQL database that does not answer', () => {
  let testDatabase: DatabaseHandle & { url?: string };
  let database: DatabaseHandle;
  let app: App;
  let token: string;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await openDatabase({
      kind: 'postgres',
      url: testDatabase.url!,
      poolMax: 2,
      acquireTimeoutMs: 1_000,
    });
    // Small deadlines, but not so small that a busy test machine misses them when all is well.
    app = await buildApp(testConfig({ requestQueryTimeoutMs: 2_000 }), { database });
    const admin = await createUser(database.db, { administratorType: 'GENERAL' });
    token = await signIn(app, admin.email);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await testDatabase.close();
  });

  it('answers 503 while another connection holds the tables locked, and serves again once it lets go', async () => {
    const locker = new pg.Client({ connectionString: testDatabase.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE organizations, users, sessions IN ACCESS EXCLUSIVE MODE');
      const answers = await Promise.all([
        app.inject('/public-api/organizations/list'),
        app.inject({ url: '/api/session', headers: bearer(token) }),
        app.inject({
          method: 'POST',
          url: '/public-api/accounts/login',
          payload: { username: 'nadie@example.org', password: 'una-clave' },
        }),
      ]);
      for (const answer of answers) expectNoAnswer(answer);
      // The statements past their deadline were cancelled on the server: none of ours still waits
      // on the lock (they would until the statement timeout, and a write could then commit).
      await expect
        .poll(
          async () =>
            (
              await locker.query(
                `SELECT count(*)::int AS waiting FROM pg_stat_activity
                  WHERE datname = current_database() AND application_name = 'vigia' AND wait_event_type = 'Lock'`,
              )
            ).rows[0].waiting,
          { timeout: 10_000 },
        )
        .toBe(0);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await app.inject('/public-api/organizations/list')).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/session', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('answers 503 when no connection comes free in time', async () => {
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const taken: Promise<void>[] = [];
    const holders = Array.from(
      { length: 2 },
      () =>
        new Promise<void>((started) => {
          taken.push(
            database.db.transaction(async (tx) => {
              await tx.execute(sql`SELECT 1`);
              started();
              await held;
            }),
          );
        }),
    );
    await Promise.all(holders);
    try {
      expectNoAnswer(await app.inject({ url: '/api/session', headers: bearer(token) }));
    } finally {
      letGo();
      await Promise.all(taken);
    }
    expect((await app.inject({ url: '/api/session', headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_ENGINE === 'postgres')('a query queued for a busy pool', () => {
  it('keeps the deadline of whoever asked it, whichever connection frees first', async () => {
    const testDatabase = await createTestDatabase();
    // One connection: each query below waits for the one before it to release it.
    const database = await openDatabase({ kind: 'postgres', url: testDatabase.url!, poolMax: 1 });
    try {
      const { db } = database;
      // A job's query (no deadline) queued behind a request's (300 ms) runs to its end.
      const request = withQueryDeadline(300, async () => await db.execute(sql`SELECT pg_sleep(0.05)`)).catch(
        () => {},
      );
      const job = (async () => await db.execute(sql`SELECT pg_sleep(0.6) AS slept`))();
      await expect(job).resolves.toBeDefined();
      await request;
      // A request's query queued behind a job's keeps its own deadline.
      const first = (async () => await db.execute(sql`SELECT pg_sleep(0.05)`))();
      const late = withQueryDeadline(300, async () => await db.execute(sql`SELECT pg_sleep(3)`));
      await first;
      await expect(late).rejects.toSatisfy((error) => isDatabaseUnavailable(error));
    } finally {
      await database.close();
      await testDatabase.close();
    }
  });
});

describe('a database handle that has been closed', () => {
  it('answers 503 with Retry-After instead of a 500', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), { database });
    const admin = await createUser(database.db, { administratorType: 'GENERAL' });
    const token = await signIn(app, admin.email);
    try {
      await database.close();
      await expectUnavailable(app, token);
    } finally {
      await app.close();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells a lost connection from an error in a query', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });

  it('does not take a visitor who stopped sending for a lost database connection', () => {
    // What Node raises on the request stream, with the 400 Fastify's body reader gives it.
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(isDatabaseUnavailable(aborted)).toBe(false);
    const cut = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    expect(isDatabaseUnavailable(new AppError('BAD_REQUEST', 'Formulario incompleto', { cause: cut }))).toBe(
      false,
    );
  });
});
