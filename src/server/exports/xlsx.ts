import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { formatDate } from '../../shared/format/dates';
import { webLink } from '../../shared/format/links';
import { catchUp, loadExcel, ROWS_PER_CATCH_UP } from '../lib/excel';
import { type ExportColumn, type ExportDocument, type ExportSection, PRODUCT_NAME } from './document';

/** Excel's own currency look: `$1,234.56`, negatives red with a minus sign. */
export const MONEY_FORMAT = '"$"#,##0.00;[Red]-"$"#,##0.00';
export const COUNT_FORMAT = '#,##0';
export const DATE_FORMAT = 'dd/mm/yyyy';

const DEFAULT_WIDTH = 18;
/** Excel refuses longer texts in a cell (and calls the file damaged). */
const MAX_CELL_TEXT = 32_767;
/** Excel keeps at most 66,530 hyperlinks per sheet and 2,079 characters per address; past them, plain text. */
const MAX_HYPERLINKS_PER_SHEET = 65_530;
const MAX_HYPERLINK_LENGTH = 2_079;
/** 1,048,576 rows per sheet, one of them the header: longer sections continue on a new sheet. */
const MAX_DATA_ROWS_PER_SHEET = 1_048_575;
const LINK_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FF0563C1' }, underline: true };

type Sheet = ExcelJS.Worksheet;

/**
 * Sheet names: at most 31 characters, none of \ / ? * [ ] :, no leading or trailing
 * apostrophe, unique regardless of case. Anything else makes Excel reject the file.
 */
