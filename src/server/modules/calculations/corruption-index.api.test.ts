import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayResult, riskLevel } from '../../../shared/calculations/display';
import { type Database, queryRows } from '../../db/client';
import { calculations } from '../../db/schema';
import { createContract, createOrganization, createUnit, seedGeneratedMonitor } from '../../test/factories';
import { poppler } from '../../test/pdf-text';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * The public index page's call: every monitor has the default index, its numbers are the plain
 * sums over its contracts, a small period says 'Datos insuficientes', and an edit of the method
 * shows on the next request with a new version.
 */
describe('GET /public-api/comparations/corruption-index', () => {
  let ctx: TestContext;
  let db: Database;
  let monitorId: string;
  let period: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    const seeded = await seedGeneratedMonitor(db, { contracts: 900, suppliers: 40 });
    monitorId = seeded.organization.id;
    const [row] = await queryRows<{ period: string }>(
      db,
      sql`SELECT administration_period AS period FROM contracts WHERE organization_id = ${monitorId}
          GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    period = row!.period;
  });
  afterAll(() => ctx.close());

  const index = async (query: string, headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/public-api/comparations/corruption-index?${query}`,
      headers,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('answers the default index of a monitor: the index, its three axes and nine indicators, with their counts', async () => {
    const { status, body } = await index(`id=${monitorId}&administrationPeriod=${period}`);
    expect(status, JSON.stringify(body)).toBe(200);
    const data = body.data;
    expect(data.insufficientData).toBe(false);
    expect(data.administrationPeriod).toBe(period);
    expect(data.administrationPeriods).toContain(period);
    expect(data.axes.map((axis: { name: string }) => axis.name)).toEqual([
      'Manejo de contrataciones',
      'Competencia económica',
      'Transparencia',
    ]);
    expect(data.axes.map((axis: { indicators: unknown[] }) => axis.indicators.length)).toEqual([4, 1, 4]);

    // The plain sums over the contracts that count in the period.
    const [truth] = await queryRows<{
      total: string;
      public: string;
      counted: string;
      without_folio: string;
    }>(
      db,
      sql`SELECT sum(total_or_max_amount) AS total,
                 sum(total_or_max_amount) FILTER (WHERE procedure_type = 'PUBLIC') AS public,
                 count(*) AS counted, count(*) FILTER (WHERE coalesce(contract_id, '') = '') AS without_folio
          FROM contracts WHERE organization_id = ${monitorId} AND deleted_at IS NULL
            AND administration_period = ${period} AND counts_in_totals`,
    );
    const i1 = data.axes[0].indicators[0];
    expect(i1.abbreviation).toBe('$$I1');
    expect(i1.result).toBeCloseTo((Number(truth!.public) / Number(truth!.total)) * 100, 6);
    expect(
      Object.fromEntries(
        i1.variables.map((v: { abbreviation: string; value: number }) => [v.abbreviation, v.value]),
      ),
    ).toEqual({
      $MGLP: Math.round(Number(truth!.public) * 100) / 100,
      $MTG: Math.round(Number(truth!.total) * 100) / 100,
    });
    const i2 = data.axes[0].indicators[1];
    expect(i2.result).toBeCloseTo(100 - (Number(truth!.without_folio) / Number(truth!.counted)) * 100, 6);
    expect(data.concludedContracts).toBe(Number(truth!.counted));

    // The index is the average of the axes, each the average of its indicators (with data).
    const avg = (values: (number | null)[]) => {
      const present = values.filter((value): value is number => value !== null);
      return present.reduce((a, b) => a + b, 0) / present.length;
    };
    for (const axis of data.axes)
      expect(axis.result).toBeCloseTo(
        avg(axis.indicators.map((i: { result: number | null }) => i.result)),
        6,
      );
    const result = data.corruptionIndex.result;
    expect(result).toBeCloseTo(avg(data.axes.map((axis: { result: number }) => axis.result)), 6);
    expect(data.corruptionIndex).toMatchObject({
      abbreviation: '$$IRC',
      name: 'Índice de Riesgo de Corrupción',
      administrationPeriod: period,
      level: riskLevel(result).level,
      probability: riskLevel(result).probability,
    });
    expect(data.corruptionIndex.hash).toMatch(/^[0-9a-f]{16}$/);

    // The same number the contracts page counts under the same filters.
    const list = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/contracts/filtered-list?page=1',
      headers: { 'x-current-organization-id': monitorId },
      payload: { filters: { administrationPeriods: [period], countedOnly: true } },
    });
    expect(list.json().data.total).toBe(data.concludedContracts);
  });

  it("links each indicator to the list behind it, whose count is the indicator's count", async () => {
    const data = (await index(`id=${monitorId}&administrationPeriod=${period}`)).body.data;
    type Link = { abbreviation: string; list: string; filters: object; count: number | null; text: string };
    const links: Link[] = data.axes.flatMap((axis: { indicators: { links: Link[] }[] }) =>
      axis.indicators.flatMap((indicator) => indicator.links),
    );
    // Every variable of the nine indicators but the formats has a list to check it on.
    expect(new Set(links.map((link) => link.abbreviation))).toEqual(
      new Set([
        '$MGLP',
        '$MTG',
        '$NCSF',
        '$NTC',
        '$NAC',
        '$NCADSM',
        '$NCAD',
        '$NTP',
        '$NCDPT',
        '$NIDPT',
        '$NCPJA',
        '$NTCLP',
      ]),
    );
    let nonZero = 0;
    for (const link of links) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/public-api/${link.list}/filtered-list?page=1`,
        headers: { 'x-current-organization-id': monitorId },
        payload: { filters: link.filters },
      });
      expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
      expect(response.json().data.total, `${link.abbreviation}: ${link.text}`).toBe(link.count);
      if (link.count) nonZero++;
    }
    expect(nonZero).toBeGreaterThan(8);
    // The direct awards over the limit: the list is exactly the indicator's numerator.
    const i4 = data.axes[0].indicators[3];
    const overLimit = i4.links.find((link: Link) => link.abbreviation === '$NCADSM');
    expect(overLimit.count).toBe(
      i4.variables.find((v: { abbreviation: string }) => v.abbreviation === '$NCADSM').value,
    );
    // Contracts without the contract's link: those counted minus those with it.
    const i6 = data.axes[2].indicators[0];
    const values = Object.fromEntries(
      i6.variables.map((v: { abbreviation: string; value: number }) => [v.abbreviation, v.value]),
    );
    expect(i6.links.find((link: Link) => link.abbreviation === '$NCDPT').count).toBe(
      values.$NTC - values.$NCDPT,
    );
    // The formats by quarter add up to the indicator's two variables.
    const i9 = data.axes[2].indicators[3];
    const nine = Object.fromEntries(
      i9.variables.map((v: { abbreviation: string; value: number }) => [v.abbreviation, v.value]),
    );
    const quarters: { formats: number; onTime: number; deadline: string }[] = i9.formats;
    expect(quarters.length).toBeGreaterThan(1);
    expect(quarters.reduce((sum, q) => sum + q.formats, 0)).toBe(nine.$NTF);
    expect(quarters.reduce((sum, q) => sum + q.onTime, 0)).toBe(nine.$NFXXVII);
    expect(quarters[0]!.deadline).toMatch(/^\d{4}-\d{2}-30$/);
  });

  it('downloads the page as xls, json and pdf with the same numbers', { timeout: 60_000 }, async () => {
    const data = (await index(`id=${monitorId}&administrationPeriod=${period}`)).body.data;
    const download = (format: string) =>
      ctx.app.inject({
        url: `/public-api/comparations/download/${format}/${monitorId}?administrationPeriod=${period}`,
      });

    const xls = await download('xls');
    expect(xls.statusCode).toBe(200);
    expect(xls.headers['content-disposition']).toMatch(
      /filename="vigia-indice-corrupcion-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xls.rawPayload as unknown as ArrayBuffer);
    const totals = book.getWorksheet('Registros-totales')!;
    const header = (totals.getRow(1).values as ExcelJS.CellValue[]).map(String);
    expect(header).toEqual(
      expect.arrayContaining(['NOMBRE DEL CÁLCULO', 'FÓRMULA', 'RESULTADO', 'PROBABILIDAD']),
    );
    const first = (totals.getRow(2).values as ExcelJS.CellValue[]).map(String);
    expect(first).toContain('Índice de Riesgo de Corrupción');
    expect(first).toContain(displayResult(data.corruptionIndex.result, 'NORMAL'));
    expect(first).toContain(
      `${data.corruptionIndex.level} (probabilidad ${data.corruptionIndex.probability.toLowerCase()})`,
    );
    // The index, 3 axes, 9 indicators.
    expect(totals.rowCount - 1).toBe(13 + data.calculationsInfo.length);
    const detail = book.getWorksheet('Registros-detalle')!;
    const names = detail.getColumn(1).values.map(String);
    expect(names).toEqual(expect.arrayContaining(['$MGLP', '$MTG', '$NCSF', '$NFXXVII', '$NTF']));
    expect(book.getWorksheet('Formatos XXVIII')!.rowCount).toBeGreaterThan(2);

    const json = await download('json');
    expect(json.statusCode).toBe(200);
    const body = json.json();
    expect(body.corruptionIndex.corruptionIndex.result).toBe(data.corruptionIndex.result);
    expect(body.organization._id).toBe(monitorId);
    expect(body.variables.length).toBeGreaterThan(10);

    const pdf = await download('pdf');
    expect(pdf.statusCode).toBe(200);
    const text = (await poppler('pdftotext', pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`Índice de riesgo de corrupción (${period})`);
    expect(text).toContain('Manejo de contrataciones');
    expect(text).toContain(displayResult(data.corruptionIndex.result, 'NORMAL'));
    // Headers whole and accented; the tables headed by what they hold, not by the sheets' names.
    expect(text).toContain('ABREVIACIÓN');
    expect(text).toContain('CÁLCULO');
    expect(text).toContain('FÓRMULA');
    expect(text).not.toMatch(/\bCALCULO\b|\bFORMULA\b|ABREVIACIÓ N/);
    expect(text).toContain('Cálculos del índice');
    expect(text).toContain('Variables de los indicadores');
    expect(text).not.toContain('Registros-');

    // The monitor from the organization header when the id is not one (the original's unused id).
    const viaHeader = await ctx.app.inject({
      url: `/public-api/comparations/download/json/x?administrationPeriod=${period}`,
      headers: { 'x-current-organization-id': monitorId },
    });
    expect(viaHeader.json().corruptionIndex.corruptionIndex.result).toBe(data.corruptionIndex.result);
    const bad = await ctx.app.inject({ url: `/public-api/comparations/download/doc/${monitorId}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('El formato de descarga debe ser pdf, xls o json.');
  });

  it("says 'Datos insuficientes' for a monitor with fewer than 30 concluded contracts", async () => {
    const organization = await createOrganization(db);
    const unit = await createUnit(db, organization.id);
    for (let index = 0; index < 5; index++)
      await createContract(db, { organizationId: organization.id, unitId: unit.id });
    const { status, body } = await index('', { 'x-current-organization-id': organization.id });
    expect(status).toBe(200);
    // A new monitor's method (the default index, thirteen calculations) is version 1.
    expect(body.data).toMatchObject({
      insufficientData: true,
      concludedContracts: 5,
      minimumContracts: 30,
      methodVersion: 1,
    });
    expect(body.data.corruptionIndex).toMatchObject({
      result: null,
      level: null,
      administrationPeriod: '2021-2024',
    });
    // The axes still show what there is: no folio in any of the five, none over the limit.
    expect(body.data.axes[0].indicators[1].result).toBe(0);
    expect(body.data.axes[0].indicators[3].result).toBe(100);
  });

  it('shows an edit of the method on the next request, with a new version', async () => {
    const before = (await index(`id=${monitorId}&administrationPeriod=${period}`)).body.data;
    await db
      .update(calculations)
      .set({ formula: { expression: '$$EJE1', variables: [], calculations: [] } })
      .where(and(eq(calculations.organizationId, monitorId), eq(calculations.abbreviation, '$$IRC')));
    const after = (await index(`id=${monitorId}&administrationPeriod=${period}`)).body.data;
    expect(after.methodVersion).toBeGreaterThan(before.methodVersion);
    expect(after.corruptionIndex.result).toBeCloseTo(after.axes[0].result, 6);
    expect(after.corruptionIndex.hash).not.toBe(before.corruptionIndex.hash);
  });

  it('refuses an unknown monitor, a missing one and a malformed period, in Spanish', async () => {
    expect((await index('id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await index('id=no-es-un-id')).status).toBe(404);
    expect((await index('')).status).toBe(400);
    const bad = await index(`id=${monitorId}&administrationPeriod=2021`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('El campo Administración no cumple con el formato esperado');
  });
});
