import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGeneratedMonitor } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Downloads carry the same rows and totals as the screens, and every sum can be re-done from the rows. */
describe('public downloads', () => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  let supplierId: string;
  const filters = { administrationPeriods: ['2021-2024'] };
  const query = `filters=${encodeURIComponent(JSON.stringify(filters))}`;

  beforeAll(async () => {
    ctx = await createTestApp({ now: () => new Date('2026-11-22T05:00:00Z') });
    const seeded = await seedGeneratedMonitor(ctx.database.db, { contracts: 600, suppliers: 30 });
    headers = { 'x-current-organization-id': seeded.organization.id };
    supplierId = seeded.suppliers[0]!.id;
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ url, headers });
  const post = async (url: string, payload: object) =>
    (await ctx.app.inject({ method: 'POST', url, payload, headers })).json();
  async function workbook(body: Buffer) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body as unknown as ArrayBuffer);
    return book;
  }
  const cellText = (value: ExcelJS.CellValue) =>
    typeof value === 'object' && value !== null && 'text' in value ? String(value.text) : String(value ?? '');

  it("contracts XLSX: every filtered row, the filters, and sums that add up to the screen's tiles", async () => {
    const response = await get(`/public-api/contracts/download/xls?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    // The Mexico City day of the request, in ISO form, ASCII only.
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="vigia-contratos-2026-11-21.xlsx"',
    );
    const screen = await post('/public-api/contracts/filtered-list?page=1', { filters });
    const book = await workbook(response.rawPayload);
    const summary = book.getWorksheet('Resumen')!;
    const texts = summary
      .getSheetValues()
      .flat()
      .map((value) => cellText(value as ExcelJS.CellValue))
      .join(' | ');
    expect(texts).toContain('Contratos');
    expect(texts).toContain('Administración');
    expect(texts).toContain('2021-2024');
    const sheet = book.getWorksheet('Contratos')!;
    const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).map(cellText);
    const amount = header.indexOf('MONTO TOTAL O MÁXIMO');
    const counts = header.indexOf('CUENTA EN LAS SUMAS');
    const type = header.indexOf('TIPO DE PROCEDIMIENTO');
    expect(sheet.rowCount - 1).toBe(screen.data.total);
    let total = 0;
    let noBid = 0;
    sheet.eachRow((row, number) => {
      if (number === 1 || row.getCell(counts).value !== 'Sí') return;
      const value = Number(row.getCell(amount).value ?? 0);
      total += value;
      if (row.getCell(type).value === 'Adjudicación Directa') noBid += value;
    });
    expect(total).toBeCloseTo(screen.data.totals.totalAmount, 2);
    expect(noBid).toBeCloseTo(screen.data.totals.NO_BID, 2);
    expect(sheet.getRow(2).getCell(amount).numFmt).toContain('$');
  });

  it('contracts JSON: the same rows and totals as the list', async () => {
    const response = await get(`/public-api/contracts/download/json?${query}`);
    expect(response.headers['content-disposition']).toContain('vigia-contratos-2026-11-21.json');
    const body = response.json();
    const screen = await post('/public-api/contracts/filtered-list?page=1', { filters });
    expect(body.totals).toEqual(screen.data.totals);
    expect(body.contracts).toHaveLength(screen.data.total);
    expect(body.contracts.slice(0, 10)).toEqual(screen.data.docs);
    expect(body.filters).toEqual([{ label: 'Administración', values: ['2021-2024'] }]);
  });

  it('contracts PDF: a real PDF document', async () => {
    const response = await get(`/public-api/contracts/download/pdf?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('suppliers XLSX: one row per supplier whose totals add up to the TOTAL row', async () => {
    const response = await get(`/public-api/suppliers/download/xls?${query}`);
    expect(response.headers['content-disposition']).toContain('vigia-proveedores-2026-11-21.xlsx');
    const screen = await post('/public-api/suppliers/filtered-list?page=1', { filters });
    const sheet = (await workbook(response.rawPayload)).getWorksheet('Proveedores')!;
    expect(sheet.rowCount - 1).toBe(screen.data.total);
    let total = 0;
    sheet.eachRow((row, number) => {
      if (number > 1) total += Number(row.getCell(6).value);
    });
    expect(total).toBeCloseTo(screen.data.totals.total, 2);
    expect(cellText(sheet.getRow(2).getCell(1).value)).toBe(screen.data.docs[0].name);
  });

  it("supplier detail JSON and XLSX: the supplier's contracts with its totals", async () => {
    const json = (await get(`/public-api/suppliers/download-detail/${supplierId}/json?${query}`)).json();
    const detail = await post(`/public-api/suppliers/detail?id=${supplierId}`, { filters });
    expect(json.totals).toEqual(detail.data.totals);
    expect(json.contracts).toHaveLength(detail.data.totals.count);
    const xlsx = await get(`/public-api/suppliers/download-detail/${supplierId}/xls?${query}`);
    expect(xlsx.headers['content-disposition']).toContain('vigia-proveedores-detalle-2026-11-21.xlsx');
    const sheet = (await workbook(xlsx.rawPayload)).getWorksheet('Contratos')!;
    expect(sheet.rowCount - 1).toBe(detail.data.totals.count);
    // Rows in the page's order: public tender, invitation, direct award; newest first in each.
    const order = { PUBLIC: 0, INVITATION: 1, NO_BID: 2 } as const;
    const keys = json.contracts.map(
      (contract: { procedureType: keyof typeof order; contractDate: string | null }) => [
        order[contract.procedureType],
        contract.contractDate ?? '',
      ],
    );
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0));
    expect(keys).toEqual(sorted);
    expect(
      json.contracts.slice(0, detail.data.public.docs.length).map((c: { _id: string }) => c._id),
    ).toEqual(detail.data.public.docs.map((c: { _id: string }) => c._id));
    // The summary's counts are those of the page: every listed contract, and those in the sums.
    const texts = (await workbook(xlsx.rawPayload))
      .getWorksheet('Resumen')!
      .getSheetValues()
      .flat()
      .map((value) => cellText(value as ExcelJS.CellValue));
    const figure = (label: string) => texts[texts.indexOf(label) + 1];
    expect(Number(figure('Contratos listados'))).toBe(detail.data.totals.count);
    expect(Number(figure('Contratos por adjudicación directa'))).toBe(detail.data.totals.noBidCount);
  });

  it('accepts the monitor in ?organization= so a plain link can start a download', async () => {
    const response = await ctx.app.inject(
      `/public-api/contracts/download/json?${query}&organization=${headers['x-current-organization-id']}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().contracts.length).toBeGreaterThan(0);
    const unknown = await ctx.app.inject(
      '/public-api/contracts/download/json?organization=0192aaaa-0000-7000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses unknown formats and malformed filters before sending anything', async () => {
    const format = await get('/public-api/contracts/download/csv');
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toContain('El formato de descarga debe ser pdf, xls o json.');
    const notJson = await get('/public-api/contracts/download/xls?filters=%7Bnope');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toContain('Los filtros no son un JSON válido.');
    const badFilter = await get(
      `/public-api/suppliers/download/json?filters=${encodeURIComponent('{"trimonths":["9o 2020"]}')}`,
    );
    expect(badFilter.statusCode).toBe(400);
    const unknownSupplier = await get(
      '/public-api/suppliers/download-detail/0192aaaa-0000-7000-8000-000000000000/json',
    );
    expect(unknownSupplier.statusCode).toBe(404);
  });
});
