import { cleanCell, foldForMatch } from '../../../../shared/contracts/sheet';
import {
  type LinkedRows,
  LoadFileError,
  type OpenedSheet,
  type ReadLimits,
  type SheetRow,
} from '../sheet/sheet-reader';
import { type Book, EMPTY_SHEET, tooManyRows, type WorkbookRow } from '../sheet/workbook';
import {
  conceptOf,
  formatLabel,
  isFormat28HeaderRow,
  MAIN_CONCEPTS,
  type MainConcept,
  normaliseHeader,
  SUB_CONCEPTS,
  SUB_TABLES,
  type SubConcept,
  type SubTable,
  subTableSheetOf,
} from './headers';

/**
 * The reader of the national transparency platform's format-28 workbooks (pnt-import-rules.md,
 * pnt-format-28.md §1 and §4): the main sheet found by its name or its headers, its header row
 * found by content within the first twelve rows, each column matched to a concept by its header,
 * and each row's sub-table IDs resolved to the rows of their `Tabla_NNNNNN` sheets, read first.
 * Not a format-28 workbook: null, and the template's reader takes it.
 */

/** The main sheet's name in every file the platform generates. */
export const MAIN_SHEET = 'Reporte de Formatos';
/** How many rows at the top of the main sheet are looked at for the headers. */
const HEAD_ROWS = 12;
/** How many columns are looked at (the 2024 format has 87). */
const HEAD_COLUMNS = 160;

export const headersNotFound = (sheet: string) =>
  `La hoja «${sheet}» no tiene los encabezados del Formato 28 (Ejercicio, Tipo de procedimiento…) en sus primeras ${HEAD_ROWS} filas.`;
export const missingSubTableInfo = (sheet: string, header: string) =>
  `No se encontró la hoja ${sheet} («${header}»): los contratos se cargan sin esos datos.`;
export const recognisedMessage = (label: string) => `Se reconoció el ${label}.`;
export const ignoredColumnsMessage = (headers: readonly string[]) =>
  `Se ignoraron las columnas: ${headers.join(', ')}.`;

/** The main sheet's layout: where its headers are, which concept each column is, its sub-tables' sheets. */
interface Layout {
  headerRow: number;
  columns: Map<number, MainConcept>;
  headers: string[];
  unknown: string[];
  subTables: Map<SubTable, { column: number; sheet: string | null; header: string }>;
}

/** The text of a cell of a header row. */
const headerText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The layout a row of headers gives, or null when it is not format 28's. */
function layoutOf(row: WorkbookRow): Layout | null {
  const raw: string[] = [];
  for (let index = 0; index < HEAD_COLUMNS; index++) raw.push(headerText(row.cellAt(index)?.value));
  const normalised = raw.map(normaliseHeader);
  if (!isFormat28HeaderRow(normalised)) return null;
  const columns = new Map<number, MainConcept>();
  const taken = new Set<MainConcept>();
  const unknown: string[] = [];
  const subTables: Layout['subTables'] = new Map();
  normalised.forEach((header, index) => {
    if (header === '') return;
    const concept = conceptOf(MAIN_CONCEPTS, header, taken);
    if (!concept) {
      const shown = cleanCell(raw[index]!.replace(/\(?\s*Tabla_\d+\s*\)?\s*$/i, ''));
      if (!unknown.includes(shown)) unknown.push(shown);
      return;
    }
    taken.add(concept);
    columns.set(index, concept);
    if ((SUB_TABLES as readonly string[]).includes(concept))
      subTables.set(concept as SubTable, {
        column: index,
        sheet: subTableSheetOf(raw[index]!),
        header: cleanCell(raw[index]!.replace(/\(?\s*Tabla_\d+\s*\)?\s*$/i, '')),
      });
  });
  return { headerRow: row.number, columns, headers: normalised.filter(Boolean), unknown, subTables };
}

/** A sub-table row's ID (a whole number above 0), or null: `0`, blank, `Colocar el ID…` and other text mean none. */
export function linkId(value: unknown): string | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? String(value) : null;
  if (typeof value !== 'string') return null;
  const text = cleanCell(value);
  if (!/^\d+(\.0+)?$/.test(text)) return null;
  const id = String(Number.parseInt(text, 10));
  return id === '0' ? null : id;
}

/** Which sub-table a sheet's headers (after `ID`) look like, when the main sheet's header does not name it. */
function subTableOfHeaders(headers: readonly string[]): SubTable | null {
  const text = headers.join(' | ');
  if (text.includes('NUMERO DE CONVENIO')) return 'amendments';
  if (text.includes('BENEFICIARIA')) return 'beneficialOwners';
  if (text.includes('PARTIDA PRESUPUESTAL')) return 'budgetLines';
  if (text.includes('SERVIDOR')) return 'clarificationOfficials';
  if (text.includes('JUNTA DE ACLARACIONES')) return 'clarificationAttendees';
  if (text.includes('PRESENTARON UNA PROPOSICION') || text.includes('COTIZACION')) return 'bidders';
  if (text.includes('POSIBLES')) return 'invited';
  return null;
}