export function sheetName(title: string, taken: Set<string>, suffix = ''): string {
  const clean = title
    .replace(/[\\/?*[\]:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '');
  const base = (clean || 'Hoja').slice(0, 31 - suffix.length).trim();
  let name = `${base}${suffix}`;
  for (let copy = 2; taken.has(name.toLowerCase()); copy += 1) {
    const more = `${suffix} (${copy})`;
    name = `${base.slice(0, 31 - more.length).trim()}${more}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

function text(value: string): string {
  return value.length > MAX_CELL_TEXT ? value.slice(0, MAX_CELL_TEXT) : value;
}

/** 'YYYY-MM-DD' as UTC midnight, which exceljs stores as a whole-day Excel serial. */
function calendarDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

interface SheetState {
  sheet: Sheet;
  rows: number;
  links: number;
}

/**
 * Each column's cell style, one object shared by every cell of the column (and one for its linked
 * cells): exceljs makes every new cell a style object of its own and renders each one's XML to look
 * up its style number, unless it has seen that very object before (half of a workbook's CPU was
 * that look-up, 0.3 ms a row). Shared objects are looked up once; never changed after.
 */
interface ColumnStyles {
  plain: readonly Partial<ExcelJS.Style>[];
  linked: readonly Partial<ExcelJS.Style>[];
}

function columnStyles(columns: readonly ExportColumn<unknown>[]): ColumnStyles {
  const plain = columns.map((column) => {
    const numFmt = columnFormat(column);
    return Object.freeze(numFmt ? { numFmt } : {});
  });
  return { plain, linked: plain.map((style) => Object.freeze({ ...style, font: LINK_FONT })) };
}

function cellValue<T>(column: ExportColumn<T>, row: T, state: SheetState): ExcelJS.CellValue {
  const value = column.value(row);
  if (value === null || value === undefined || value === '') return null;
  switch (column.kind) {
    case 'money':
    case 'count': {
      const number = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(number) ? number : text(String(value));
    }
    case 'date':
      return calendarDate(String(value)) ?? text(String(value));
    case 'url': {
      const url = String(value);
      const link = webLink(url);
      const linkable = link && link.length <= MAX_HYPERLINK_LENGTH && state.links < MAX_HYPERLINKS_PER_SHEET;
      if (!linkable) return text(url);
      state.links += 1;
      return { text: url, hyperlink: link };
    }
    default:
      return text(String(value));
  }
}

function columnFormat(column: ExportColumn<unknown>): string | undefined {
  if (column.kind === 'money') return MONEY_FORMAT;
  if (column.kind === 'count') return COUNT_FORMAT;
  if (column.kind === 'date') return DATE_FORMAT;
  return undefined;
}

function addTableSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  section: ExportSection<unknown>,
) {
  const width = section.columns.length;
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    ...(width > 0 ? { autoFilter: { from: { row: 1, column: 1 }, to: { row: 1, column: width } } } : {}),
  });
  sheet.columns = section.columns.map((column) => {
    const numFmt = columnFormat(column);
    return { width: column.width ?? DEFAULT_WIDTH, ...(numFmt ? { style: { numFmt } } : {}) };
  });
  const header = sheet.addRow(section.columns.map((column) => column.header));
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.numFmt = 'General';
  });
  header.commit();
  return sheet;
}

function writeSummary(workbook: ExcelJS.stream.xlsx.WorkbookWriter, doc: ExportDocument): void {
  const sheet = workbook.addWorksheet('Resumen');
  sheet.columns = [{ width: 42 }, { width: 60 }];
  const add = (values: ExcelJS.CellValue[], font?: Partial<ExcelJS.Font>, numFmt?: string) => {
    const row = sheet.addRow(values);
    if (font) row.getCell(1).font = font;
    if (numFmt) row.getCell(2).numFmt = numFmt;
    row.commit();
  };
  add([doc.title], { bold: true, size: 16 });
  add([`Fecha de consulta: ${formatDate(doc.consultedAt)}`]);
  add([`Consultado en ${PRODUCT_NAME}`]);
  add([doc.organizationName], { bold: true });
  add([]);
  add(['Filtrado por'], { bold: true });
  if (doc.filters.length === 0) add(['Sin filtros']);
  for (const filter of doc.filters) add([filter.label, text(filter.values.join(', '))]);
  if (doc.summary.length > 0) add([]);
  for (const figure of doc.summary) {
    const value = Number.isFinite(figure.value) ? figure.value : 0; // as formatMoney shows it
    add([figure.label, value], undefined, figure.kind === 'money' ? MONEY_FORMAT : COUNT_FORMAT);
  }
  if (doc.note) {
    add([]);
    add([doc.note], { italic: true });
  }
  sheet.commit();
}

async function write(doc: ExportDocument, output: PassThrough): Promise<void> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  workbook.creator = PRODUCT_NAME;
  workbook.created = doc.consultedAt;
  try {
    writeSummary(workbook, doc);
    const taken = new Set(['resumen']);
    for (const section of doc.sections as readonly ExportSection<unknown>[]) {
      const name = sheetName(section.title, taken);
      let state: SheetState = { sheet: addTableSheet(workbook, name, section), rows: 0, links: 0 };
      const styles = columnStyles(section.columns);
      let part = 1;
      for await (const row of section.rows) {
        if (state.rows === MAX_DATA_ROWS_PER_SHEET) {
          state.sheet.commit();
          part += 1;
          const next = sheetName(section.title, taken, ` (${part})`);
          state = { sheet: addTableSheet(workbook, next, section), rows: 0, links: 0 };
        }
        const current = state;
        const values = section.columns.map((column) => cellValue(column, row, current));
        const added = current.sheet.addRow(values);
        values.forEach((value, index) => {
          const linked = value !== null && typeof value === 'object' && 'hyperlink' in value;
          added.getCell(index + 1).style = (linked ? styles.linked : styles.plain)[index]!;
        });
        added.commit();
        state.rows += 1;
        if (state.rows % ROWS_PER_CATCH_UP === 0) await catchUp(output, state.sheet);
      }
      state.sheet.commit();
    }
    await workbook.commit();
  } catch (error) {
    (workbook as unknown as { zip?: { abort?: () => void } }).zip?.abort?.();
    throw error;
  }
}

/**
 * The XLSX download, streamed: rows are written and committed one by one and the zip flows
 * to the caller as it is produced, so 500,000 contracts never sit in memory as a workbook.
 * Every few hundred rows it waits for the reader (back-pressure) and yields to other
 * requests. A failure while reading rows destroys the returned stream with that error.
 */
export function renderXlsx(doc: ExportDocument): Readable {
  const output = new PassThrough();
  write(doc, output).catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
