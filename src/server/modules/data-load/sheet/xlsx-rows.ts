import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { RawCell } from './sheet-reader';
import { entryStream, firstSheetEntry, inflated, type ZipEntry, zipEntries } from './zip';

/**
 * The first worksheet of an .xlsx, row by row, read with a SAX parser over the inflated sheet (a
 * few kilobytes at a time). Only what a load needs is kept: the shared strings (as plain strings),
 * which cell styles are dates, and the current row. Formulas give their saved result; dates are
 * the numbers of a date-formatted cell (or `t="d"` cells); errors their text ('#N/A').
 */

export interface XlsxRow {
  /** The Excel row number. */
  number: number;
  cellAt(index: number): RawCell | undefined;
}

/** The whole file's inflated content passed this many bytes (a zip whose directory lied). */
export class InflatedTooLarge extends Error {}

/** Excel's built-in number formats that show dates or times. */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/** Whether a format code shows a date or time (quoted text and [colour]/[locale] parts aside). */
export function isDateFormat(code: string): boolean {
  const bare = code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return /[ymdhsb]/i.test(bare.replace(/General/gi, ''));
}

/** An Excel serial (days since 1899-12-30, or 1904-01-01) as the instant at UTC midnight plus the fraction. */
export function excelSerialDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

/** A tag's or attribute's name without its namespace prefix. */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function entryNamed(entries: readonly ZipEntry[], name: string) {
  const wanted = name.toLowerCase();
  return entries.find((entry) => entry.name.toLowerCase() === wanted);
}

/** For each cell style (its `s`), whether it formats numbers as dates. */
function dateStyles(stylesXml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const [tag] of stylesXml.matchAll(/<(?:\w+:)?numFmt\b[^>]*>/g)) {
    const id = /\bnumFmtId="(\d+)"/.exec(tag)?.[1];
    const code = /\bformatCode="([^"]*)"/.exec(tag)?.[1];
    if (id && code !== undefined) custom.set(Number(id), code.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
  }
  const cellXfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(stylesXml)?.[1] ?? '';
  const styles: boolean[] = [];
  for (const [tag] of cellXfs.matchAll(/<(?:\w+:)?xf\b[^>]*>/g)) {
    const id = Number(/\bnumFmtId="(\d+)"/.exec(tag)?.[1] ?? 0);
    const code = custom.get(id);
    styles.push(code === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(code));
  }
  return styles;
}

/** Feeds an entry to a SAX parser chunk by chunk, yielding after each one (the .ods reader's too). */
export async function* parse(
  zip: Buffer,
  entry: ZipEntry,
  parser: SaxesParser,
  budget: { bytes: number },
): AsyncGenerator<void> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of entryStream(zip, entry)) {
    budget.bytes -= (chunk as Buffer).length;
    if (budget.bytes < 0) throw new InflatedTooLarge();
    parser.write(decoder.write(chunk as Buffer));
    yield;
  }
  parser.write(decoder.end());
  parser.close();
  yield;
}

/**
 * The shared strings table: each <si>'s text (rich text runs joined, phonetic hints left out),
 * kept as one string and the offsets of its pieces: a sheet of 100,000 rows has hundreds of
 * thousands of them, and one string each (sliced from the parser's chunks) would cost several
 * times their text.
 */
class SharedStrings {
  private constructor(
    private readonly text: string,
    private readonly ends: Uint32Array,
  ) {}

  /** The table from its pieces' text, joined, and each piece's length. */
  static of(text: string, lengths: readonly number[]): SharedStrings {
    const ends = new Uint32Array(lengths.length);
    let end = 0;
    for (const [index, length] of lengths.entries()) {
      end += length;
      ends[index] = end;
    }
    return new SharedStrings(text, ends);
  }

