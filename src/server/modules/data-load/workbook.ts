import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { locateColumns, type SheetLayout } from './headers';
import type { RawCell } from './rows';

/**
 * The workbook of a spreadsheet load (data-load-rules.md, 'Accepted files'): told apart by its
 * content, guarded against zip bombs, and its first worksheet streamed row by row (never the whole
 * workbook in memory), each cell as a plain value with its hyperlink's target.
 */

export const NOT_A_SPREADSHEET =
  'Por favor selecciona un archivo de hoja de cálculos para la carga de datos (.xls o .xlsx)';
export const CORRUPT_WORKBOOK =
  'No se pudo leer el archivo: está dañado, protegido con contraseña o no es una hoja de cálculo válida.';
export const EMPTY_SHEET = 'La primera hoja del archivo no tiene registros.';
export const tooManyRows = (max: number) =>
  `El archivo tiene más de ${max.toLocaleString('en-US')} registros: divídelo en varios archivos.`;
export const TOO_LARGE_UNCOMPRESSED =
  'El contenido del archivo es demasiado grande una vez descomprimido: divídelo en varios archivos.';

/** The container a file's first bytes announce: a zip (xlsx) or a compound file (xls, or an encrypted xlsx). */
export function fileKindOf(head: Uint8Array): 'xlsx' | 'cfb' | null {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04)
    return 'xlsx';
  const cfb = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (head.length >= 8 && cfb.every((byte, index) => head[index] === byte)) return 'cfb';
  return null;
}

/**
 * What a zip's entries take once uncompressed, summed from its central directory (without
 * inflating anything), or null when the directory cannot be read.
 */
export function zipUncompressedBytes(zip: Buffer): number | null {
  // The end-of-central-directory record: within the last 64 KiB + 22 bytes.
  const from = Math.max(0, zip.length - 65_557);
  let end = -1;
  for (let offset = zip.length - 22; offset >= from; offset--) {
    if (zip.readUInt32LE(offset) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) return null;
  const entries = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let index = 0; index < entries; index++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== 0x02014b50) return null;
    total += zip.readUInt32LE(offset + 24);
    offset +=
      46 + zip.readUInt16LE(offset + 28) + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return total;
}

/** A cell as exceljs gives it → its plain value (formula result, rich text's text) and hyperlink. */
export function rawCell(value: ExcelJS.CellValue): RawCell {
  if (value === null || value === undefined) return { value: null };
  if (value instanceof Date || typeof value !== 'object') return { value };
  if ('richText' in value) return { value: value.richText.map((part) => part.text).join('') };
  if ('hyperlink' in value) {
    const text = typeof value.text === 'object' ? rawCell(value.text as ExcelJS.CellValue).value : value.text;
    return { value: text, hyperlink: value.hyperlink };
  }
  // A formula (also a shared one): its cached result; a formula pointing elsewhere keeps that.
  if ('result' in value || 'formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    return result === undefined ? { value: null } : rawCell(result);
  }
  if ('error' in value) return { value: String(value.error) };
  return { value: null };
}

export interface SheetRow {
  /** The Excel row number. */
  number: number;
  cellAt(index: number): RawCell | undefined;
}

export interface ReadOptions {
  maxRows: number;
  maxUncompressedBytes: number;
}

export type SheetReading = { layout: SheetLayout; rows: AsyncGenerator<SheetRow> } | { error: string };

/**
 * Opens an .xlsx load: checks the container and its uncompressed size, finds the columns in the
 * first rows, and gives the data rows (blank ones included: the caller skips them) one at a time.
 * An unreadable file is an error for the whole file, never an exception.
 */
export async function openSheet(file: Buffer, options: ReadOptions): Promise<SheetReading> {
  const kind = fileKindOf(file.subarray(0, 8));
  if (kind === null) return { error: NOT_A_SPREADSHEET };
  if (kind === 'xlsx') {
    const uncompressed = zipUncompressedBytes(file);
    if (uncompressed === null) return { error: CORRUPT_WORKBOOK };
    if (uncompressed > options.maxUncompressedBytes) return { error: TOO_LARGE_UNCOMPRESSED };
  }
  // A compound file is a legacy .xls (read whole: the format cannot be streamed; the upload's size
  // limit bounds it), or an encrypted .xlsx, which it refuses.
  const iterator = kind === 'xlsx' ? rowsOf(file) : xlsRowsOf(file, options.maxRows);
  const head: SheetRow[] = [];
  try {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      head.push(next.value);
      if (next.value.number >= 10) break;
    }
  } catch {
    return { error: CORRUPT_WORKBOOK };
  }
  const grid: unknown[][] = [];
  for (const row of head) {
    const values: unknown[] = [];
    for (let index = 0; index < 60; index++) values.push(row.cellAt(index)?.value ?? null);
    grid[row.number - 1] = values;
  }
  const layout = locateColumns(Array.from(grid, (row) => row ?? []));
  if ('error' in layout) return layout;
  return { layout, rows: dataRows(layout, head, iterator, options.maxRows) };
}

async function* dataRows(
  layout: SheetLayout,
  head: SheetRow[],
  rest: AsyncGenerator<SheetRow>,
  maxRows: number,
): AsyncGenerator<SheetRow> {
  let count = 0;
  const counted = (row: SheetRow) => {
    count++;
    if (count > maxRows) throw new LoadFileError(tooManyRows(maxRows));
    return row;
  };
  for (const row of head) if (row.number >= layout.firstDataRow) yield counted(row);
  try {
    for await (const row of rest) if (row.number >= layout.firstDataRow) yield counted(row);
  } catch (error) {
    if (error instanceof LoadFileError) throw error;
    throw new LoadFileError(CORRUPT_WORKBOOK);
  }
  if (count === 0) throw new LoadFileError(EMPTY_SHEET);
}

/** A problem of the whole file found while its rows are read (the load reports its message). */
export class LoadFileError extends Error {}

/**
 * The first worksheet of a legacy .xls, row by row. Dates stay Excel serials (read as calendar days
 * by the date columns, with no time zone involved); hyperlinks give their target.
 */
async function* xlsRowsOf(file: Buffer, maxRows: number): AsyncGenerator<SheetRow> {
  const book = XLSX.read(file, { type: 'buffer', dense: true, cellDates: false, sheetRows: maxRows + 12 });
  const name = book.SheetNames[0];
  const sheet = name ? book.Sheets[name] : undefined;
  const data = (sheet?.['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  for (const [index, cells] of data.entries()) {
    if (!cells?.some((cell) => cell && cell.v !== undefined && cell.v !== '')) continue;
    yield {
      number: index + 1,
      cellAt: (column) => {
        const cell = cells[column];
        if (!cell || cell.v === undefined) return undefined;
        const value = cell.t === 'e' ? (cell.w ?? null) : cell.v;
        return { value, hyperlink: cell.l?.Target ?? null };
      },
    };
  }
}

/** The first worksheet's rows, streamed (rows without any cell are not given). */
async function* rowsOf(file: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'cache',
    styles: 'cache',
    entries: 'emit',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const values = row.values as ExcelJS.CellValue[];
      yield { number: row.number, cellAt: (index) => rawCell(values[index + 1] ?? null) };
    }
    return;
  }
}
