import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createContract, createOrganization, createUnit, seedGeneratedMonitor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import { sendCachedAnswer } from './cached-answer';

/**
 * Public answers kept serialised (issue 27): the result cache keeps a list's, chart's or total's
 * whole answer as the text the response schema produced, and sends it again as it is.
 */
describe('cached answers', () => {
  let cached: TestContext;
  let computed: TestContext;
  let headers: Record<string, string>;
  let supplierId: string;

  beforeAll(async () => {
    cached = await createTestApp();
    // The same database, every answer computed (no result cache).
    computed = await createTestApp({ database: cached.database, config: { resultCacheEntries: 0 } });
    const { organization, suppliers } = await seedGeneratedMonitor(cached.database.db, {
      contracts: 120,
      suppliers: 15,
    });
    headers = { 'x-current-organization-id': organization.id };
    supplierId = suppliers[0]!.id;
    // A presenter's mistake: a password hash in an answer that would be kept.
    cached.app.get('/public-api/__kept-secret', async (_request, reply) =>
      sendCachedAnswer(reply, { name: 'kept-secret', version: 1 }, async () => ({
        error: false,
        user: { passwordHash: 'x' },
      })),
    );
  });

  afterAll(async () => {
    await computed?.app.close();
    await cached?.close();
  });

  it('never keeps nor sends an answer that carries a secret', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await cached.app.inject('/public-api/__kept-secret');
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain('passwordHash');
      expect(answer.json().message).toBe('Ocurrió un error inesperado. Por favor intenta nuevamente.');
    }
  });

  it('sends a kept answer compressed as the visitor accepts, the same bytes to every visitor', async () => {
    const url = '/public-api/contracts/list?page=1';
    const plain = await cached.app.inject({ method: 'GET', url, headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const ask = (acceptEncoding: string, more: Record<string, string> = {}) =>
      cached.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'accept-encoding': acceptEncoding, ...more },
      });
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const first = await ask(acceptEncoding);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(String(first.headers.vary)).toMatch(/Accept-Encoding/);
      const text = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(first.rawPayload).toString();
      expect(text).toBe(plain.body);
      const again = await ask(acceptEncoding);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    for (const answer of [await ask('identity'), await ask('br', { 'x-no-compression': '1' })]) {
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body).toBe(plain.body);
    }
  });

  it('sends the bytes of the computed answer, from the first request on, whatever the call', async () => {
    const calls = [
      { method: 'GET' as const, url: '/public-api/contracts/list?page=2' },
      { method: 'GET' as const, url: '/public-api/contracts/list?search=papeler%C3%ADa' },
      {
        method: 'POST' as const,
        url: '/public-api/contracts/filtered-list?page=1',
        payload: { filters: { procedureTypes: ['PUBLIC'], fiscalYears: ['2022'] } },
      },
      { method: 'GET' as const, url: '/public-api/contracts/totals' },
      { method: 'GET' as const, url: '/public-api/contracts/retrieve/trimonths' },
      {
        method: 'POST' as const,
        url: '/public-api/suppliers/filtered-list?page=1',
        payload: { filters: {} },
      },
      { method: 'GET' as const, url: '/public-api/suppliers/list?page=1' },
      { method: 'GET' as const, url: `/public-api/suppliers/detail?id=${supplierId}` },
      { method: 'POST' as const, url: '/public-api/landing/amountByPeriod', payload: {} },
      {
        method: 'POST' as const,
        url: '/public-api/landing/amountByProcedure',
        payload: { procedureTypes: ['NO_BID'] },
      },
    ];
    for (const call of calls) {
      const expected = await computed.app.inject({ ...call, headers });
      expect(expected.statusCode, call.url).toBe(200);
      const first = await cached.app.inject({ ...call, headers });
      const again = await cached.app.inject({ ...call, headers });
      for (const answer of [first, again]) {
        expect(answer.statusCode, call.url).toBe(200);
        expect(answer.headers['content-type'], call.url).toBe('application/json; charset=utf-8');
        expect(answer.body, call.url).toBe(expected.body);
      }
    }
    // The detail of a supplier the monitor does not have is a 404, never kept.
    const missing = `/public-api/suppliers/detail?id=${crypto.randomUUID()}`;
    for (let i = 0; i < 2; i++) {
      const answer = await cached.app.inject({ url: missing, headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('El proveedor solicitado no existe.');
    }
  });
});

describe('a previous answer while the new one is computed (decision 0030)', () => {
  let ctx: TestContext;
  let db: Database;

  beforeAll(async () => {
    ctx = await createTestApp({ config: { resultPreviousAfterMs: 0 } });
    db = ctx.database.db;
  });
  afterAll(() => ctx?.close());

  it("carries its own version's 'Última actualización', never the new one beside the old rows", async () => {
    const organizationId = (await createOrganization(db)).id;
    const unitId = (await createUnit(db, organizationId)).id;
    const headers = { 'x-current-organization-id': organizationId };
    const list = async () => {
      const body = (await ctx.app.inject({ url: '/public-api/contracts/list', headers })).json();
      return { total: body.data.total as number, lastUpdate: body.lastUpdate as string };
    };
    await createContract(db, { organizationId, unitId, updatedAt: new Date('2025-03-01T12:00:00Z') });
    expect(await list()).toEqual({ total: 1, lastUpdate: '2025-03-01T12:00:00.000Z' });

    await createContract(db, { organizationId, unitId, updatedAt: new Date('2026-06-01T12:00:00Z') });
    const seen: { total: number; lastUpdate: string }[] = [];
    await expect
      .poll(async () => {
        const answer = await list();
        seen.push(answer);
        return answer.total;
      })
      .toBe(2);
    expect(seen).toContainEqual({ total: 1, lastUpdate: '2025-03-01T12:00:00.000Z' });
    for (const answer of seen) {
      expect([
        { total: 1, lastUpdate: '2025-03-01T12:00:00.000Z' },
        { total: 2, lastUpdate: '2026-06-01T12:00:00.000Z' },
      ]).toContainEqual(answer);
    }
  });
});
