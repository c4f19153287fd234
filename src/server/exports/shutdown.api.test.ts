import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGeneratedMonitor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * A stop (SIGTERM → app.close()) while a visitor downloads: the download that was already under
 * way is finished, whole, before the server closes (issue: it was cut or answered 503).
 */
describe('stopping during a download', () => {
  let ctx: TestContext;
  let organizationId: string;
  let closed = false;

  beforeAll(async () => {
    ctx = await createTestApp();
    const seeded = await seedGeneratedMonitor(ctx.database.db, { contracts: 3_000, suppliers: 40 });
    organizationId = seeded.organization.id;
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(async () => {
    if (!closed) await ctx.app.close();
    await ctx.database.close();
  });

  it('finishes the XLSX in flight, then closes', async () => {
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}/public-api/contracts`;
    const response = await fetch(`${base}/download/xls?organization=${organizationId}`);
    expect(response.status).toBe(200);
    // The file has started; now the process is told to stop.
    const closing = ctx.app.close().then(() => {
      closed = true;
    });
    const body = Buffer.from(await response.arrayBuffer());
    await closing;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body as unknown as ArrayBuffer);
    expect(book.getWorksheet('Contratos')!.rowCount - 1).toBe(3_000);
    // Within the shutdown time: the connection is not left idling until its keep-alive (72 s) ends.
  }, 30_000);
});
