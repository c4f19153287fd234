import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../shared/schemas/accounts';
import { type App, buildApp } from '../app';
import type { AppConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { rateCounters } from '../db/schema';
import { createUser, TEST_PASSWORD } from '../test/auth';
import { createOrganization } from '../test/factories';
import { createTestApp, type TestContext, testConfig } from '../test/test-app';
import { databaseCounterStore, Limiter } from './limiter';

/**
 * Two app processes of one installation on one database. On PostgreSQL the second has its own
 * connection pool, as a real second process would; the embedded database serves one process, so
 * there the second app shares the handle (same code path: the counters live in the database).
 */
describe('limits shared by every process of an installation', () => {
  let first: TestContext;
  let second: App;
  let secondDatabase: DatabaseHandle | undefined;
  let organizationId: string;
  const config = (base = testConfig()): Partial<AppConfig> => ({
    rateLimits: { ...base.rateLimits, loginPer15Minutes: 3, loginFailuresPerAccount: 2, visitsPerMinute: 2 },
  });

  beforeAll(async () => {
    first = await createTestApp({ config: config() });
    const url = (first.database as { url?: string }).url;
    secondDatabase = url ? await openDatabase({ kind: 'postgres', url, poolMax: 2 }) : undefined;
    second = await buildApp(testConfig({ ...config(), sessionSecret: first.app.deps.config.sessionSecret }), {
      database: secondDatabase ?? first.database,
    });
    organizationId = (await createOrganization(first.database.db)).id;
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase?.close();
    await first.close();
  });

  const login = (app: App, username: string, password: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/public-api/accounts/login',
      remoteAddress: ip,
      payload: { username, password },
    });

  it('counts sign-in attempts of one address across processes', async () => {
    const apps = [first.app, second, first.app, second];
    const statuses: number[] = [];
    for (const [i, app] of apps.entries()) {
      statuses.push((await login(app, `nadie-${i}@example.org`, 'x', '10.7.0.1')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('holds an account at an address whichever process counted the failures', async () => {
    const user = await createUser(first.database.db);
    expect((await login(first.app, user.email, 'mal', '10.7.1.1')).statusCode).toBe(401);
    expect((await login(second, user.email, 'mal', '10.7.1.1')).statusCode).toBe(401);
    const held = await login(first.app, user.email, TEST_PASSWORD, '10.7.1.1');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(ACCOUNT_MESSAGES.accountHeld);
    expect((await login(second, user.email, TEST_PASSWORD, '10.7.1.2')).statusCode).toBe(200);
  });

  it('counts visit registrations of one address across processes', async () => {
    const register = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/public-api/route-logs/register',
        remoteAddress: '10.7.2.1',
        headers: { 'x-current-organization-id': organizationId },
        payload: { path: '/' },
      });
    expect([
      (await register(first.app)).statusCode,
      (await register(second)).statusCode,
      (await register(first.app)).statusCode,
    ]).toEqual([204, 204, 429]);
  });
});

describe('counters in the database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('count HEAD requests of a limited GET route with its GETs', async () => {
    const ask = (method: 'GET' | 'HEAD') =>
      ctx.app.inject({ method, url: '/public-api/contact/challenge', remoteAddress: '10.8.0.1' });
    // The challenge route allows 60 a minute per address.
    const gets = await Promise.all(Array.from({ length: 60 }, () => ask('GET')));
    expect(gets.every((response) => response.statusCode === 200)).toBe(true);
    expect((await ask('HEAD')).statusCode).toBe(429);
    expect((await ask('GET')).statusCode).toBe(429);
  });

  it('start again once their window ends, and ended windows are deleted', async () => {
    let clock = new Date('2026-03-01T12:00:00Z');
    const { background } = ctx.app.deps;
    const limiter = new Limiter(databaseCounterStore(ctx.database.db), () => clock, background);
    const limit = { max: 2, windowMs: 60_000 };
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push(await limiter.hit('prueba:a', limit));
    expect(counts.map((state) => [state.count, state.exceeded])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    clock = new Date(clock.getTime() + 60_000);
    expect(await limiter.hit('prueba:b', limit)).toMatchObject({ count: 1, exceeded: false });
    await background.idle();
    const keys = (await ctx.database.db.select().from(rateCounters)).map((row) => row.key);
    expect(keys).toContain('prueba:b');
    expect(keys).not.toContain('prueba:a');
    // The ended window of 'prueba:a' starts again from one.
    expect(await limiter.hit('prueba:a', limit)).toMatchObject({ count: 1, exceeded: false });
  });
});
