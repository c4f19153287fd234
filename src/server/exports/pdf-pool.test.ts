import { afterEach, describe, expect, it } from 'vitest';
import type { PdfPayload } from './pdf-draw';
import { PdfPool } from './pdf-pool';

function payload(rows: string[][]): PdfPayload {
  return {
    title: 'Contratos',
    consulted: 'Fecha de consulta: 01/03/2024',
    organizationName: 'Municipio de Santa Lucía del Valle',
    product: 'Vigía',
    filters: ['Sin filtros'],
    summary: [],
    sections: [{ title: 'Contratos', columns: [{ header: 'NÚMERO', kind: 'text', width: 10 }], rows }],
  };
}

const small = payload([['CT-1'], ['CT-2']]);

describe('PdfPool', () => {
  let pool: PdfPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('starts a thread on first use and reuses it for the next PDFs', { timeout: 60_000 }, async () => {
    pool = new PdfPool({ size: 2 });
    expect(pool.size).toBe(0);
    for (let i = 0; i < 3; i += 1) {
      const pdf = await pool.render(small);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(pool.started).toBe(1);
    // Two at once use both threads, and no more.
    await Promise.all([pool.render(small), pool.render(small), pool.render(small)]);
    expect(pool.started).toBe(2);
    expect(pool.size).toBe(2);
  });

  it('answers the next PDF after a thread dies', { timeout: 60_000 }, async () => {
    // A document far larger than the thread's heap kills the thread, not the process.
    pool = new PdfPool({ size: 1, heapMb: 48 });
    await pool.render(small);
    const huge = payload(Array.from({ length: 4 }, (_, i) => [`${i} ${'x'.repeat(40_000_000)}`]));
    await expect(pool.render(huge)).rejects.toThrow(/memory|exited/i);
    expect(pool.size).toBe(0);
    const pdf = await pool.render(small);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.started).toBe(2);
  });

  it('ends a thread that runs past its time budget and starts another', { timeout: 60_000 }, async () => {
    pool = new PdfPool({ size: 1, timeoutMs: 1 });
    await expect(pool.render(payload([['CT-1']]))).rejects.toThrow(/longer than 1 ms/);
    expect(pool.size).toBe(0);
  });

  it('retires a thread after its number of PDFs', { timeout: 60_000 }, async () => {
    pool = new PdfPool({ size: 1, maxJobs: 2 });
    for (let i = 0; i < 3; i += 1) await pool.render(small);
    expect(pool.started).toBe(2);
  });

  it('stops drawing when the download is abandoned, and the next PDF gets a fresh thread', {
    timeout: 60_000,
  }, async () => {
    pool = new PdfPool({ size: 1 });
    const controller = new AbortController();
    const drawing = pool.render(
      payload(Array.from({ length: 20_000 }, (_, i) => [`CT-${i}`])),
      controller.signal,
    );
    setImmediate(() => controller.abort(new Error('cancelado')));
    await expect(drawing).rejects.toThrow('cancelado');
    expect((await pool.render(small)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.started).toBe(2);
  });
});
