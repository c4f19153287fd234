import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BackgroundTasks } from '../lib/background';
import { AppError } from '../lib/errors';
import type { PlaceStore } from '../lib/limiter';
import { DownloadGate, type DownloadLimits } from './gate';

/** Places in memory, as the shared counters keep them (the API tests use the database's). */
function memoryPlaces(): PlaceStore {
  const rows = new Map<string, { token: number; until: Date }>();
  return {
    async claim(keys, token, until, now) {
      const key = keys.find((candidate) => (rows.get(candidate)?.until.getTime() ?? 0) <= now.getTime());
      if (!key) return null;
      rows.set(key, { token, until });
      return key;
    },
    async renew(places, until) {
      for (const place of places) {
        if (rows.get(place.key)?.token === place.token) rows.set(place.key, { token: place.token, until });
      }
    },
    async release(key, token) {
      if (rows.get(key)?.token === token) rows.delete(key);
    },
  };
}

const newGate = (limits: DownloadLimits): DownloadGate =>
  new DownloadGate(
    limits,
    memoryPlaces(),
    () => new Date(),
    new BackgroundTasks(console as unknown as FastifyBaseLogger),
  );

async function refusal(action: () => Promise<unknown>): Promise<AppError> {
  try {
    await action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('DownloadGate', () => {
  it('lets one address have only its share of downloads, and frees it when they end', async () => {
    const gate = newGate({ perAddress: 2, pdfWorkers: 2, pdfQueue: 4 });
    const first = await gate.admit('198.51.100.7', false);
    await gate.admit('198.51.100.7', true);
    const refused = await refusal(() => gate.admit('198.51.100.7', false));
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe('Ya tienes descargas en curso. Espera a que terminen e intenta nuevamente.');
    expect(refused.retryAfterSeconds).toBe(10);
    // Another address is not affected.
    await gate.admit('203.0.113.9', false);
    first.release();
    first.release(); // twice counts once
    await gate.admit('198.51.100.7', false);
    expect((await refusal(() => gate.admit('198.51.100.7', false))).statusCode).toBe(429);
  });

  it('refuses PDFs past the builders and the line with a 503 in Spanish', async () => {
    const gate = newGate({ perAddress: 10, pdfWorkers: 1, pdfQueue: 1 });
    await gate.admit('a', true);
    const second = await gate.admit('b', true);
    const refused = await refusal(() => gate.admit('c', true));
    expect(refused.statusCode).toBe(503);
    expect(refused.message).toBe('Hay muchas descargas en curso, intenta en un momento.');
    // Streamed formats do not wait in the PDF line.
    await gate.admit('c', false);
    second.release();
    await gate.admit('c', true);
  });

  it('builds the smaller document first when PDFs wait', async () => {
    const gate = newGate({ perAddress: 10, pdfWorkers: 1, pdfQueue: 5 });
    const ticket = await gate.admit('a', true);
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
    const gate = newGate({ perAddress: 10, pdfWorkers: 1, pdfQueue: 5 });
    const ticket = await gate.admit('a', true);
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
