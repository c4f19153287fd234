import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestContext } from './test/test-app';

describe('app-wide behaviour', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    ctx.app.get('/public-api/__boom', async () => {
      throw new Error('secret internal detail');
    });
    ctx.app.post('/public-api/__echo', async (request) => ({ error: false, body: request.body }));
  });
  afterAll(() => ctx.close());

  it('answers liveness and readiness (with the database)', async () => {
    const live = await ctx.app.inject('/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('answers unknown API paths with the Spanish 404 envelope and a request id', async () => {
    const response = await ctx.app.inject('/public-api/nothing-here');
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body).toMatchObject({
      error: true,
      code: 'NOT_FOUND',
      message: 'El recurso solicitado no existe.',
    });
    expect(body.requestId).toBe(response.headers['x-request-id']);
  });

  it('masks unexpected errors as 500 with the request id, never the internal message', async () => {
    const response = await ctx.app.inject('/public-api/__boom');
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.code).toBe('INTERNAL');
    expect(body.message).toBe('Ocurrió un error inesperado. Por favor intenta nuevamente.');
    expect(JSON.stringify(body)).not.toContain('secret internal detail');
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects a malformed JSON body with a Spanish 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/__echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"path": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'El cuerpo de la solicitud no es un JSON válido.',
    });
  });

  it('answers a malformed address with the Spanish envelope', async () => {
    const response = await ctx.app.inject('/public-api/files/image/%');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: true,
      code: 'BAD_REQUEST',
      message: 'La dirección solicitada no es válida.',
    });
  });

  it('rejects bodies over the size limit with 413 and changes nothing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/__echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(2_000_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('El contenido enviado excede el tamaño permitido.');
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await ctx.app.inject('/health/live');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('publishes the OpenAPI document and its browsable page at /api/docs', async () => {
    const json = await ctx.app.inject('/api/docs/json');
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/public-api/organizations/list', '/public-api/route-logs/register']),
    );
    const page = await ctx.app.inject('/api/docs');
    expect([200, 302]).toContain(page.statusCode);
  });

  it('compresses larger JSON responses for clients that accept it', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('maintenance mode', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { maintenanceMode: true } });
  });
  afterAll(() => ctx.close());

  it('answers API calls with 503 SERVICIO EN MANTENIMIENTO but keeps health checks up', async () => {
    const api = await ctx.app.inject('/public-api/organizations/list');
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({ code: 'MAINTENANCE' });
    expect(api.headers['retry-after']).toBe('60');
    expect((await ctx.app.inject('/health/live')).statusCode).toBe(200);
  });
});

describe('serving the built web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'vigia-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Vigía</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    ctx = await createTestApp({ database: await createTestDatabase(), config: { webDir } });
  });
  afterAll(() => ctx.close());

  it('serves index.html for the app routes (history fallback), revalidated on every visit', async () => {
    for (const url of [
      '/',
      '/select-organization',
      '/select-organization?redirectTo=%2F',
      '/access-denied',
      '/privacy',
      '/accessibility',
      '/open-data',
      '/red-flags',
    ]) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the app with a 404 status for paths that are no screen', async () => {
    const response = await ctx.app.inject('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and answers missing files with 404', async () => {
    const asset = await ctx.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await ctx.app.inject('/assets/missing-123.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it("opens an alert e-mail's links as the app, whatever their token ends with", async () => {
    // A token's secret half follows a dot; made only of letters and digits it looked like a file's
    // extension, and a reader without the service worker (a first visit) got a JSON 404.
    for (const link of [
      '/alerts/confirm/01a21eea-a200-7573-aa9e-26a8f29018e4.YhDFHtCahcgRYC4yRKe5zcBnUiCaMNbxikF1lkrewCc',
      '/alerts/unsubscribe/01a21eea-a200-7573-aa9e-26a8f29018e4.Yh-FHt_ahcgRYC4yRKe5zcBnUiCaMNbxikF1lkrewCc',
      '/alerts/01a21eea-a200-7573-aa9e-26a8f29018e4.abc',
    ]) {
      const response = await ctx.app.inject(link);
      expect(response.statusCode, link).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('never answers API paths with the app', async () => {
    const response = await ctx.app.inject('/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
