import { constants, inflateRawSync } from 'node:zlib';
import { LoadFileError, type ReadLimits } from './sheet-reader';
import { columnIndex, columnLetters, InflatedTooLarge, type XlsxRow, xlsxRows } from './xlsx-rows';
import { entryData, entryStream, firstSheetEntry, inflated, type ZipEntry, zipEntries } from './zip';

export { columnLetters };

/**
 * The workbook of a spreadsheet load (data-load-rules.md, 'Accepted files'): told apart by its
 * content, guarded against zip bombs, and its first worksheet streamed row by row (never the whole
 * workbook in memory), each cell as a plain value with its hyperlink's target.
 */

export const NOT_A_SPREADSHEET =
  'Por favor selecciona un archivo de hoja de cálculos para la carga de datos (.xls o .xlsx)';
export const CORRUPT_WORKBOOK =
  'No se pudo leer el archivo: está dañado, protegido con contraseña o no es una hoja de cálculo válida.';
/** The reading thread ran out of its memory (a sheet of extraordinarily long texts). */
export const TOO_MUCH_TO_READ =
  'El archivo es demasiado grande para leerlo de una vez: divídelo en varios archivos.';
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
  const entries = zipEntries(zip);
  return entries ? entries.reduce((sum, entry) => sum + entry.uncompressedBytes, 0) : null;
}

const decodeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The link targets of the first worksheet's hyperlink cells, by cell reference ('I5'). The
 * streaming reader does not resolve them (the sheet lists its hyperlinks after its rows, their
 * targets are in the sheet's relationships), so they are read first: the relationships file, then
 * the sheet inflated as a stream, keeping only its <hyperlinks> element. Nothing to read when the
 * sheet has no external links.
 */
export async function sheetHyperlinks(zip: Buffer): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  const entries = zipEntries(zip) ?? [];
  const sheet = firstSheetEntry(entries);
  if (!sheet) return links;
  const base = sheet.name.slice(sheet.name.lastIndexOf('/') + 1);
  const relsEntry = entries.find((entry) => entry.name === `xl/worksheets/_rels/${base}.rels`);
  if (!relsEntry) return links;
  const rels = inflated(zip, relsEntry);
  const targets = new Map<string, string>();
  for (const [tag] of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]+)"/.exec(tag)?.[1];
    const target = /\bTarget="([^"]*)"/.exec(tag)?.[1];
    if (id && target && /\/hyperlink"/.test(tag)) targets.set(id, decodeXml(target));
  }
  if (targets.size === 0) return links;
  const section = await hyperlinksElement(zip, sheet);
  for (const [tag] of section.matchAll(/<(?:\w+:)?hyperlink\b[^>]*>/g)) {
    const ref = /\bref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"/.exec(tag);
    const id = /\br:id="([^"]+)"/.exec(tag)?.[1];
    const target = id ? targets.get(id) : undefined;
    if (!ref || !target) continue;
    const [, fromColumn, fromRow, toColumn, toRow] = ref;
    if (!toColumn || !toRow) {
      links.set(`${fromColumn}${fromRow}`, target);
      continue;
    }
    // A range (rare): every cell of it, bounded.
    for (let row = Number(fromRow); row <= Number(toRow) && row - Number(fromRow) < 10_000; row++)
      for (let column = columnIndex(fromColumn!); column <= columnIndex(toColumn); column++)
        links.set(`${columnLetters(column)}${row}`, target);
  }
  return links;
}

/** The sheet's <hyperlinks>…</hyperlinks>, found by inflating it as a stream (nothing else kept). */
async function hyperlinksElement(zip: Buffer, sheet: ZipEntry): Promise<string> {
  const stream = entryStream(zip, sheet);
  let carry = '';
  let found = '';
  try {
    for await (const chunk of stream) {
      const text = carry + (chunk as Buffer).toString('latin1');
      if (!found) {
        const at = text.search(/<(?:\w+:)?hyperlinks\b/);
        if (at >= 0) found = text.slice(at);
        else carry = text.slice(-20);
      } else found += (chunk as Buffer).toString('latin1');
      if (found && /<\/(?:\w+:)?hyperlinks>/.test(found)) break;
      if (found.length > 64 * 1024 * 1024) break;
    }
  } catch {
    return '';
  }
  return Buffer.from(found, 'latin1').toString('utf8');
}