  at(index: number): string | null {
    if (!(index >= 0 && index < this.ends.length)) return null;
    return this.text.slice(index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }
}

async function sharedStrings(zip: Buffer, entry: ZipEntry | undefined, budget: { bytes: number }) {
  if (!entry) return SharedStrings.of('', []);
  const pieces: string[] = [];
  const parser = new SaxesParser();
  let text: string | null = null;
  let inText = false;
  let phonetic = 0;
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (name === 'si') text = '';
    else if (name === 'rPh') phonetic++;
    else if (name === 't' && phonetic === 0) inText = true;
  });
  const onText = (value: string) => {
    if (inText && text !== null) text += value;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') phonetic--;
    else if (name === 'si') {
      pieces.push(text ?? '');
      text = null;
    }
  });
  // The pieces are joined every so often so that they stop holding the parser's chunks.
  const joined: string[] = [];
  const lengths: number[] = [];
  const keep = () => {
    joined.push(pieces.join(''));
    for (const piece of pieces) lengths.push(piece.length);
    pieces.length = 0;
  };
  for await (const _ of parse(zip, entry, parser, budget)) if (pieces.length >= 10_000) keep();
  keep();
  return SharedStrings.of(joined.join(''), lengths);
}

/** A worksheet of an .xlsx: its name (the tab's) and its part in the zip. */
export interface XlsxSheet {
  name: string;
  entry: ZipEntry;
}

/**
 * The worksheets of an .xlsx in the workbook's order, by name (xl/workbook.xml and its
 * relationships); a workbook whose parts do not say gives its worksheet parts by file name.
 */
