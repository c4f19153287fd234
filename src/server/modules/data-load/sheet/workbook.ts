import { Readable } from 'node:stream';
import { constants, inflateRawSync } from 'node:zlib';
import { parse as parseCsv } from 'csv-parse';
import { odsRows, odsSheetNames } from './ods-rows';
import { LoadFileError, type ReadLimits } from './sheet-reader';
import {
  columnIndex,
  columnLetters,
  decodeXml,
  InflatedTooLarge,
  XlsxBook,
  type XlsxRow,
  xlsxSheets,
} from './xlsx-rows';
import { entryData, entryStream, firstSheetEntry, inflated, type ZipEntry, zipEntries } from './zip';

export { columnLetters };

/**
 * The workbook of a spreadsheet load (data-load-rules.md, 'Accepted files'; pnt-import-rules.md for
 * .ods and .csv): told apart by its content, guarded against zip bombs, and its worksheets read row
 * by row, each cell as a plain value with its hyperlink's target. An .xlsx, an .ods and a .csv are
 * streamed (never the whole workbook in memory); a legacy .xls is read whole by SheetJS, bounded by
 * the upload's size and the row limit.
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

/** What an uploaded file is, by its content: a zip (.xlsx or .ods), a compound file (.xls) or text (.csv). */
export type FileKind = 'xlsx' | 'ods' | 'cfb' | 'csv';

/**
 * The kind of a whole file: its container, then for a zip whether it is an OpenDocument
 * spreadsheet (its `mimetype` entry says so), and for anything else whether it is text a CSV
 * could be (no NUL byte in its first 64 KiB and a comma, semicolon or tab in its first line).
 */
export function sniffFileKind(file: Buffer): FileKind | null {
  const container = fileKindOf(file.subarray(0, 8));
  if (container === 'cfb') return 'cfb';
  if (container === 'xlsx') {
    const entries = zipEntries(file) ?? [];
    const mimetype = entries.find((entry) => entry.name === 'mimetype');
    if (mimetype && inflated(file, mimetype).trim() === 'application/vnd.oasis.opendocument.spreadsheet')
      return 'ods';
    if (
      !entries.some((entry) => entry.name.startsWith('xl/')) &&
      entries.some((e) => e.name === 'content.xml')
    )
      return 'ods';
    return 'xlsx';
  }
  const head = file.subarray(0, 65_536);
  if (head.length === 0 || head.includes(0)) return null;
  const firstLine = head.toString('latin1').split(/\r?\n/, 1)[0] ?? '';
  return /[,;\t]/.test(firstLine) ? 'csv' : null;
}

/**
 * What a zip's entries take once uncompressed, summed from its central directory (without
 * inflating anything), or null when the directory cannot be read.
 */
export function zipUncompressedBytes(zip: Buffer): number | null {
  const entries = zipEntries(zip);
  return entries ? entries.reduce((sum, entry) => sum + entry.uncompressedBytes, 0) : null;
}

/**
 * The link targets of the first worksheet's hyperlink cells, by cell reference ('I5'). The
 * streaming reader does not resolve them (the sheet lists its hyperlinks after its rows, their
 * targets are in the sheet's relationships), so they are read first: the relationships file, then
 * the sheet inflated as a stream, keeping only its <hyperlinks> element. Nothing to read when the
 * sheet has no external links.
 */
