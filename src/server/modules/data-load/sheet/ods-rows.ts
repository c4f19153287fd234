import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { XlsxRow } from './xlsx-rows';
import { localName, parse } from './xlsx-rows';
import type { ZipEntry } from './zip';

/**
 * An OpenDocument spreadsheet (.ods, as LibreOffice and the platform save it) read like an .xlsx:
 * its content.xml streamed through a SAX parser, one table at a time, keeping only the current
 * row. Cells give what they hold: numbers (floats, percentages, currency) their value, dates a
 * Date at UTC midnight (or the instant given), booleans, and text (paragraphs joined by line
 * breaks, `text:s` spaces and tabs kept); a link's target is the cell's hyperlink. Repeated cells
 * and rows (`number-columns-repeated`, `number-rows-repeated`) are unrolled when they hold
 * something, and only counted when they are empty (a sheet ends in a million empty ones).
 */

/** At most this many columns are read (a repeated cell may claim 16,384). */
const MAX_COLUMNS = 1_024;

/** An attribute of a tag by its local name (`table:name` or any prefix the file uses). */
function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  for (const [key, value] of Object.entries(tag.attributes)) if (localName(key) === name) return value;
  return undefined;
}

/** A repetition count: a whole number of at least 1. */
function repeated(tag: SaxesTagPlain, name: string): number {
  const count = Number(attribute(tag, name) ?? 1);
  return Number.isInteger(count) && count > 1 ? count : 1;
}

/** The value of a cell from its type and attributes, or null when it takes its text. */
function typedValue(tag: SaxesTagPlain): unknown {
  switch (attribute(tag, 'value-type')) {
    case 'float':
    case 'percentage':
    case 'currency': {
      const number = Number(attribute(tag, 'value'));
      return Number.isFinite(number) ? number : null;
    }
    case 'date': {
      const text = attribute(tag, 'date-value') ?? '';
      const date = new Date(/T/.test(text) ? `${text.replace(/Z?$/, '')}Z` : `${text}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? null : date;
    }
    case 'boolean':
      return attribute(tag, 'boolean-value') === 'true';
    default:
      return null;
  }
}

/** The names of an .ods's tables (its sheets), in order. */
export async function odsSheetNames(zip: Buffer, content: ZipEntry, maxBytes: number): Promise<string[]> {
  const names: string[] = [];
  let depth = 0;
  const parser = new SaxesParser();
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (localName(tag.name) !== 'table') return;
    if (depth++ === 0) names.push(attribute(tag, 'name') ?? `Hoja${names.length + 1}`);
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    if (localName(tag.name) === 'table') depth--;
  });
  for await (const _ of parse(zip, content, parser, { bytes: maxBytes }));
  return names;
}

/** The rows of the table named `sheet` that hold something, streamed. */
export async function* odsRows(
  zip: Buffer,
  content: ZipEntry,
  sheet: string,
  maxBytes: number,
): AsyncGenerator<XlsxRow> {
  // Rows parsed from the last chunk, a repeated row once with its count (unrolled as it is read).
  const ready: { number: number; count: number; values: unknown[]; links: (string | undefined)[] }[] = [];
  let tableDepth = 0;
  let inSheet = false;
  let done = false;
  let nextRow = 1;
  let rowNumber = 0;
  let rowRepeat = 1;
  let values: unknown[] = [];
  let links: (string | undefined)[] = [];
  let column = 0;
  let cell: { repeat: number; value: unknown; text: string; paragraphs: number; link?: string } | null = null;

  const parser = new SaxesParser();
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (name === 'table') {
      tableDepth++;
      if (tableDepth === 1 && attribute(tag, 'name') === sheet) inSheet = true;
      return;
    }
    if (!inSheet || tableDepth !== 1) return;
    switch (name) {
      case 'table-row':
        rowNumber = nextRow;
        rowRepeat = repeated(tag, 'number-rows-repeated');
        nextRow += rowRepeat;
        values = [];
        links = [];
        column = 0;
        break;
      case 'table-cell':
      case 'covered-table-cell':
        cell = {
          repeat: repeated(tag, 'number-columns-repeated'),
          value: typedValue(tag),
          text: '',
          paragraphs: 0,
        };
        break;
      case 'p':
        if (cell && cell.paragraphs++ > 0) cell.text += '\n';
        break;
      case 's':
        if (cell) cell.text += ' '.repeat(Math.min(repeated(tag, 'c'), 1_000));
        break;
      case 'tab':
        if (cell) cell.text += '\t';
        break;
      case 'line-break':
        if (cell) cell.text += '\n';
        break;
      case 'a':
        if (cell) cell.link ??= attribute(tag, 'href');
        break;
    }
  });
  const onText = (text: string) => {
    if (cell && inSheet) cell.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (name === 'table') {
      if (tableDepth-- === 1 && inSheet) {
        inSheet = false;
        done = true;
      }
      return;
    }
    if (!inSheet || tableDepth !== 1) return;
    if ((name === 'table-cell' || name === 'covered-table-cell') && cell) {
      const value = cell.value ?? (cell.paragraphs > 0 || cell.text !== '' ? detached(cell.text) : null);
      if (value !== null && value !== '')
        for (let index = 0; index < cell.repeat && column + index < MAX_COLUMNS; index++) {
          values[column + index] = value;
          if (cell.link) links[column + index] = cell.link;
        }
      column += cell.repeat;
      cell = null;
    } else if (name === 'table-row' && values.length > 0) {
      // A repeated row that holds something is that many rows (rare; a template's copied line).
      ready.push({ number: rowNumber, count: rowRepeat, values, links });
    }
  });
  for await (const _ of parse(zip, content, parser, { bytes: maxBytes })) {
    for (const row of ready.splice(0))
      for (let index = 0; index < row.count; index++) yield rowOf(row.number + index, row.values, row.links);
    if (done) return;
  }
}

/**
 * The text as a string of its own: the parser's text is a slice of its 64 KB chunk, and a row kept
 * for later (a sub-table's, read before the main sheet) would keep every chunk it came from (94 MB
 * instead of 20 for 150,000 sub-table rows). Joining flattens it into a copy; V8 copies slices
 * shorter than 13 characters anyway.
 */
const detached = (text: string) => (text.length < 13 ? text : ` ${text}`.slice(1));

function rowOf(number: number, values: unknown[], links: (string | undefined)[]): XlsxRow {
  return {
    number,
    cellAt: (index) => {
      if (!(index in values)) return undefined;
      const link = links[index];
      return link ? { value: values[index], hyperlink: link } : { value: values[index] };
    },
  };
}
