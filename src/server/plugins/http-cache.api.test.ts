import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/client';
import { bearer, createUser, signIn } from '../test/auth';
import { seedGeneratedMonitor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Answers browsers and proxies may keep (issue 34, decision 0054): a monitor's lists and totals
 * carry an ETag of the data version sent and a Cache-Control that lets them be kept; asked
 * again with that ETag they answer 304 before the route runs and without the database; after a
 * data change the same ETag gets the new answer. The administration's answers are never kept.
 */
describe('HTTP caching of public answers', () => {
  let ctx: TestContext;
  let monitorId: string;
  let otherId: string;
  let contractId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    const seeded = await seedGeneratedMonitor(db, { contracts: 60, suppliers: 8, seed: 41 });
    monitorId = seeded.organization.id;
    otherId = (await seedGeneratedMonitor(db, { contracts: 20, suppliers: 4, seed: 42 })).organization.id;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM contracts WHERE organization_id = ${monitorId} LIMIT 1`,
    );
    contractId = row!.id;
  });
  afterAll(() => ctx.close());

  const get = (url: string, organization: string, etag?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'x-current-organization-id': organization, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it.each([
    '/public-api/contracts/list?page=1',
    '/public-api/contracts/totals',
    '/public-api/contracts/retrieve/procedure-types',
    '/public-api/suppliers/list?page=1',
    `/public-api/contracts/filtered-list?page=1&filters=${encodeURIComponent(JSON.stringify({ procedureTypes: ['NO_BID'] }))}`,
    '/public-api/suppliers/filtered-list?page=2',
    `/public-api/landing/amountByPeriod?filters=${encodeURIComponent(JSON.stringify({ fiscalYears: ['2023'] }))}`,
    '/public-api/landing/amountByProcedure',
  ])(
    '%s: an ETag, kept and checked again; asked again with it, 304 without the route or the database',
    async (url) => {
      const first = await get(url, monitorId);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+\.[0-9a-f-]{36}\.\d+"$/);
      expect(etag).toContain(monitorId);
      expect(first.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
      );
      expect(String(first.headers.vary)).toMatch(/X-Current-Organization-Id/i);

      const lookups = vi.spyOn(ctx.app.deps.organizations, 'get');
      const caughtUp = vi.spyOn(ctx.app.deps.events, 'caughtUp');
      const hits = ctx.app.deps.cache.hits;
      const again = await get(url, monitorId, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
      );
      // Answered from what the process knows: no organization read, no database round trip, no route.
      expect(lookups).not.toHaveBeenCalled();
      expect(caughtUp).not.toHaveBeenCalled();
      expect(ctx.app.deps.cache.hits).toBe(hits);
      lookups.mockRestore();
      caughtUp.mockRestore();
    },
  );

  it('the GET forms answer what the POST lists and charts answer for the same filters', async () => {
    const filters = { procedureTypes: ['NO_BID'], fiscalYears: ['2023'] };
    const query = encodeURIComponent(JSON.stringify(filters));
    for (const [asGet, asPost] of [
      [
        `/public-api/contracts/filtered-list?page=1&filters=${query}`,
        '/public-api/contracts/filtered-list?page=1',
      ],
      [
        `/public-api/suppliers/filtered-list?page=1&filters=${query}`,
        '/public-api/suppliers/filtered-list?page=1',
      ],
      [`/public-api/landing/amountByPeriod?filters=${query}`, '/public-api/landing/amountByPeriod'],
      [`/public-api/landing/amountByProcedure?filters=${query}`, '/public-api/landing/amountByProcedure'],
    ] as const) {
      const viaGet = await get(asGet, monitorId);
      const viaPost = await ctx.app.inject({
        method: 'POST',
        url: asPost,
        headers: { 'x-current-organization-id': monitorId },
        payload: { filters },
      });
      expect(viaGet.statusCode, asGet).toBe(200);
      expect(viaGet.json().data, asGet).toEqual(viaPost.json().data);
    }
    const bad = await get('/public-api/contracts/filtered-list?page=1&filters=%7Bno', monitorId);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Los filtros no son un JSON válido/);
  });

  it("another monitor's answer has its own ETag, and the first one's does not pass for it", async () => {
    const mine = (await get('/public-api/contracts/totals', monitorId)).headers.etag as string;
    const theirs = await get('/public-api/contracts/totals', otherId, mine);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers.etag).not.toBe(mine);
  });

  it('after a data change the old ETag gets the new answer, with a new ETag', async () => {
    const before = await get('/public-api/contracts/list?page=1', monitorId);
    const etag = before.headers.etag as string;
    expect((await get('/public-api/contracts/list?page=1', monitorId, etag)).statusCode).toBe(304);
    await ctx.database.db.execute(
      sql`UPDATE contracts SET notes = 'cambio de datos' WHERE id = ${contractId}`,
    );
    // The change's event reaches the process (milliseconds on a server; before then, the previous
    // version's 304 is what a proxy's 30 s allow anyway).
    await ctx.app.deps.events.caughtUp('organizations');
    const peeked = ctx.app.deps.organizations.peek(monitorId)?.dataVersion;
    const after = await get('/public-api/contracts/list?page=1', monitorId, etag);
    expect(after.statusCode, `peeked ${peeked}, ${etag}`).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().data).toBeDefined();
    expect(
      (await get('/public-api/contracts/list?page=1', monitorId, after.headers.etag as string)).statusCode,
    ).toBe(304);
  });

  it('a POST list carries no ETag; a wrong or empty If-None-Match gets the answer', async () => {
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/contracts/filtered-list?page=1',
      headers: { 'x-current-organization-id': monitorId },
      payload: { filters: {} },
    });
    expect(post.statusCode).toBe(200);
    expect(post.headers.etag).toBeUndefined();
    expect((await get('/public-api/contracts/totals', monitorId, '"otro"')).statusCode).toBe(200);
  });

  /** Asks again with the answer's ETag: 304 from memory (no organization read, no database). */
  const revalidatesFromMemory = async (url: string, etag: string, organization = monitorId) => {
    const lookups = vi.spyOn(ctx.app.deps.organizations, 'get');
    const caughtUp = vi.spyOn(ctx.app.deps.events, 'caughtUp');
    try {
      const again = await get(url, organization, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.headers.etag).toBe(etag);
      expect(lookups).not.toHaveBeenCalled();
      expect(caughtUp).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
      caughtUp.mockRestore();
    }
  };

  it("a contract page is kept and revalidated until its data or its documents' copies change", async () => {
    const { db } = ctx.database;
    const url = `/public-api/contracts/detail?id=${contractId}`;
    const link = 'https://transparencia.example.gob.mx/contratos/copias-etag.pdf';
    await db.execute(sql`UPDATE contracts SET contract_url = ${link} WHERE id = ${contractId}`);
    await db.execute(
      sql`INSERT INTO document_sources (id, organization_id, url, host, state, next_check_at)
          VALUES (gen_random_uuid(), ${monitorId}, ${link}, 'transparencia.example.gob.mx', 'PENDING', 'infinity')`,
    );
    await ctx.app.deps.events.caughtUp('organizations');
    const first = await get(url, monitorId);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+\.[0-9a-f-]{36}\.\d+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    const contractCopy = (answer: typeof first) =>
      answer
        .json()
        .data.documentBackups.find((backup: { document: string }) => backup.document === 'CONTRACT');
    expect(contractCopy(first)).toMatchObject({ state: 'PENDING', lastCheckedAt: null });
    await revalidatesFromMemory(url, etag);

    // A claim (lease only) changes nothing a visitor sees: the ETag holds.
    await db.execute(sql`UPDATE document_sources SET lease_until = now() WHERE url = ${link}`);
    await ctx.app.deps.events.caughtUp('copies');
    expect((await get(url, monitorId, etag)).statusCode).toBe(304);

    // The backup runner checks the document and fails: the page says so, under a new ETag.
    await db.execute(
      sql`UPDATE document_sources SET state = 'FAILED', reason = 'NOT_FOUND', last_checked_at = now() WHERE url = ${link}`,
    );
    await ctx.app.deps.events.caughtUp('copies');
    // Heard on a channel of its own: the monitor's row, which every request reads, stays kept.
    expect(ctx.app.deps.organizations.peek(monitorId)).toBeDefined();
    const checked = await get(url, monitorId, etag);
    expect(checked.statusCode).toBe(200);
    expect(checked.headers.etag).not.toBe(etag);
    expect(contractCopy(checked)).toMatchObject({ state: 'FAILED', reason: 'NOT_FOUND' });
    expect(contractCopy(checked).lastCheckedAt).not.toBeNull();
    await revalidatesFromMemory(url, checked.headers.etag as string);

    // Another monitor's copies do not touch this page's ETag.
    const otherBefore = await get('/public-api/contracts/totals', otherId);
    expect((await get(url, monitorId, checked.headers.etag as string)).statusCode).toBe(304);
    expect(otherBefore.statusCode).toBe(200);

    // A contract that is not the monitor's is a 404, never kept.
    const missing = await get(
      '/public-api/contracts/detail?id=0190b0a4-0000-7000-8000-000000000000',
      monitorId,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it("a supplier's page (its GET form) is revalidated by the data version; the POST form is not kept", async () => {
    const [supplier] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`SELECT supplier_id AS id FROM contracts WHERE organization_id = ${monitorId} AND supplier_id IS NOT NULL LIMIT 1`,
    );
    const url = `/public-api/suppliers/detail?id=${supplier!.id}`;
    const first = await get(url, monitorId);
    expect(first.statusCode).toBe(200);
    await revalidatesFromMemory(url, first.headers.etag as string);
    // Its more contracts and its lost bids, page by page, likewise.
    for (const more of [
      `/public-api/suppliers/detail/contracts?id=${supplier!.id}&procedureType=NO_BID&page=1`,
      `/public-api/suppliers/detail/bids?id=${supplier!.id}&page=1`,
    ]) {
      const answer = await get(more, monitorId);
      expect(answer.statusCode, more).toBe(200);
      await revalidatesFromMemory(more, answer.headers.etag as string);
    }
    const post = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'x-current-organization-id': monitorId },
      payload: { filters: {} },
    });
    expect(post.statusCode).toBe(200);
    expect(post.headers.etag).toBeUndefined();
    expect(post.json().data).toEqual(first.json().data);
  });

  it('the index is revalidated until its calculations, its data or its default period change', async () => {
    const url = `/public-api/comparations/corruption-index?id=${monitorId}`;
    const first = await get(url, monitorId);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+\.[0-9a-f-]{36}\.i\d+\.\d+\.[\w-]+"$/);
    // Named by ?id= alone, without the header, as the original's clients ask.
    const lookups = vi.spyOn(ctx.app.deps.organizations, 'get');
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(lookups).not.toHaveBeenCalled();
    lookups.mockRestore();

    const { db } = ctx.database;
    await db.execute(
      sql`UPDATE calculations SET name = name || ' (revisado)' WHERE organization_id = ${monitorId} AND id = (
            SELECT id FROM calculations WHERE organization_id = ${monitorId} AND deleted_at IS NULL LIMIT 1)`,
    );
    await ctx.app.deps.events.caughtUp('organizations');
    const changed = await get(url, monitorId, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await revalidatesFromMemory(url, changed.headers.etag as string);

    await db.execute(
      sql`UPDATE organizations SET default_administration_period = '1999-2001' WHERE id = ${monitorId}`,
    );
    await ctx.app.deps.events.caughtUp('organizations');
    const otherPeriod = await get(url, monitorId, changed.headers.etag as string);
    expect(otherPeriod.statusCode).toBe(200);
    expect(otherPeriod.headers.etag).not.toBe(changed.headers.etag);
  });

  it('the other public answers carry an ETag of their bytes: the same answer is 304, a changed one is sent', async () => {
    const url = '/public-api/organizations/list';
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"c\.[\w-]{27}"$/);
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Compressed for the visitor, the same tag (of the text) holds.
    const compressed = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': etag, 'accept-encoding': 'br' },
    });
    expect(compressed.statusCode).toBe(304);
    await ctx.database.db.execute(
      sql`UPDATE organizations SET name = name || ' (renombrado)' WHERE id = ${otherId}`,
    );
    await ctx.app.deps.events.caughtUp('organizations');
    const renamed = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(etag);
    expect(renamed.body).toContain('(renombrado)');
  });

  it("the administration's answers are private and never kept", async () => {
    const token = await signIn(
      ctx.app,
      (await createUser(ctx.database.db, { permissions: ['CONTRACTS'] })).email,
    );
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: bearer(token, monitorId),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });
});
