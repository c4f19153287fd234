import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBatchRows, nextTurn } from '../lib/event-loop';
import { contractConditions } from '../modules/contracts/contract-filters.repository';
import { streamContracts } from '../modules/contracts/contracts.repository';
import { seedGeneratedMonitor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Exports never hold the event loop for long (on the embedded database every query runs on the
 * main thread): rows are read a batch at a time with a turn of the loop in between, so other
 * requests and a stop signal are served while a large file streams.
 */
describe('downloads and the event loop', () => {
  let ctx: TestContext;
  let organizationId: string;
  let base = '';
  let closed = false;
  const CONTRACTS = 3_000;

  beforeAll(async () => {
    ctx = await createTestApp();
    const seeded = await seedGeneratedMonitor(ctx.database.db, { contracts: CONTRACTS, suppliers: 40 });
    organizationId = seeded.organization.id;
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 120_000);
  afterAll(async () => {
    if (!closed) await ctx.app.close();
    await ctx.database.close();
  });

  it('reads the rows of an export a batch at a time, with a turn of the loop between batches', async () => {
    let turns = 0;
    let ticking = true;
    const tick = (): void => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const where = await contractConditions(ctx.database.db, organizationId, {});
    const batch = exportBatchRows(ctx.database);
    let rows = 0;
    let sameTurn = 0;
    let longest = 0;
    let seen = turns;
    try {
      for await (const _row of streamContracts(ctx.database.db, where, batch)) {
        rows += 1;
        sameTurn = turns === seen ? sameTurn + 1 : 1;
        seen = turns;
        longest = Math.max(longest, sameTurn);
      }
    } finally {
      ticking = false;
    }
    expect(rows).toBe(CONTRACTS);
    // Never more than one batch without the loop moving.
    expect(longest).toBeLessThanOrEqual(batch);
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(CONTRACTS / batch) - 1);
  });

  it('answers a light request while a large JSON download streams', async () => {
    const download = await fetch(`${base}/public-api/contracts/download/json?organization=${organizationId}`);
    expect(download.status).toBe(200);
    let ended = false;
    const body = download.text().then((text) => {
      ended = true;
      return text;
    });
    const live = await fetch(`${base}/health/live`);
    expect(live.status).toBe(200);
    expect(ended).toBe(false);
    expect(JSON.parse(await body).contracts).toHaveLength(CONTRACTS);
  });

  it('answers a request that reached the server before the stop, and finishes the download in flight', async () => {
    const download = await fetch(`${base}/public-api/contracts/download/xls?organization=${organizationId}`);
    expect(download.status).toBe(200);
    const downloaded = download.arrayBuffer();
    // A client in another thread sends its request while this thread is busy (as a long
    // synchronous stretch of work would keep it), then the stop arrives: both are seen together.
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const client = new Worker(
      `
      const net = require('node:net');
      const { workerData, parentPort } = require('node:worker_threads');
      const socket = net.connect(workerData.port, '127.0.0.1', () => {
        socket.write('GET /health/live HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n', () => {
          Atomics.store(workerData.flag, 0, 1);
          Atomics.notify(workerData.flag, 0);
        });
      });
      let answer = '';
      socket.on('data', (chunk) => { answer += chunk; });
      socket.on('close', () => parentPort.postMessage(answer));
      socket.on('error', (error) => parentPort.postMessage('error ' + error.message));
      `,
      { eval: true, workerData: { port: Number(new URL(base).port), flag } },
    );
    const answer = new Promise<string>((resolve) => client.once('message', resolve));
    await new Promise((resolve) => client.once('online', resolve));
    Atomics.wait(flag, 0, 0);
    const closing = ctx.app.close().then(() => {
      closed = true;
    });
    expect(await answer).toMatch(/^HTTP\/1\.1 200/);
    expect((await downloaded).byteLength).toBeGreaterThan(0);
    await closing;
    await client.terminate();
    await nextTurn();
  });
});
