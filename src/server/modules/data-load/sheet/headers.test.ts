import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CONTRACT_SHEET_COLUMNS } from '../../../../shared/contracts/fields';
import { HEADERS_NOT_FOUND, locateColumns, REQUIRED_COLUMNS, type SheetLayout } from './headers';

/** The original's upload template (../shared/fixtures/karewa-template.xlsx), kept beside the tests. */
const TEMPLATE = path.join(import.meta.dirname, '..', 'fixtures', 'karewa-template.xlsx');

async function templateRows(): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(TEMPLATE);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  for (let number = 1; number <= 2; number++) {
    const values = sheet.getRow(number).values as unknown[];
    rows.push(values.slice(1));
  }
  return rows;
}

const codesOf = (layout: SheetLayout | { error: string }) => {
  if ('error' in layout) throw new Error(layout.error);
  return [...layout.columns.entries()].map(([index, column]) => `${index}:${column.code}`);
};

describe('locating the columns of a sheet', () => {
  it("reads the original's template by its codes C1..C34 and skips its row of headers", async () => {
    const rows = await templateRows();
    const layout = locateColumns(rows);
    expect(layout).toMatchObject({ headerRow: 1, firstDataRow: 3, unknown: [] });
    expect(codesOf(layout)).toEqual(CONTRACT_SHEET_COLUMNS.map((column, index) => `${index}:${column.code}`));
  });

  it('finds the Spanish headers in a lower row, whatever their case, accents and spaces', async () => {
    const [, headers] = await templateRows();
    const shouted = headers!.map((text) =>
      String(text)
        .toUpperCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/ /g, '  '),
    );
    const layout = locateColumns([['Contratos 2019 del municipio'], [], shouted, ['LP', 'Obra pública']]);
    expect(layout).toMatchObject({ headerRow: 3, firstDataRow: 4 });
    expect(codesOf(layout)).toHaveLength(CONTRACT_SHEET_COLUMNS.length);
  });

  it('takes codes in any order and case, and lists the columns it does not know once', () => {
    const codes = CONTRACT_SHEET_COLUMNS.map((column) => column.code.toLowerCase()).reverse();
    const layout = locateColumns([[...codes, 'Observaciones', ' Observaciones ', 'C7']]);
    if ('error' in layout) throw new Error(layout.error);
    expect(layout.columns.get(0)?.code).toBe('C34');
    expect(layout.columns.get(33)?.code).toBe('C1');
    // A second C7 is not read; an unknown header is reported once.
    expect(layout.unknown).toEqual(['Observaciones', 'C7']);
  });

  it('names every required column that is missing, in one error for the file', () => {
    const present = CONTRACT_SHEET_COLUMNS.filter((column) => !['C1', 'C18'].includes(column.code));
    expect(locateColumns([present.map((column) => column.code)])).toEqual({
      error: 'Faltan las columnas: C1 (Tipo de procedimiento), C18 (Unidad administrativa solicitante).',
    });
    expect(REQUIRED_COLUMNS.map((column) => column.code)).toContain('C27');
    expect(REQUIRED_COLUMNS.map((column) => column.code)).not.toContain('C16');
  });

  it('says so when no row holds the headers', () => {
    expect(locateColumns([])).toEqual({ error: HEADERS_NOT_FOUND });
    expect(locateColumns([['Licitación pública', 'Obra pública', '2019-2021']])).toEqual({
      error: HEADERS_NOT_FOUND,
    });
  });
});
