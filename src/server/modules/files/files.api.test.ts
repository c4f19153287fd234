import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFile, createOrganization } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

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