/**
 * The last row the first worksheet of an .xlsx declares (its `<dimension>`, written at the start
 * of the sheet by Excel and by most libraries), read by inflating only the sheet's first bytes:
 * the progress's total. Null when the sheet does not say.
 */
export function declaredLastRow(zip: Buffer): number | null {
  const sheet = firstSheetEntry(zipEntries(zip) ?? []);
  if (!sheet) return null;
  const data = entryData(zip, sheet).subarray(0, 16_384);
  let head: string;
  try {
    head =
      sheet.method === 0
        ? data.toString('utf8')
        : inflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH }).subarray(0, 8192).toString('utf8');
  } catch {
    return null;
  }
  const match = /<(?:\w+:)?dimension ref="[A-Z]+(\d+)(?::[A-Z]+(\d+))?"/.exec(head);
  if (!match) return null;
  return Number(match[2] ?? match[1]);
}

/** A row of the first worksheet: its Excel number and its cells by 0-based column index. */
export type WorkbookRow = XlsxRow;

/**
 * Opens an .xlsx or .xls: checks the container and its uncompressed size, and gives the first
 * worksheet's rows one at a time (those an .xlsx holds blank included; the reader of the profile
 * finds its headers among them). An unreadable file is an error for the whole file: at once, or
 * as a LoadFileError from the rows.
 */
export async function openWorkbook(
  file: Buffer,
  options: ReadLimits,
): Promise<{ rows: AsyncGenerator<WorkbookRow> } | { error: string }> {
  const kind = fileKindOf(file.subarray(0, 8));
  if (kind === null) return { error: NOT_A_SPREADSHEET };
  if (kind === 'xlsx') {
    const uncompressed = zipUncompressedBytes(file);
    if (uncompressed === null) return { error: CORRUPT_WORKBOOK };
    if (uncompressed > options.maxUncompressedBytes) return { error: TOO_LARGE_UNCOMPRESSED };
  }
  // A compound file is a legacy .xls (read whole: the format cannot be streamed; the upload's size
  // limit bounds it), or an encrypted .xlsx, which it refuses.
  const rows =
    kind === 'xlsx'
      ? xlsxRows(file, await sheetHyperlinks(file), options.maxUncompressedBytes)
      : xlsRowsOf(file, options.maxRows);
  return { rows: failingAsFile(rows) };
}

/** The rows, a failure to read them becoming the file's message. */
async function* failingAsFile(rows: AsyncGenerator<WorkbookRow>): AsyncGenerator<WorkbookRow> {
  try {
    yield* rows;
  } catch (error) {
    if (error instanceof LoadFileError) throw error;
    throw new LoadFileError(readingFailure(error));
  }
}

/** What the person is told when the sheet could not be read: too much once inflated, or damaged. */
const readingFailure = (error: unknown) =>
  error instanceof InflatedTooLarge ? TOO_LARGE_UNCOMPRESSED : CORRUPT_WORKBOOK;

/**
 * The first worksheet of a legacy .xls, row by row. Dates stay Excel serials (read as calendar days
 * by the date columns, with no time zone involved); hyperlinks give their target.
 */
async function* xlsRowsOf(file: Buffer, maxRows: number): AsyncGenerator<WorkbookRow> {
  // SheetJS is loaded only for the rare legacy file.
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(file, { type: 'buffer', dense: true, cellDates: false, sheetRows: maxRows + 12 });
  const name = book.SheetNames[0];
  const sheet = name ? book.Sheets[name] : undefined;
  const data = (sheet?.['!data'] ?? []) as (import('@e965/xlsx').CellObject[] | undefined)[];
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
