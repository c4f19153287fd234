import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_MESSAGES } from '../../../shared/constants/downloads';
import { fileChunks, fileContents, files } from '../../db/schema';
import { fileStore } from '../../lib/file-store';
import { createOrganization } from '../../test/factories';
import { listenLocally } from '../../test/raw-http';
import { createTestApp, type TestContext } from '../../test/test-app';
import { moveCopiesOutOfDatabase } from '../backups/backup-runner';

/** A download whose body the test reads only when it says so (a visitor on a slow line). */
function slowDownload(port: number, url: string) {
  return new Promise<{ status: number; rest(): Promise<Buffer>; abort(): void }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url }, (response) => {
      // No reader yet: the server's writes back up once the socket's buffers are full.
      resolve({
        status: response.statusCode ?? 0,
        rest: async () => {
          const pieces: Buffer[] = [];
          for await (const piece of response) pieces.push(piece as Buffer);
          return Buffer.concat(pieces);
        },
        abort: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

/**
 * Backup copies of documents (up to 50 MB) downloaded by visitors (issue 27): on the embedded
 * database eight parallel downloads of a 49 MB copy were served one after another and a public
 * list waited 33 s, the copy being read from the single embedded connection chunk by chunk. Copies
 * now live on disk there, and every copy download takes one of the address's download places.
 */
describe('downloading backup copies', () => {
  let ctx: TestContext;
  let port: number;
  let organizationId: string;
  // Larger than what the sockets can buffer, so an unread download stays under way.
  const bytes = randomBytes(20 * 1024 * 1024);
  let copyId: string;
  let contentId: string;

  beforeAll(async () => {
    ctx = await createTestApp({ config: { downloads: { perAddress: 2, pdfWorkers: 1, pdfQueue: 2 } } });
    const { db } = ctx.database;
    organizationId = (await createOrganization(db)).id;
    // Stored as the backup runner stores a copy.
    contentId = (
      await fileStore(db, ctx.app.deps.objects).put(bytes, {
        mime: 'application/pdf',
        maxBytes: bytes.length,
      })
    ).id;
    const [file] = await db
      .insert(files)
      .values({ organizationId, kind: 'DOCUMENT_BACKUP', filename: 'contrato.pdf', contentId })
      .returning({ id: files.id });
    copyId = file!.id;
    port = await listenLocally(ctx.app);
  }, 60_000);
  afterAll(() => ctx.close());

  it('refuses a third parallel copy download from one address with the 429 of the other downloads', async () => {
    const first = await slowDownload(port, `/public-api/files/download/${copyId}`);
    const second = await slowDownload(port, `/public-api/files/download/${copyId}`);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await ctx.app.inject({
      url: `/public-api/files/download/${copyId}`,
      remoteAddress: '127.0.0.1',
    });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('10');
    expect(third.json()).toMatchObject({ error: true, message: DOWNLOAD_MESSAGES.perAddress });
    // Another address is served meanwhile, and the address once its downloads are over.
    const other = await ctx.app.inject({
      url: `/public-api/files/download/${copyId}`,
      remoteAddress: '192.0.2.44',
    });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(bytes)).toBe(true);
    expect((await first.rest()).equals(bytes)).toBe(true);
    second.abort();
    // Each served attempt reads the whole 20 MB copy through inject (1-2 s on a busy 2-core machine),
    // longer than expect.poll's default of 1 s.
    await expect
      .poll(async () => (await ctx.app.inject(`/public-api/files/download/${copyId}`)).statusCode, {
        timeout: 15_000,
      })
      .toBe(200);
  });

  it.runIf(process.env.TEST_ENGINE !== 'postgres')(
    'on the embedded database streams a copy from DATA_DIR while public lists answer, without the connection',
    async () => {
      const { db } = ctx.database;
      const download = await slowDownload(port, `/public-api/files/download/${copyId}`);
      expect(download.status).toBe(200);
      const list = await ctx.app.inject('/public-api/organizations/list');
      expect(list.statusCode).toBe(200);
      // Even with the one embedded connection taken for the whole download, the copy comes whole.
      let body: Buffer | undefined;
      await db.transaction(async () => {
        body = await download.rest();
      });
      expect(createHash('sha256').update(body!).digest('hex')).toBe(
        createHash('sha256').update(bytes).digest('hex'),
      );
      // The bytes are a file in DATA_DIR, the database says so.
      const [row] = await db.select().from(fileContents).where(eq(fileContents.id, contentId));
      expect(row!.objectKey).toBe(`disk/contents/${contentId}`);
      expect(existsSync(path.join(ctx.app.deps.config.dataDir, 'files', 'contents', contentId))).toBe(true);
    },
  );

  it.runIf(process.env.TEST_ENGINE !== 'postgres')(
    'moves the copies kept in the embedded database to DATA_DIR, a download under way going on from the file',
    async () => {
      const { db } = ctx.database;
      // Copied before this change: in 512 KiB chunks of the database.
      const old = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2 * 1024 * 1024)]);
      const content = await fileStore(db).put(old, { mime: 'application/pdf', maxBytes: old.length });
      const [file] = await db
        .insert(files)
        .values({ organizationId, kind: 'DOCUMENT_BACKUP', filename: 'previa.pdf', contentId: content.id })
        .returning({ id: files.id });
      const reading = (await fileStore(db, ctx.app.deps.objects).get(content.id))!.stream[
        Symbol.asyncIterator
      ]();
      const first = (await reading.next()).value as Buffer;

      expect(await moveCopiesOutOfDatabase(ctx.app.deps)).toBeGreaterThanOrEqual(1);
      const [row] = await db.select().from(fileContents).where(eq(fileContents.id, content.id));
      expect(row!.objectKey).toBe(`disk/contents/${content.id}`);
      expect(await db.$count(fileChunks, eq(fileChunks.contentId, content.id))).toBe(0);

      const rest: Buffer[] = [];
      for (let piece = await reading.next(); !piece.done; piece = await reading.next())
        rest.push(piece.value);
      expect(Buffer.concat([first, ...rest]).equals(old)).toBe(true);
      const response = await ctx.app.inject(`/public-api/files/download/${file!.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(old)).toBe(true);
    },
  );

  it('still serves a copy kept in the database chunks before copies moved to disk', async () => {
    const { db } = ctx.database;
    const old = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(1024 * 1024)]);
    const content = await fileStore(db).put(old, { mime: 'application/pdf', maxBytes: old.length });
    const [file] = await db
      .insert(files)
      .values({ organizationId, kind: 'DOCUMENT_BACKUP', filename: 'anterior.pdf', contentId: content.id })
      .returning({ id: files.id });
    const response = await ctx.app.inject(`/public-api/files/download/${file!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(old.length));
    expect(response.rawPayload.equals(old)).toBe(true);
  });
});
