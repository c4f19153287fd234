import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGeneratedMonitor } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Downloads are shared fairly (issue: eight anonymous PDFs made a one-page PDF wait 55 s): one
 * address has only a few under way, the line of PDFs is bounded, and refusals say so in Spanish
 * with Retry-After, before any file is built.
 */
describe('download limits', () => {
  let ctx: TestContext;
  let organizationId: string;
  let supplierId: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      config: {
        downloads: { perAddress: 2, pdfWorkers: 1, pdfQueue: 2 },
        publicUrl: 'https://vigia.example.org',
        hasPublicUrl: true,
      },
    });
    const seeded = await seedGeneratedMonitor(ctx.database.db, { contracts: 300, suppliers: 20 });
    organizationId = seeded.organization.id;
    supplierId = seeded.suppliers[0]!.id;
  });
  afterAll(() => ctx.close());

  const download = (url: string, address: string) =>
    ctx.app.inject({ url, remoteAddress: address, headers: { 'x-current-organization-id': organizationId } });

  it('refuses the extra downloads of one address with a 429 in Spanish, and still serves another address', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => download('/public-api/contracts/download/pdf', '198.51.100.7')),
      download('/public-api/suppliers/download/xls', '203.0.113.9'),
    ]);
    const flood = answers.slice(0, 6);
    expect(flood.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    const refused = flood.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('10');
      expect(answer.json()).toMatchObject({
        error: true,
        message: 'Ya tienes descargas en curso. Espera a que terminen e intenta nuevamente.',
      });
      expect(answer.json().requestId).toEqual(expect.any(String));
    }
    expect(answers[6]!.statusCode).toBe(200);
    // Once its downloads are over, the address is served again.
    const again = await download('/public-api/contracts/download/json', '198.51.100.7');
    expect(again.statusCode).toBe(200);
  }, 120_000);

  it('answers 503 with Retry-After past the line of PDFs, and serves again once it moves', async () => {
    const addresses = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5'];
    const answers = await Promise.all(
      addresses.map((address) => download('/public-api/contracts/download/pdf', address)),
    );
    // One building, two waiting; the rest refused at once.
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 503, 503]);
    for (const answer of answers.filter((item) => item.statusCode === 503)) {
      expect(answer.headers['retry-after']).toBe('10');
      expect(answer.json()).toMatchObject({
        error: true,
        code: 'UNAVAILABLE',
        message: 'Hay muchas descargas en curso, intenta en un momento.',
      });
    }
    // The refusals cost nothing lasting: the next PDF is built.
    const later = await download(`/public-api/suppliers/download-detail/${supplierId}/pdf`, '192.0.2.9');
    expect(later.statusCode).toBe(200);
    expect(later.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Each contract's link opens its page at PUBLIC_URL, never the server's own address.
    const pdf = later.rawPayload.toString('latin1');
    expect(pdf).toContain('/URI (https://vigia.example.org/contracts/');
    expect(pdf).not.toContain('localhost');
  }, 120_000);

  it('tells the page how the download ended through the cookie it asked for', async () => {
    const ok = await download('/public-api/contracts/download/json?signal=abc12345', '192.0.2.20');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['set-cookie']).toBe(
      'vigia-download-abc12345=200; Path=/; Max-Age=300; SameSite=Strict',
    );
    const unknown = await download(
      '/public-api/suppliers/download-detail/0192aaaa-0000-7000-8000-000000000000/pdf?signal=def67890',
      '192.0.2.20',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['set-cookie']).toContain('vigia-download-def67890=404');
    // A malformed token sets nothing (and is refused by the schema).
    const bad = await download('/public-api/contracts/download/json?signal=%3Bx', '192.0.2.20');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['set-cookie']).toBeUndefined();
  });
});
