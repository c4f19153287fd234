import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentBackup } from '../../../shared/schemas/backups';
import { queryRows } from '../../db/client';
import { documentAttempts, documentSources } from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
import { contractEntry, createOrganization, createSupplier, createUnit } from '../../test/factories';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';
import { runBackups } from './backup-runner';
import { claimDue, nextDueAt } from './backups.repository';

/** A one-page PDF, a 1×1 PNG: real documents by their first bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Backup copies against a document server on loopback (allow-listed): PDFs, images, a web page,
 * 404s, a slow answer, a file past the size cap, a redirect to a private address, a document that changes and
 * one that disappears. Each outcome is recorded; copies are kept once, versioned, retried, served
 * as attachments, and out of reach of other monitors.
 */
describe('backup copies of contract documents', () => {
  let ctx: TestContext;
  let server: http.Server;
  let base: string;
  let monitor: string;
  let other: string;
  let token: string;
  let unit: string;
  let supplier: string;
  const hits = new Map<string, number>();
  let active = 0;
  let mostActive = 0;
  let changing = 1;
  let vanished = false;
  let slowIsFast = false;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      active += 1;
      mostActive = Math.max(mostActive, active);
      response.on('close', () => {
        active -= 1;
      });
      const send = (status: number, body: Buffer | string, headers: Record<string, string> = {}) =>
        setTimeout(() => response.writeHead(status, headers).end(body), 40);
      switch (path) {
        case '/docs/contrato.pdf':
          if (request.headers['if-none-match'] === '"v1"') return send(304, '');
          return send(200, PDF, { 'content-type': 'application/octet-stream', etag: '"v1"' });
        case '/docs/foto.png':
          // The header lies: the type is read from the bytes.
          return send(200, PNG, { 'content-type': 'text/html' });
        case '/docs/pagina':
          return send(200, '<!doctype html><html><body>Portal</body></html>', {
            'content-type': 'application/pdf',
          });
        case '/docs/cambia.pdf':
          return send(200, Buffer.concat([PDF, Buffer.from(`% version ${changing}\n`)]));
        case '/docs/desaparece.pdf':
          return vanished ? send(404, 'no') : send(200, Buffer.concat([PDF, Buffer.from('% desaparece\n')]));
        case '/docs/lento.pdf':
          if (slowIsFast) return send(200, Buffer.concat([PDF, Buffer.from('% lento\n')]));
          return; // never answers
        case '/docs/enorme.pdf': {
          // 6 MB against a cap of 4 (set below), chunked (no length announced): the cap holds
          // while reading. (Small enough that a busy machine reads past the cap well within the deadline.)
          response.writeHead(200, { 'content-type': 'application/pdf' });
          const chunk = Buffer.alloc(1024 * 1024, 32);
          let sent = 0;
          const pump = () => {
            while (sent < 6) {
              sent += 1;
              if (!response.write(sent === 1 ? Buffer.concat([PDF, chunk]) : chunk))
                return response.once('drain', pump);
            }
            response.end();
          };
          return pump();
        }
        case '/docs/espacio.pdf':
          return send(200, Buffer.concat([PDF, Buffer.from('% espacio\n')]));
        case '/docs/privado':
          return send(302, '', { location: 'http://169.254.169.254/latest/meta-data/' });
        default:
          return send(404, 'no');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const config = testConfig();
    ctx = await createTestApp({
      config: {
        peers: { allowPrivate: ['127.0.0.1/32'], timeoutMs: 3_000 },
        backups: {
          ...config.backups,
          hostPauseMs: 0,
          timeoutMs: 8_000,
          hostConcurrency: 2,
          concurrency: 8,
          maxBytes: 4 * 1024 * 1024,
        },
        rateLimits: { ...config.rateLimits, loginPer15Minutes: 1_000 },
      },
    });
    const { db } = ctx.database;
    monitor = (await createOrganization(db)).id;
    other = (await createOrganization(db)).id;
    token = await signIn(ctx.app, (await createUser(db, { administratorType: 'GENERAL' })).email);
    unit = (await createUnit(db, monitor)).id;
    supplier = (await createSupplier(db, monitor)).id;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, organization = monitor, as = token) =>
    ctx.app.inject({ method, url, headers: bearer(as, organization), ...(payload ? { payload } : {}) });

  async function saveContract(
    links: Record<string, string | null>,
    organization = monitor,
    names = { unit, supplier },
  ) {
    const response = await call('POST', '/api/contracts/save', contractEntry(names, links), organization);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }
  const run = () => runBackups(ctx.app.deps, { budgetMs: 20_000 });
  const detail = async (id: string, organization = monitor) =>
    (
      await ctx.app.inject({
        url: `/public-api/contracts/detail?id=${id}`,
        headers: { 'x-current-organization-id': organization },
      })
    ).json().data;
  const byDocument = (data: { documentBackups: DocumentBackup[] }) =>
    Object.fromEntries(data.documentBackups.map((backup) => [backup.document, backup])) as Partial<
      Record<string, DocumentBackup>
    >;

  let first: string;
  let second: string;
  let third: string;

  it('copies the documents a saved contract links to, once each, and records why the others failed', async () => {
    first = await saveContract({
      contractUrl: `${base}/docs/contrato.pdf`,
      announcementUrl: `${base}/docs/foto.png`,
      clarificationMeetingJudgmentUrl: `${base}/docs/pagina`,
      presentationProposalsDocUrl: `${base}/docs/no-existe.pdf`,
    });
    second = await saveContract({
      contractUrl: `  ${base}/docs/contrato.pdf `,
      announcementUrl: `${base}/docs/lento.pdf`,
      clarificationMeetingJudgmentUrl: `${base}/docs/enorme.pdf`,
      presentationProposalsDocUrl: `${base}/docs/privado`,
    });
    third = await saveContract({
      contractUrl: `${base}/docs/cambia.pdf`,
      announcementUrl: `${base}/docs/desaparece.pdf`,
      clarificationMeetingJudgmentUrl: 'www.noexiste.invalid/fallo.pdf',
      presentationProposalsDocUrl: null,
    });
    // Before any copy: pending.
    expect(byDocument(await detail(first)).CONTRACT!.state).toBe('PENDING');

    // Two runs at once (two processes): every document is fetched once, two at a time per host.
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.attempts + b.attempts).toBe(10);
    expect(hits.get('/docs/contrato.pdf')).toBe(1);
    expect(hits.get('/docs/lento.pdf')).toBe(1);
    expect(mostActive).toBeLessThanOrEqual(2);

    const one = byDocument(await detail(first));
    expect(one.CONTRACT).toMatchObject({ state: 'COPIED', reason: null });
    expect(one.CONTRACT!.versions).toEqual([
      expect.objectContaining({ sha256: sha(PDF), mimeType: 'application/pdf' }),
    ]);
    expect(one.ANNOUNCEMENT).toMatchObject({ state: 'COPIED' });
    expect(one.ANNOUNCEMENT!.versions[0]!.mimeType).toBe('image/png');
    expect(one.JUDGMENT).toMatchObject({ state: 'FAILED', reason: 'NOT_DOCUMENT', versions: [] });
    expect(one.PROPOSALS).toMatchObject({ state: 'FAILED', reason: 'GONE' });
    const two = byDocument(await detail(second));
    // The same link in two contracts: one document, one copy.
    expect(two.CONTRACT!.versions[0]!.fileId).toBe(one.CONTRACT!.versions[0]!.fileId);
    expect(two.ANNOUNCEMENT).toMatchObject({ state: 'FAILED', reason: 'TIMEOUT' });
    expect(two.JUDGMENT).toMatchObject({ state: 'FAILED', reason: 'TOO_LARGE' });
    expect(two.PROPOSALS).toMatchObject({ state: 'FAILED', reason: 'NOT_ALLOWED' });
    const three = byDocument(await detail(third));
    // Written without http:// as the sheets do: fetched as http://, from a host that does not exist.
    expect(three.JUDGMENT!.state).toBe('FAILED');
    expect(['NOT_FOUND', 'TIMEOUT']).toContain(three.JUDGMENT!.reason);
    expect(three.PROPOSALS).toBeUndefined();
    // The original's field is the newest copy.
    expect((await detail(first)).contractUrlBackup).toBe(one.CONTRACT!.versions[0]!.fileId);
    // Every attempt is recorded with its outcome.
    const attempts = await ctx.database.db
      .select({ outcome: documentAttempts.outcome, reason: documentAttempts.reason })
      .from(documentAttempts);
    expect(attempts.filter((attempt) => attempt.outcome === 'COPIED')).toHaveLength(4);
    expect(attempts.filter((attempt) => attempt.reason === 'TIMEOUT')).toHaveLength(1);
  });

  it('serves a copy as a download that never renders on our origin', async () => {
    const fileId = byDocument(await detail(first)).CONTRACT!.versions[0]!.fileId;
    const response = await ctx.app.inject({ url: `/public-api/files/download/${fileId}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers['content-disposition']).toBe('attachment; filename="contrato.pdf"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    const png = byDocument(await detail(first)).ANNOUNCEMENT!.versions[0]!.fileId;
    const image = await ctx.app.inject({ url: `/public-api/files/download/${png}` });
    expect(image.headers['content-type']).toBe('application/octet-stream');
    expect(image.headers['content-disposition']).toBe('attachment; filename="foto.png"');
  });

  it('stores the same bytes once across monitors, and keeps each monitor to its own documents', async () => {
    const foreign = await saveContract({ contractUrl: `${base}/docs/contrato.pdf` }, other, {
      unit: (await createUnit(ctx.database.db, other)).id,
      supplier: (await createSupplier(ctx.database.db, other)).id,
    });
    await run();
    const theirs = byDocument(await detail(foreign, other)).CONTRACT!;
    const ours = byDocument(await detail(first)).CONTRACT!;
    expect(theirs.state).toBe('COPIED');
    expect(theirs.versions[0]!.fileId).not.toBe(ours.versions[0]!.fileId);
    const [contents] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM file_contents WHERE sha256 = ${sha(PDF)}`,
    );
    expect(contents!.n).toBe(1);
    // Another monitor's administrator sees and retries only their own documents.
    const ourSources = await ctx.database.db
      .select({ id: documentSources.id })
      .from(documentSources)
      .where(eq(documentSources.organizationId, monitor));
    const retried = await call('POST', '/api/backups/retry', { ids: ourSources.map((row) => row.id) }, other);
    expect(retried.json().data.retried).toBe(0);
    expect((await call('GET', `/api/backups/contract/${first}`, undefined, other)).statusCode).toBe(404);
    // Without the CONTRACTS permission: refused.
    const reader = await signIn(
      ctx.app,
      (await createUser(ctx.database.db, { permissions: ['SUPPLIERS'] })).email,
    );
    expect((await call('GET', '/api/backups/summary', undefined, monitor, reader)).statusCode).toBe(403);
  });

  it('re-checks copies: unchanged costs a 304, a change is a new version, a vanished source keeps its copy', async () => {
    changing = 2;
    vanished = true;
    await ctx.database.db
      .update(documentSources)
      .set({ nextCheckAt: new Date() })
      .where(eq(documentSources.state, 'COPIED'));
    await run();
    const attempts = await ctx.database.db
      .select({ outcome: documentAttempts.outcome, status: documentAttempts.httpStatus })
      .from(documentAttempts)
      .where(eq(documentAttempts.outcome, 'UNCHANGED'));
    expect(attempts).toContainEqual({ outcome: 'UNCHANGED', status: 304 });
    const three = byDocument(await detail(third));
    expect(three.CONTRACT!.versions).toHaveLength(2);
    expect(three.CONTRACT!.versions[0]!.sha256).not.toBe(three.CONTRACT!.versions[1]!.sha256);
    expect(three.ANNOUNCEMENT).toMatchObject({ state: 'COPIED', reason: 'GONE' });
    expect(three.ANNOUNCEMENT!.goneSince).not.toBeNull();
    expect(three.ANNOUNCEMENT!.versions).toHaveLength(1);
    // The copy of a vanished document still downloads.
    const kept = await ctx.app.inject({
      url: `/public-api/files/download/${three.ANNOUNCEMENT!.versions[0]!.fileId}`,
    });
    expect(kept.statusCode).toBe(200);
  });

  it('leaves a document claimed by a process that died until its lease ends, then fetches it once', async () => {
    const id = await saveContract({ contractUrl: `${base}/docs/huerfano.pdf` });
    // Another process claimed it and died: its lease holds the document.
    const [claimed] = await claimDue(ctx.database.db, {
      limit: 10,
      perHost: 2,
      now: new Date(),
      leaseUntil: new Date(Date.now() + 60_000),
    });
    expect(claimed!.url).toBe(`${base}/docs/huerfano.pdf`);
    expect((await run()).attempts).toBe(0);
    expect(hits.get('/docs/huerfano.pdf')).toBeUndefined();
    // The lease ends: the document is due again and fetched once.
    await ctx.database.db
      .update(documentSources)
      .set({ leaseUntil: new Date(Date.now() - 1) })
      .where(eq(documentSources.id, claimed!.id));
    expect((await run()).attempts).toBe(1);
    expect(hits.get('/docs/huerfano.pdf')).toBe(1);
    expect(byDocument(await detail(id)).CONTRACT).toMatchObject({ state: 'FAILED', reason: 'GONE' });
  });

  it('shows administrators the state by reason, retries a failure, and never retries a permanent one by itself', async () => {
    const summary = (await call('GET', '/api/backups/summary')).json().data;
    expect(summary).toMatchObject({
      documents: 11,
      failed: 7,
      failedByReason: expect.objectContaining({ NOT_DOCUMENT: 1, GONE: 2, TOO_LARGE: 1, NOT_ALLOWED: 1 }),
      gone: 1,
    });
    expect(summary.copied).toBe(4);
    expect(summary.bytes).toBeGreaterThan(0);
    const failed = (await call('GET', '/api/backups/documents?state=FAILED&reason=TIMEOUT')).json().data;
    failed.docs = failed.docs.filter((doc: { url: string }) => doc.url.endsWith('lento.pdf'));
    expect(failed.docs).toHaveLength(1);
    expect(failed.docs[0]).toMatchObject({ url: `${base}/docs/lento.pdf`, failures: 1 });
    // Tried again in about an hour; a permanent outcome not until someone asks.
    const waitHours = (Date.parse(failed.docs[0].nextCheckAt) - Date.now()) / 3_600_000;
    expect(waitHours).toBeGreaterThan(0.9);
    const copied = (await call('GET', '/api/backups/documents?state=COPIED')).json().data.docs;
    expect(copied.find((doc: { url: string }) => doc.url.endsWith('cambia.pdf'))).toMatchObject({
      versions: 2,
      size: PDF.length + '% version 2\n'.length,
    });
    const large = (await call('GET', '/api/backups/documents?reason=TOO_LARGE')).json().data.docs[0];
    expect(large.nextCheckAt).toBeNull();

    slowIsFast = true;
    const retried = await call('POST', '/api/backups/retry', { ids: [failed.docs[0]._id] });
    expect(retried.json()).toMatchObject({ message: 'Se pidió de nuevo 1 documento.', data: { retried: 1 } });
    await run();
    const now = byDocument(await detail(second)).ANNOUNCEMENT!;
    expect(now.state).toBe('COPIED');
    const contract = (await call('GET', `/api/backups/contract/${second}`)).json().data;
    expect(contract.map((item: { document: string; state: string }) => [item.document, item.state])).toEqual([
      ['CONTRACT', 'COPIED'],
      ['ANNOUNCEMENT', 'COPIED'],
      ['JUDGMENT', 'FAILED'],
      ['PROPOSALS', 'FAILED'],
    ]);
    // Every failed one at once: permanent outcomes too, since someone asked.
    const all = await call('POST', '/api/backups/retry', {});
    expect(all.json().data.retried).toBe(6);
    const before = hits.get('/docs/pagina') ?? 0;
    await run();
    expect(hits.get('/docs/pagina')).toBe(before + 1);
  });

  it('keeps a monitor within its space: past the quota a copy waits and says why', async () => {
    const settings = ctx.app.deps.config.backups;
    const quota = settings.quotaBytes;
    // The copies stored so far already fill it.
    settings.quotaBytes = 1;
    try {
      const id = await saveContract({ contractUrl: `${base}/docs/espacio.pdf` });
      await run();
      expect(byDocument(await detail(id)).CONTRACT).toMatchObject({ state: 'FAILED', reason: 'QUOTA' });
    } finally {
      settings.quotaBytes = quota;
    }
  });

  it('waits for a busy host instead of asking again: the next claim is due when its lease ends', async () => {
    await saveContract({ contractUrl: `${base}/docs/ocupado.pdf` });
    // Far enough ahead that every document kept here is due, whatever the tests before left.
    const later = new Date(Date.now() + 400 * 24 * 60 * 60 * 1000);
    expect((await nextDueAt(ctx.database.db, later))!.getTime()).toBeLessThanOrEqual(later.getTime());
    // Downloads (or the pauses after them) hold a document of every host: a claim finds nothing
    // more until a lease ends, so that is when the runner looks again.
    const leaseEnd = new Date(later.getTime() + 60_000);
    const held: string[] = [];
    try {
      for (;;) {
        const claimed = await claimDue(ctx.database.db, {
          limit: 1,
          perHost: 1,
          now: later,
          leaseUntil: leaseEnd,
        });
        if (claimed.length === 0) break;
        held.push(...claimed.map((source) => source.id));
      }
      expect(held.length).toBeGreaterThan(0);
      expect(await nextDueAt(ctx.database.db, later)).toEqual(leaseEnd);
    } finally {
      await ctx.database.db
        .update(documentSources)
        .set({ leaseUntil: null })
        .where(inArray(documentSources.id, held));
    }
  });
});
