import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CONTRACT_SHEET_COLUMNS } from '../../../../shared/contracts/fields';
import { readRow } from './rows';
import { isBlankRow, LoadFileError, type ReadLimits, type SheetRow } from './sheet-reader';
import { readTemplateSheet } from './template-sheet';
import {
  CORRUPT_WORKBOOK,
  columnLetters,
  declaredLastRow,
  EMPTY_SHEET,
  fileKindOf,
  NOT_A_SPREADSHEET,
  openWorkbook,
  sniffFileKind,
  TOO_LARGE_UNCOMPRESSED,
  tooManyRows,
  zipUncompressedBytes,
} from './workbook';
import { entryData, firstSheetEntry, zipEntries } from './zip';

const OPTIONS: ReadLimits = { maxRows: 1_000, maxUncompressedBytes: 50_000_000 };
const CODES = CONTRACT_SHEET_COLUMNS.map((column) => column.code);
const col = (code: string) => CODES.indexOf(code) + 1;

/** A workbook like the template: codes, headers, then `rows` (cells by code). */
async function workbook(rows: Record<string, ExcelJS.CellValue>[], extraSheet = false): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contratos');
  sheet.addRow(CODES);
  sheet.addRow(CONTRACT_SHEET_COLUMNS.map((column) => column.header));
  for (const cells of rows) {
    const row = sheet.addRow([]);
    for (const [code, value] of Object.entries(cells)) row.getCell(col(code)).value = value;
  }
  if (extraSheet) book.addWorksheet('Otra').addRow(['no se lee']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function all(rows: AsyncIterable<SheetRow>): Promise<SheetRow[]> {
  const list: SheetRow[] = [];
  for await (const row of rows) list.push(row);
  return list;
}

describe('opening a workbook of a load', () => {
  it('streams the first sheet: dates, formula results, rich text, blank rows', async () => {
    const file = await workbook(
      [
        {
          C1: 'Adjudicación directa',
          C11: { richText: [{ text: 'Servicio de ' }, { text: 'limpieza', font: { bold: true } }] },
          C21: new Date(Date.UTC(2019, 2, 15)),
          C22: { formula: 'B1*2', result: 232_000 },
        },
        {},
        { C1: 'Licitación pública', C22: '1,500.50' },
      ],
      true,
    );
    const sheet = await readTemplateSheet(file, OPTIONS);
    if ('error' in sheet) throw new Error(sheet.error);
    expect(sheet).toMatchObject({ total: 3, messages: [] });
    const rows = await all(sheet.rows);
    const read = rows.filter((row) => !isBlankRow(row));
    expect(read.map((row) => row.rowNumber)).toEqual([3, 5]);
    const first = readRow(read[0]!);
    expect(first.cells.C1!.value).toBe('NO_BID');
    expect(first.cells.C11!.value).toBe('Servicio de limpieza');
    expect(first.cells.C21!.value).toBe('2019-03-15');
    expect(first.cells.C22!.value).toBe(232_000);
    expect(readRow(read[1]!).cells.C22!.value).toBe(1_500.5);
  });

  it("reads an .xlsx hyperlink cell's target in a URL column (the text elsewhere), and the declared row count", async () => {
    const file = await workbook([
      {
        C9: { text: 'Ver convocatoria', hyperlink: 'https://transparencia.example.org/conv.pdf?a=1&b=2' },
        C11: { text: 'Servicio de limpieza', hyperlink: 'https://example.org/otra' },
      },
      { C26: { text: 'Contrato', hyperlink: 'https://transparencia.example.org/c.pdf' } },
    ]);
    expect(declaredLastRow(file)).toBe(4);
    const opened = await readTemplateSheet(file, OPTIONS);
    if ('error' in opened) throw new Error(opened.error);
    const [first, second] = await all(opened.rows);
    const one = readRow(first!);
    expect(one.cells.C9!.value).toBe('https://transparencia.example.org/conv.pdf?a=1&b=2');
    expect(one.cells.C11!.value).toBe('Servicio de limpieza');
    const two = readRow(second!);
    expect(two.cells.C26!.value).toBe('https://transparencia.example.org/c.pdf');
    expect(columnLetters(0)).toBe('A');
    expect(columnLetters(25)).toBe('Z');
    expect(columnLetters(26)).toBe('AA');
    expect(columnLetters(33)).toBe('AH');
  });

  it('reads a legacy .xls: values, Excel serial dates and hyperlink targets', async () => {
    const rows: unknown[][] = [CODES, CONTRACT_SHEET_COLUMNS.map((column) => column.header)];
    const data = new Array(CODES.length).fill(null);
    data[col('C1') - 1] = 'Licitación pública';
    data[col('C21') - 1] = 43_539; // 15/03/2019
    data[col('C22') - 1] = 1_500.5;
    data[col('C26') - 1] = 'Ver contrato';
    rows.push(data);
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    const link = XLSX.utils.encode_cell({ r: 2, c: col('C26') - 1 });
    sheet[link]!.l = { Target: 'https://transparencia.example.org/c.pdf' };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Contratos');
    const file = XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
    expect(fileKindOf(file)).toBe('cfb');
    const opened = await readTemplateSheet(file, OPTIONS);
    if ('error' in opened) throw new Error(opened.error);
    const [first] = await all(opened.rows);
    const read = readRow(first!);
    expect(read.rowIndex).toBe(3);
    expect(read.cells.C1!.value).toBe('PUBLIC');
    expect(read.cells.C21!.value).toBe('2019-03-15');
    expect(read.cells.C22!.value).toBe(1_500.5);
    expect(read.cells.C26!.value).toBe('https://transparencia.example.org/c.pdf');
  });

  it('refuses a compound file that is not a workbook', async () => {
    const cfb = Buffer.alloc(4_096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb);
    expect(await readTemplateSheet(cfb, OPTIONS)).toEqual({ error: CORRUPT_WORKBOOK });
  });

  it('tells files apart by content, not by name', async () => {
    expect(fileKindOf(Buffer.from('PK\x03\x04rest'))).toBe('xlsx');
    expect(fileKindOf(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('cfb');
    // Text is a CSV (issue 30), read as the template: these codes lack the required columns.
    expect(sniffFileKind(Buffer.from('C1,C2\nLP,Obra'))).toBe('csv');
    expect(await readTemplateSheet(Buffer.from('C1,C2\nLP,Obra'), OPTIONS)).toMatchObject({
      error: expect.stringMatching(/^Faltan las columnas/),
    });
    expect(await readTemplateSheet(Buffer.from('%PDF-1.7'), OPTIONS)).toEqual({ error: NOT_A_SPREADSHEET });
  });

  it('streams a CSV as the text it holds: quoted separators and line breaks, ragged and blank rows, Latin-1', async () => {
    const text =
      'Ejercicio;Descripción;Monto\r\n' +
      '2024;"Obra; primera etapa";"1.234,50"\r\n' +
      '\r\n' +
      '2024;"Dice ""urgente""\ny sigue";\r\n' +
      '2024;Corta\r\n' +
      ';;\r\n' +
      '2025;Suministro de señalización;99\r\n';
    const opened = await openWorkbook(Buffer.from(text, 'latin1'), OPTIONS);
    if ('error' in opened) throw new Error(opened.error);
    expect(opened.book.kind).toBe('csv');
    const rows: { number: number; cells: unknown[] }[] = [];
    for await (const row of opened.book.rows()) {
      rows.push({ number: row.number, cells: [0, 1, 2].map((index) => row.cellAt(index)?.value) });
    }
    expect(rows).toEqual([
      { number: 1, cells: ['Ejercicio', 'Descripción', 'Monto'] },
      { number: 2, cells: ['2024', 'Obra; primera etapa', '1.234,50'] },
      { number: 4, cells: ['2024', 'Dice "urgente"\ny sigue', undefined] },
      { number: 5, cells: ['2024', 'Corta', undefined] },
      { number: 7, cells: ['2025', 'Suministro de señalización', '99'] },
    ]);
  });

  it('counts the rows of a CSV as it reads them: past the limit it stops', async () => {
    const headers = CONTRACT_SHEET_COLUMNS.map((column) => `"${column.header}"`).join(',');
    const text = `${CODES.join(',')}\n${headers}\n${'Adjudicación directa,Servicios\n'.repeat(5_000)}`;
    const opened = await openWorkbook(Buffer.from(text), OPTIONS);
    if ('error' in opened) throw new Error(opened.error);
    let read = 0;
    for await (const _row of opened.book.rows()) if (++read === 3) break;
    // Rows are given as they are parsed: a reader that stops early stops the parsing.
    expect(read).toBe(3);
    const sheet = await readTemplateSheet(Buffer.from(text), { ...OPTIONS, maxRows: 4_000 });
    if ('error' in sheet) throw new Error(sheet.error);
    await expect(all(sheet.rows)).rejects.toThrow(tooManyRows(4_000));
  });

  it('refuses a damaged workbook with a clear message, never an exception', async () => {
    const file = await workbook([{ C1: 'Adjudicación directa' }]);
    expect(await readTemplateSheet(file.subarray(0, Math.floor(file.length / 2)), OPTIONS)).toEqual({
      error: CORRUPT_WORKBOOK,
    });
    // The sheet's own bytes damaged (a damaged part the load does not read, like the theme, is no matter).
    const scrambled = Buffer.from(file);
    const sheet = firstSheetEntry(zipEntries(scrambled) ?? [])!;
    const data = entryData(scrambled, sheet);
    data.fill(7, 10, Math.min(data.length - 10, 400));
    const opened = await readTemplateSheet(scrambled, OPTIONS);
    if ('error' in opened) expect(opened.error).toBe(CORRUPT_WORKBOOK);
    else await expect(all(opened.rows)).rejects.toThrow(LoadFileError);
  });

  it('measures what a zip takes once uncompressed before reading it (zip bombs)', async () => {
    const file = await workbook([{ C11: 'x'.repeat(32_000) }, { C11: 'y'.repeat(32_000) }]);
    expect(zipUncompressedBytes(file)).toBeGreaterThan(64_000);
    expect(file.length).toBeLessThan(20_000);
    expect(await readTemplateSheet(file, { ...OPTIONS, maxUncompressedBytes: 50_000 })).toEqual({
      error: TOO_LARGE_UNCOMPRESSED,
    });
  });

  it('stops past the row limit, and says when the sheet has no records', async () => {
    const file = await workbook([{ C1: 'AD' }, { C1: 'AD' }, { C1: 'AD' }]);
    const sheet = await readTemplateSheet(file, { ...OPTIONS, maxRows: 2 });
    if ('error' in sheet) throw new Error(sheet.error);
    await expect(all(sheet.rows)).rejects.toThrow(tooManyRows(2));
    const empty = await readTemplateSheet(await workbook([]), OPTIONS);
    if ('error' in empty) throw new Error(empty.error);
    await expect(all(empty.rows)).rejects.toThrow(EMPTY_SHEET);
  });

  it('names the missing columns of the whole file', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Contratos').addRow(CODES.filter((code) => code !== 'C27'));
    const sheet = await readTemplateSheet(Buffer.from(await book.xlsx.writeBuffer()), OPTIONS);
    expect(sheet).toEqual({ error: 'Faltan las columnas: C27 (Área responsable de la información).' });
  });
});