export async function sheetHyperlinks(zip: Buffer, which?: ZipEntry): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  const entries = zipEntries(zip) ?? [];
  const sheet = which ?? firstSheetEntry(entries);
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
export function declaredLastRow(zip: Buffer, which?: ZipEntry): number | null {
  const sheet = which ?? firstSheetEntry(zipEntries(zip) ?? []);
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

/** A row of a worksheet: its Excel number and its cells by 0-based column index. */
export type WorkbookRow = XlsxRow;

/** An uploaded workbook opened for reading: its worksheets by name, each one's rows one at a time. */
export interface Book {
  kind: FileKind;
  /** The worksheets' names, in the workbook's order. */
  sheetNames: readonly string[];
  /**
   * A worksheet's rows (the first worksheet's when no name is given), those an .xlsx holds blank
   * included. A failure to read them is a LoadFileError with the file's message.
   */
  rows(sheetName?: string): AsyncGenerator<WorkbookRow>;
  /** The last row a worksheet declares (the progress's total), or null when it does not say. */
  declaredLastRow(sheetName?: string): number | null;
}

/**
 * Opens an uploaded file of any accepted kind: checks the container and, for a zip, what it holds
 * once uncompressed, and gives its worksheets. An unreadable file is an error for the whole file:
 * at once, or as a LoadFileError from the rows.
 */
export async function openWorkbook(
  file: Buffer,
  options: ReadLimits,
): Promise<{ book: Book } | { error: string }> {
  const kind = sniffFileKind(file);
  if (kind === null) return { error: NOT_A_SPREADSHEET };
  if (kind === 'xlsx' || kind === 'ods') {
    const uncompressed = zipUncompressedBytes(file);
    if (uncompressed === null) return { error: CORRUPT_WORKBOOK };
    if (uncompressed > options.maxUncompressedBytes) return { error: TOO_LARGE_UNCOMPRESSED };
  }
  if (kind === 'xlsx') return { book: xlsxBook(file, options.maxUncompressedBytes) };
  if (kind === 'csv') return { book: csvBook(file) };
  if (kind === 'ods') return odsBook(file, options.maxUncompressedBytes);
  try {
    return { book: await sheetJsBook(file, kind, options.maxRows) };
  } catch {
    return { error: CORRUPT_WORKBOOK };
  }
}

function xlsxBook(file: Buffer, maxBytes: number): Book {
  const entries = zipEntries(file) ?? [];
  const sheets = xlsxSheets(file, entries);
  const reader = new XlsxBook(file, entries, maxBytes);
  const entryOf = (name?: string) =>
    name === undefined ? firstSheetEntry(entries) : sheets.find((sheet) => sheet.name === name)?.entry;
  return {
    kind: 'xlsx',
    sheetNames: sheets.map((sheet) => sheet.name),
    rows: (name) =>
      failingAsFile(
        (async function* () {
          const entry = entryOf(name);
          if (!entry) throw new Error('no worksheet');
          yield* reader.rows(entry, await sheetHyperlinks(file, entry));
        })(),
      ),
    declaredLastRow: (name) => {
      const entry = entryOf(name);
      return entry ? declaredLastRow(file, entry) : null;
    },
  };
}

/**
 * An .ods streamed (ods-rows.ts): its tables' names read first (one pass over content.xml, nothing
 * kept), each table's rows when asked. What content.xml inflates to is counted on every pass.
 */
async function odsBook(file: Buffer, maxBytes: number): Promise<{ book: Book } | { error: string }> {
  const content = zipEntries(file)?.find((entry) => entry.name === 'content.xml');
  if (!content) return { error: CORRUPT_WORKBOOK };
  let sheetNames: string[];
  try {
    sheetNames = await odsSheetNames(file, content, maxBytes);
  } catch (error) {
    return { error: readingFailure(error) };
  }
  if (sheetNames.length === 0) return { error: CORRUPT_WORKBOOK };
  return {
    book: {
      kind: 'ods',
      sheetNames,
      rows: (name) => failingAsFile(odsRows(file, content, name ?? sheetNames[0]!, maxBytes)),
      declaredLastRow: () => null,
    },
  };
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
 * The text of a CSV: UTF-8 (with or without its byte-order mark) when it is valid UTF-8, else
 * Windows-1252 (the Latin-1 that Excel writes in Spanish).
 */
export function csvText(file: Buffer): string {
  if (file[0] === 0xef && file[1] === 0xbb && file[2] === 0xbf) return file.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return new TextDecoder('windows-1252').decode(file);
  }
}

/** A CSV's separator: whichever of semicolon, comma and tab its first lines hold most, outside quotes. */
export function csvSeparator(text: string): string {
  const counts = new Map([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  let lines = 0;
  for (const char of text.slice(0, 65_536)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
    else if (!quoted && char === '\n' && ++lines >= 20) break;
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/** The one sheet of a CSV (the name a spreadsheet program gives it). */
const CSV_SHEET = 'Sheet1';
/** How much of a CSV's text the parser is given at a time. */
const CSV_CHUNK = 65_536;

/**
 * A CSV streamed record by record by csv-parse: a body's whole quarter saved as CSV (24 MB, 50,000
 * rows) needed 140 MB to be held whole, over what the reading thread may use. Its cells are the
 * text it holds (the columns' readings parse it); ragged rows and stray quotes are read as they
 * come; a row's number counts the records before it, blank ones included.
 */
function csvBook(file: Buffer): Book {
  const text = csvText(file);
  const delimiter = csvSeparator(text);
  return {
    kind: 'csv',
    sheetNames: [CSV_SHEET],
    rows: () => failingAsFile(csvRows(text, delimiter)),
    // For the progress only: a line break inside quotes counts as a row.
    declaredLastRow: () => lineCount(text),
  };
}

/** How many lines a text has (a last line without its break counts), without splitting it. */
function lineCount(text: string): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return text.length > 0 && !text.endsWith('\n') ? lines + 1 : lines;
}

async function* csvRows(text: string, delimiter: string): AsyncGenerator<WorkbookRow> {
  function* chunks() {
    for (let start = 0; start < text.length; start += CSV_CHUNK) yield text.slice(start, start + CSV_CHUNK);
  }
  const records = Readable.from(chunks()).pipe(
    parseCsv({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false }),
  );
  let number = 0;
  for await (const record of records as AsyncIterable<string[]>) {
    number++;
    if (!record.some((cell) => cell !== '')) continue;
    yield {
      number,
      cellAt: (column) => {
        const value = record[column];
        return value === undefined || value === '' ? undefined : { value, hyperlink: null };
      },
    };
  }
}

/**
 * A legacy .xls, read whole by SheetJS (loaded only for these rare files). Dates stay Excel serials
 * (read as calendar days by the date columns, with no time zone involved); hyperlinks give their
 * target.
 */
async function sheetJsBook(file: Buffer, kind: 'cfb', maxRows: number): Promise<Book> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(file, { type: 'buffer', dense: true, cellDates: false, sheetRows: maxRows + 12 });
  const dataOf = (name?: string) => {
    const sheet = book.Sheets[name ?? book.SheetNames[0] ?? ''];
    return (sheet?.['!data'] ?? []) as (import('@e965/xlsx').CellObject[] | undefined)[];
  };
  return {
    kind,
    sheetNames: book.SheetNames,
    rows: (name) => failingAsFile(sheetJsRows(dataOf(name))),
    declaredLastRow: (name) => dataOf(name).length,
  };
}

async function* sheetJsRows(
  data: (import('@e965/xlsx').CellObject[] | undefined)[],
): AsyncGenerator<WorkbookRow> {
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
