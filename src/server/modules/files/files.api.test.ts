import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFile, createOrganization } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('GET /public-api/files/image/:id', () => {
  let ctx: TestContext;
  let coverId: string;
  let backupId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    const organization = await createOrganization(db);
    coverId = (await createFile(db, { organizationId: organization.id })).id;
    backupId = (
      await createFile(db, {
        organizationId: organization.id,
        kind: 'DOCUMENT_BACKUP',
        mimeType: 'text/html',
        filename: 'contrato.html',
        data: Buffer.from('<script>alert(1)</script>'),
      })
    ).id;
  });
  afterAll(() => ctx.close());

  it('serves a cover image so that an SVG can never run script on our origin', async () => {
    const response = await ctx.app.inject(`/public-api/files/image/${coverId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toContain('immutable');
    const again = await ctx.app.inject({
      url: `/public-api/files/image/${coverId}`,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('streams a large image out whole, with its length and the same headers', async () => {
    const { db } = ctx.database;
    const organization = await createOrganization(db);
    const data = Buffer.concat([PNG_SIGNATURE, randomBytes(3 * 1024 * 1024)]);
    const { id } = await createFile(db, {
      organizationId: organization.id,
      mimeType: 'image/png',
      filename: 'portada.png',
      data,
    });
    const response = await ctx.app.inject(`/public-api/files/image/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(data.length));
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toBe(`"${createHash('sha256').update(data).digest('hex')}"`);
    expect(response.rawPayload.equals(data)).toBe(true);

    const head = await ctx.app.inject({ method: 'HEAD', url: `/public-api/files/image/${id}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(data.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('never serves other stored files (document backups, uploads) as images', async () => {
    const response = await ctx.app.inject(`/public-api/files/image/${backupId}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<script>');
  });

  it('downloads a backed-up document only as an attachment that cannot run on our origin', async () => {
    const response = await ctx.app.inject(`/public-api/files/download/${backupId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe('attachment; filename="contrato.html"');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-length']).toBe('25');
    expect(response.body).toBe('<script>alert(1)</script>');
    // A cover is not a document backup.
    expect((await ctx.app.inject(`/public-api/files/download/${coverId}`)).statusCode).toBe(404);
  });

  it('answers unknown and malformed ids with 404', async () => {
    expect(
      (await ctx.app.inject('/public-api/files/image/0192aaaa-0000-7000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject('/public-api/files/image/undefined')).statusCode).toBe(404);
    expect((await ctx.app.inject('/public-api/files/image/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});
