import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { DownloadGate } from './gate';

function refusal(action: () => unknown): AppError {
  try {
    action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('DownloadGate', () => {
  it('lets one address have only its share of downloads, and frees it when they end', () => {
    const gate = new DownloadGate({ perAddress: 2, pdfWorkers: 2, pdfQueue: 4 });
    const first = gate.admit('198.51.100.7', false);
    gate.admit('198.51.100.7', true);
    const refused = refusal(() => gate.admit('198.51.100.7', false));
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe('Ya tienes descargas en curso. Espera a que terminen e intenta nuevamente.');
    expect(refused.retryAfterSeconds).toBe(10);
    // Another address is not affected.
    expect(() => gate.admit('203.0.113.9', false)).not.toThrow();
    first.release();
    first.release(); // twice counts once
    expect(() => gate.admit('198.51.100.7', false)).not.toThrow();
    expect(refusal(() => gate.admit('198.51.100.7', false)).statusCode).toBe(429);
  });

  it('refuses PDFs past the builders and the line with a 503 in Spanish', () => {
    const gate = new DownloadGate({ perAddress: 10, pdfWorkers: 1, pdfQueue: 1 });
    gate.admit('a', true);
    const second = gate.admit('b', true);
    const refused = refusal(() => gate.admit('c', true));
    expect(refused.statusCode).toBe(503);
    expect(refused.message).toBe('Hay muchas descargas en curso, intenta en un momento.');
    // Streamed formats do not wait in the PDF line.
    expect(() => gate.admit('c', false)).not.toThrow();
    second.release();
    expect(() => gate.admit('c', true)).not.toThrow();
  });

  it('builds the smaller document first when PDFs wait', async () => {
    const gate = new DownloadGate({ perAddress: 10, pdfWorkers: 1, pdfQueue: 5 });
    const ticket = gate.admit('a', true);
    const started: string[] = [];
    const busy = await ticket.pdfTurn(10_000);
    const big = ticket.pdfTurn(10_000).then((done) => {
      started.push('grande');
      return done;
    });
    const small = ticket.pdfTurn(12).then((done) => {
      started.push('pequeño');
      return done;
    });
    busy();
    (await small)();
    (await big)();
    expect(started).toEqual(['pequeño', 'grande']);
  });

  it('takes a cancelled download out of the line', async () => {
    const gate = new DownloadGate({ perAddress: 10, pdfWorkers: 1, pdfQueue: 5 });
    const ticket = gate.admit('a', true);
    const busy = await ticket.pdfTurn(1);
    const controller = new AbortController();
    const cancelled = ticket.pdfTurn(1, controller.signal);
    const next = ticket.pdfTurn(5);
    controller.abort(new Error('se fue'));
    await expect(cancelled).rejects.toThrow('se fue');
    busy();
    const done = await next;
    done();
    // The builder is free again: a new turn starts at once.
    (await ticket.pdfTurn(1))();
  });
});