/** A sub-table sheet read whole: its rows by ID, each row's cells by sub-table concept. */
async function readSubTable(
  book: Book,
  sheet: string,
  limits: ReadLimits,
): Promise<{ headers: string[]; byId: Map<string, Record<string, unknown>[]> }> {
  const byId = new Map<string, Record<string, unknown>[]>();
  let columns: Map<number, SubConcept> | null = null;
  let headers: string[] = [];
  let count = 0;
  for await (const row of book.rows(sheet)) {
    if (!columns) {
      // The header row is the one whose first cell is `ID` (row 3 in every real file).
      if (row.number > HEAD_ROWS || foldForMatch(headerText(row.cellAt(0)?.value)) !== 'ID') continue;
      columns = new Map();
      const taken = new Set<SubConcept>();
      for (let index = 1; index < 40; index++) {
        const header = normaliseHeader(headerText(row.cellAt(index)?.value));
        if (header === '') continue;
        headers.push(header);
        const concept = conceptOf(SUB_CONCEPTS, header, taken);
        if (concept) {
          taken.add(concept);
          columns.set(index, concept);
        }
      }
      continue;
    }
    const id = linkId(row.cellAt(0)?.value);
    if (!id) continue;
    if (++count > limits.maxRows) throw new LoadFileError(tooManyRows(limits.maxRows));
    const cells: Record<string, unknown> = {};
    for (const [index, concept] of columns) {
      const value = row.cellAt(index)?.value;
      if (value !== null && value !== undefined && value !== '') cells[concept] = value;
    }
    const list = byId.get(id);
    if (list) list.push(cells);
    else byId.set(id, [cells]);
  }
  headers = headers.slice(0, 12);
  return { headers, byId };
}

/**
 * Opens a workbook as format 28, or says it is not one (null). The sub-tables are read whole
 * before the main sheet's rows (they are a fraction of it); a missing sub-table sheet is a message
 * of the review, and the contracts load without those links.
 */
export async function readFormat28Book(
  book: Book,
  limits: ReadLimits,
): Promise<OpenedSheet | { error: string } | null> {
  const mainSheet = book.sheetNames.find((name) => foldForMatch(name) === foldForMatch(MAIN_SHEET));
  const sheetName = mainSheet ?? book.sheetNames[0];
  const rows = book.rows(sheetName);
  const head: WorkbookRow[] = [];
  let layout: Layout | null = null;
  try {
    for (let next = await rows.next(); !next.done; next = await rows.next()) {
      head.push(next.value);
      layout = layoutOf(next.value);
      if (layout || next.value.number >= HEAD_ROWS) break;
    }
  } catch (error) {
    if (error instanceof LoadFileError) return mainSheet ? { error: error.message } : null;
    throw error;
  }
  if (!layout) {
    await rows.return(undefined);
    return mainSheet ? { error: headersNotFound(mainSheet) } : null;
  }

  const messages = [recognisedMessage(formatLabel(layout.headers))];
  const linked = new Map<SubTable, Map<string, Record<string, unknown>[]>>();
  const sheetsLeft = new Set(book.sheetNames.filter((name) => /^Tabla_\d+$/i.test(name)));
  try {
    // Sheets named by the headers first; then the others, recognised by their own headers.
    const unnamed: SubTable[] = [];
    for (const [table, { sheet, header }] of layout.subTables) {
      if (sheet && sheetsLeft.has(sheet)) {
        sheetsLeft.delete(sheet);
        linked.set(table, (await readSubTable(book, sheet, limits)).byId);
      } else if (sheet) messages.push(missingSubTableInfo(sheet, header));
      else unnamed.push(table);
    }
    if (unnamed.length > 0)
      for (const sheet of sheetsLeft) {
        const read = await readSubTable(book, sheet, limits);
        const table = subTableOfHeaders(read.headers);
        if (table && unnamed.includes(table) && !linked.has(table)) linked.set(table, read.byId);
      }
  } catch (error) {
    if (error instanceof LoadFileError) return { error: error.message };
    throw error;
  }
  if (layout.unknown.length > 0) messages.push(ignoredColumnsMessage(layout.unknown));
  const lastRow = book.declaredLastRow(sheetName);
  return {
    total: lastRow === null ? null : Math.max(0, lastRow - layout.headerRow),
    messages,
    rows: dataRows(layout, head, rows, linked, limits.maxRows),
  };
}

/** The rows below the headers (blank ones included), each cell under its concept, its links resolved. */
async function* dataRows(
  layout: Layout,
  head: WorkbookRow[],
  rest: AsyncGenerator<WorkbookRow>,
  linked: ReadonlyMap<SubTable, ReadonlyMap<string, Record<string, unknown>[]>>,
  maxRows: number,
): AsyncGenerator<SheetRow> {
  let count = 0;
  const rowOf = (row: WorkbookRow): SheetRow => {
    count++;
    // By the row's number too: a sheet's empty rows are not streamed, but they are rows of the file.
    if (count > maxRows || row.number - layout.headerRow > maxRows)
      throw new LoadFileError(tooManyRows(maxRows));
    const cells: Record<string, ReturnType<WorkbookRow['cellAt']>> = {};
    for (const [index, concept] of layout.columns) cells[concept] = row.cellAt(index);
    const links: Record<string, LinkedRows> = {};
    for (const [table, { column }] of layout.subTables) {
      const id = linkId(row.cellAt(column)?.value);
      const sheet = linked.get(table);
      if (id && sheet) links[table] = { id, rows: sheet.get(id) ?? [] };
    }
    return { rowNumber: row.number, cells, linked: links };
  };
  for (const row of head) if (row.number > layout.headerRow) yield rowOf(row);
  for await (const row of rest) yield rowOf(row);
  if (count === 0) throw new LoadFileError(EMPTY_SHEET);
}
