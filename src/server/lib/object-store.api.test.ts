import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { count, eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { fileChunks, fileContents, files } from '../db/schema';
import { runBackups } from '../modules/backups/backup-runner';
import { registerDocuments } from '../modules/backups/backups.repository';
import { documentLink } from '../modules/contracts/document-links';
import { insertLoadFile, loadFileBytes } from '../modules/data-load/data-load.repository';
import { createOrganization } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import { fileStore } from './file-store';
import { parseStorageUrl } from './object-store';

/**
 * The object store option (FILE_STORAGE_URL) against a local S3-compatible server started here
 * (s3rver): bytes stream in (multipart past 8 MB) and out, the same bytes are stored once, a file
 * over the limit leaves nothing behind, a content no file uses is deleted with its object, and a
 * backup copy kept there downloads like one kept in the database.
 */
describe('backup copies in an S3-compatible object store', () => {
  let server: S3rver;
  let directory: string;
  let ctx: TestContext;
  let s3: S3Client;
  let endpoint: string;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'vigia-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    ctx = await createTestApp({
      config: {
        fileStorage: parseStorageUrl(`s3://S3RVER:S3RVER@vigia-copias/respaldos?endpoint=${endpoint}`),
        peers: { allowPrivate: ['127.0.0.1/32'], timeoutMs: 3_000 },
      },
    });
    s3 = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const objects = async () =>
    (await s3.send(new ListObjectsV2Command({ Bucket: 'vigia-copias' }))).Contents?.map((item) => item.Key) ??
    [];
  // 12 MB arriving in 1 MB pieces, as a download does.
  const big = Buffer.alloc(12 * 1024 * 1024);
  for (let index = 0; index < big.length; index += 4096) big.writeUInt32LE(index, index);
  const pieces = () =>
    Readable.from(
      Array.from({ length: 12 }, (_, index) => big.subarray(index * 1024 * 1024, (index + 1) * 1024 * 1024)),
    );
  const sha = createHash('sha256').update(big).digest('hex');
  let contentId: string;

  it('streams a document into the bucket, records where it is, and stores the same bytes once', async () => {
    const store = fileStore(ctx.database.db, ctx.app.deps.objects);
    const first = await store.put(pieces(), { mime: 'application/pdf', maxBytes: 50 * 1024 * 1024 });
    expect(first).toMatchObject({ sha256: sha, size: big.length });
    contentId = first.id;
    const [row] = await ctx.database.db.select().from(fileContents).where(eq(fileContents.id, first.id));
    expect(row!.objectKey).toBe(`contents/${first.id}`);
    const [chunks] = await ctx.database.db
      .select({ n: count() })
      .from(fileChunks)
      .where(eq(fileChunks.contentId, first.id));
    expect(chunks!.n).toBe(0);
    expect(await objects()).toEqual([`respaldos/contents/${first.id}`]);
    const again = await store.put(pieces(), { mime: 'application/pdf', maxBytes: 50 * 1024 * 1024 });
    expect(again.id).toBe(first.id);
    expect(await objects()).toHaveLength(1);
  });

  it('refuses a document over the limit and keeps nothing of it', async () => {
    const store = fileStore(ctx.database.db, ctx.app.deps.objects);
    await expect(
      store.put(Readable.from([Buffer.alloc(3 * 1024 * 1024, 1)]), {
        mime: 'application/pdf',
        maxBytes: 1024 * 1024,
      }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await objects()).toHaveLength(1);
  });

  it('serves a copy from the bucket as the download, and deletes an unused content with its object', async () => {
    const organization = await createOrganization(ctx.database.db);
    const [file] = await ctx.database.db
      .insert(files)
      .values({
        organizationId: organization.id,
        kind: 'DOCUMENT_BACKUP',
        filename: 'contrato.pdf',
        contentId,
        sourceUrl: 'https://transparencia.example.org/contrato.pdf',
      })
      .returning();
    const response = await ctx.app.inject({ url: `/public-api/files/download/${file!.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(big.length));
    expect(response.headers['content-disposition']).toBe('attachment; filename="contrato.pdf"');
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(sha);

    const store = fileStore(ctx.database.db, ctx.app.deps.objects);
    expect(await store.deleteIfUnused(contentId)).toBe(false);
    await ctx.database.db.delete(files).where(eq(files.id, file!.id));
    expect(await store.deleteIfUnused(contentId)).toBe(true);
    expect(await objects()).toEqual([]);
  });

  it('keeps the copies the backup runner makes in the bucket', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% copia en el almacén de objetos\n%%EOF\n');
    const documents = http.createServer((_request, response) => response.writeHead(200).end(pdf));
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(documents.address() as AddressInfo).port}/fallo.pdf`;
      const organization = await createOrganization(ctx.database.db);
      await registerDocuments(ctx.database.db, organization.id, [documentLink(url)!]);
      expect((await runBackups(ctx.app.deps, { budgetMs: 20_000 })).copied).toBe(1);
      const [stored] = await ctx.database.db
        .select({ file: files.id, key: fileContents.objectKey })
        .from(files)
        .innerJoin(fileContents, eq(fileContents.id, files.contentId))
        .where(eq(files.organizationId, organization.id));
      expect(stored!.key).toMatch(/^contents\//);
      expect(await objects()).toContain(`respaldos/${stored!.key}`);
      const response = await ctx.app.inject({ url: `/public-api/files/download/${stored!.file}` });
      expect(response.rawPayload.equals(pdf)).toBe(true);
    } finally {
      documents.closeAllConnections();
      await new Promise<void>((resolve) => documents.close(() => resolve()));
    }
  });

  it('reads an uploaded sheet whose bytes a backup copy already keeps in the bucket', async () => {
    // The same bytes are stored once: a sheet a contract links to was copied first.
    const sheet = Buffer.from('PK\u0003\u0004 hoja de contratos también enlazada desde un contrato');
    const mime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const copied = await fileStore(ctx.database.db, ctx.app.deps.objects).put(sheet, {
      mime,
      maxBytes: sheet.length,
    });
    const organization = await createOrganization(ctx.database.db);
    const fileId = await insertLoadFile(ctx.database.db, {
      organizationId: organization.id,
      fileName: 'contratos.xlsx',
      data: sheet,
      mime,
      createdBy: randomUUID(),
    });
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, fileId));
    expect(row!.contentId).toBe(copied.id);
    const bytes = await loadFileBytes(ctx.database.db, ctx.app.deps.objects, fileId);
    expect(Buffer.from(bytes!).equals(sheet)).toBe(true);
  });

  it('reads FILE_STORAGE_URL and names a wrong one', () => {
    expect(
      parseStorageUrl('s3://KEY:SECRETO@copias/vigia?endpoint=http://minio:9000&region=mx-central-1'),
    ).toEqual({
      bucket: 'copias',
      prefix: 'vigia',
      endpoint: 'http://minio:9000',
      region: 'mx-central-1',
      credentials: { accessKeyId: 'KEY', secretAccessKey: 'SECRETO' },
    });
    expect(() => parseStorageUrl('https://copias')).toThrow('s3://');
    expect(() => parseStorageUrl('s3://A_B')).toThrow('bucket');
    expect(loadConfig({ FILE_STORAGE_URL: 's3://copias?region=mx-central-1' }).fileStorage).toMatchObject({
      bucket: 'copias',
      region: 'mx-central-1',
    });
    expect(() => loadConfig({ FILE_STORAGE_URL: 'https://copias' })).toThrow(
      /FILE_STORAGE_URL: must start with s3:\/\/: an S3 address such as s3:\/\//,
    );
  });
});