export function xlsxSheets(zip: Buffer, entries: readonly ZipEntry[]): XlsxSheet[] {
  const workbookPart = entryNamed(entries, 'xl/workbook.xml');
  const relsPart = entryNamed(entries, 'xl/_rels/workbook.xml.rels');
  const targets = new Map<string, string>();
  if (relsPart)
    for (const [tag] of inflated(zip, relsPart).matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
      const id = /\bId="([^"]+)"/.exec(tag)?.[1];
      const target = /\bTarget="([^"]*)"/.exec(tag)?.[1];
      if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
    }
  const sheets: XlsxSheet[] = [];
  if (workbookPart)
    for (const [tag] of inflated(zip, workbookPart).matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
      const name = /\bname="([^"]*)"/.exec(tag)?.[1];
      const id = /\br:id="([^"]+)"/.exec(tag)?.[1] ?? /\b\w+:id="([^"]+)"/.exec(tag)?.[1];
      const target = id ? targets.get(id) : undefined;
      const entry = target ? entryNamed(entries, target.replace(/\/\.\//g, '/')) : undefined;
      if (name !== undefined && entry) sheets.push({ name: decodeXml(name), entry });
    }
  if (sheets.length > 0) return sheets;
  return entries
    .filter((entry) => /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name))
    .map((entry) => ({ name: entry.name.slice(14, -4), entry }));
}

/** An XML attribute's text with its five predefined entities decoded. */
export const decodeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * An .xlsx opened for reading any of its worksheets row by row: the shared strings, the date
 * styles and the date system are read once (at the first sheet asked for); `maxBytes` bounds what
 * the sheets and the strings may inflate to together, whatever the zip's directory says.
 */
export class XlsxBook {
  private prepared: Promise<{ strings: SharedStrings; isDate: boolean[]; date1904: boolean }> | null = null;
  private readonly budget: { bytes: number };

  constructor(
    private readonly zip: Buffer,
    private readonly entries: readonly ZipEntry[],
    maxBytes: number,
  ) {
    this.budget = { bytes: maxBytes };
  }

  private prepare() {
    this.prepared ??= (async () => {
      const { zip, entries } = this;
      const workbookPart = entryNamed(entries, 'xl/workbook.xml');
      const date1904 = workbookPart ? /\bdate1904="(?:1|true)"/.test(inflated(zip, workbookPart)) : false;
      const stylesPart = entryNamed(entries, 'xl/styles.xml');
      const isDate = stylesPart ? dateStyles(inflated(zip, stylesPart)) : [];
      const strings = await sharedStrings(zip, entryNamed(entries, 'xl/sharedStrings.xml'), this.budget);
      return { strings, isDate, date1904 };
    })();
    return this.prepared;
  }

  /** A worksheet's rows that have cells, streamed; `links` are its hyperlink targets by cell reference. */
  async *rows(sheet: ZipEntry, links: ReadonlyMap<string, string>): AsyncGenerator<XlsxRow> {
    const { strings, isDate, date1904 } = await this.prepare();
    yield* sheetRows(this.zip, sheet, links, this.budget, strings, isDate, date1904);
  }
}

/**
 * The first worksheet's rows that have cells, streamed. `links` are the hyperlink targets by cell
 * reference (workbook.ts reads them first); `maxBytes` bounds what the sheet and its strings may
 * inflate to, whatever the zip's directory says.
 */
export async function* xlsxRows(
  zip: Buffer,
  links: ReadonlyMap<string, string>,
  maxBytes: number,
): AsyncGenerator<XlsxRow> {
  const entries = zipEntries(zip);
  const sheet = entries && firstSheetEntry(entries);
  if (!entries || !sheet) throw new Error('no worksheet');
  yield* new XlsxBook(zip, entries, maxBytes).rows(sheet, links);
}

async function* sheetRows(
  zip: Buffer,
  sheet: ZipEntry,
  links: ReadonlyMap<string, string>,
  budget: { bytes: number },
  strings: SharedStrings,
  isDate: boolean[],
  date1904: boolean,
): AsyncGenerator<XlsxRow> {
  const ready: XlsxRow[] = [];
  let rowNumber = 0;
  let cells: unknown[] | null = null;
  let column = -1;
  let type = 'n';
  let style = 0;
  let value = '';
  let hasValue = false;
  let inValue = false;
  let inline = '';
  let inInline = false;
  let inInlineText = false;
  let phonetic = 0;

  const cellValue = (): unknown => {
    if (type === 'inlineStr') return inline;
    if (!hasValue) return null;
    switch (type) {
      case 's':
        return strings.at(Number.parseInt(value, 10));
      case 'str':
        return value;
      case 'e':
        return value;
      case 'b':
        return Number.parseInt(value, 10) !== 0;
      case 'd': {
        const date = new Date(value);
        return Number.isNaN(date.getTime()) ? value : date;
      }
      default: {
        if (value.trim() === '') return null;
        const number = Number(value);
        if (Number.isNaN(number)) return value;
        return isDate[style] ? excelSerialDate(number, date1904) : number;
      }
    }
  };

  const parser = new SaxesParser();
  parser.on('opentag', (tag: SaxesTagPlain) => {
    switch (localName(tag.name)) {
      case 'row': {
        const r = Number(tag.attributes.r);
        rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
        cells = [];
        column = -1;
        break;
      }
      case 'c': {
        const ref = /^([A-Z]+)/.exec(tag.attributes.r ?? '')?.[1];
        column = ref ? columnIndex(ref) : column + 1;
        type = tag.attributes.t ?? 'n';
        style = Number(tag.attributes.s ?? 0) || 0;
        value = '';
        hasValue = false;
        inline = '';
        break;
      }
      case 'v':
        inValue = true;
        break;
      case 'is':
        inInline = true;
        break;
      case 'rPh':
        phonetic++;
        break;
      case 't':
        if (inInline && phonetic === 0) inInlineText = true;
        break;
    }
  });
  const onText = (text: string) => {
    if (inValue) value += text;
    else if (inInlineText) inline += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag: SaxesTagPlain) => {
    switch (localName(tag.name)) {
      case 'v':
        inValue = false;
        hasValue = true;
        break;
      case 'is':
        inInline = false;
        break;
      case 'rPh':
        phonetic--;
        break;
      case 't':
        inInlineText = false;
        break;
      case 'c':
        if (cells && column >= 0) cells[column] = cellValue();
        break;
      case 'row':
        if (cells && cells.length > 0) ready.push(rowOf(rowNumber, cells, links));
        cells = null;
        break;
    }
  });
  for await (const _ of parse(zip, sheet, parser, budget)) if (ready.length > 0) yield* ready.splice(0);
}

function rowOf(number: number, values: unknown[], links: ReadonlyMap<string, string>): XlsxRow {
  return {
    number,
    cellAt: (index) => {
      const value = values[index] ?? null;
      const target = links.size > 0 ? links.get(`${columnLetters(index)}${number}`) : undefined;
      return target ? { value, hyperlink: target } : { value };
    },
  };
}

/** The 0-based index of column letters (A → 0, AA → 26). */
export function columnIndex(letters: string): number {
  let index = 0;
  for (const char of letters) index = index * 26 + (char.charCodeAt(0) - 64);
  return index - 1;
}

/** The column letters of a 0-based index (0 → A, 26 → AA). */
export function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}
