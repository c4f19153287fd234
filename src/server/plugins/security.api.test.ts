import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../test/factories';
import { createTestApp, createTestDatabase, type TestContext } from '../test/test-app';

/** The security headers, built once at start (issue 27), are on every kind of answer. */
describe('security headers on every answer', () => {
  let ctx: TestContext;
  let maintenance: TestContext;
  let headers: Record<string, string>;

  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'vigia-web-headers-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Vigía</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    ctx = await createTestApp({ database: await createTestDatabase(), config: { webDir } });
    ctx.app.get('/public-api/__boom', async () => {
      throw new Error('secret internal detail');
    });
    maintenance = await createTestApp({ database: ctx.database, config: { maintenanceMode: true } });
    headers = { 'x-current-organization-id': (await createOrganization(ctx.database.db)).id };
  });
  afterAll(async () => {
    await maintenance?.app.close();
    await ctx?.close();
  });

  const expectSecurityHeaders = (response: { headers: Record<string, unknown> }, what: string) => {
    const policy = String(response.headers['content-security-policy']);
    expect(policy, what).toContain("default-src 'self'");
    expect(policy, what).toContain("script-src 'self'");
    expect(policy, what).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options'], what).toBe('DENY');
    expect(response.headers['x-content-type-options'], what).toBe('nosniff');
    expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  };

  it('on answers, cached answers, errors, pages and files', async () => {
    const answers: [string, InjectOptions, number][] = [
      ['a list', { url: '/public-api/contracts/list', headers }, 200],
      ['the same list, cached', { url: '/public-api/contracts/list', headers }, 200],
      [
        'a chart',
        { method: 'POST', url: '/public-api/landing/amountByProcedure', headers, payload: {} },
        200,
      ],
      [
        'an unknown monitor',
        { url: '/public-api/contracts/list', headers: { 'x-current-organization-id': crypto.randomUUID() } },
        404,
      ],
      ['a bad query', { url: '/public-api/contracts/list?page=zero', headers }, 400],
      ['an unknown API path', { url: '/public-api/nothing-here' }, 404],
      ['an unexpected error', { url: '/public-api/__boom' }, 500],
      ['an API call without a session', { url: '/api/users/list' }, 401],
      ['the app', { url: '/' }, 200],
      ['a path that is no screen', { url: '/no-such-page' }, 404],
      ['a static file', { url: '/assets/index-abc123.js' }, 200],
      ['a missing static file', { url: '/assets/missing-123.js' }, 404],
      ['a health check', { url: '/health/live' }, 200],
    ];
    for (const [what, request, status] of answers) {
      const response = await ctx.app.inject(request);
      expect(response.statusCode, what).toBe(status);
      expectSecurityHeaders(response, what);
    }
  });

  it('on the 503 of maintenance mode', async () => {
    const response = await maintenance.app.inject({ url: '/public-api/contracts/list', headers });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('MAINTENANCE');
    expectSecurityHeaders(response, 'maintenance');
  });
});
