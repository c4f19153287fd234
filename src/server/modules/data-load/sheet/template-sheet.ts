import { HEADER_ROWS, locateColumns, type SheetLayout } from './headers';
import {
  LoadFileError,
  type OpenedSheet,
  type ReadLimits,
  type SheetReader,
  type SheetRow,
} from './sheet-reader';
import type { Book } from './workbook';
import { EMPTY_SHEET, openWorkbook, tooManyRows, type WorkbookRow } from './workbook';

/**
 * The reader of the original's template (data-load-rules.md, 'Accepted files'): the first worksheet
 * of an .xlsx, .xls, .ods or .csv (workbook.ts), its columns found in its first ten rows by their codes C1..C34
 * or the template's Spanish headers (headers.ts), each data row's cells under those codes.
 */

/** How many columns of those rows are looked at (the template has 34, a copy may add a few). */
const HEAD_COLUMNS = 60;

export const readTemplateSheet: SheetReader = async (file, limits) => {
  const workbook = await openWorkbook(file, limits);
  if ('error' in workbook) return workbook;
  return readTemplateBook(workbook.book, limits);
};

/** The template's layout in an opened workbook's first worksheet. */
export async function readTemplateBook(
  book: Book,
  limits: ReadLimits,
): Promise<OpenedSheet | { error: string }> {
  const rows = book.rows();
  const head: WorkbookRow[] = [];
  try {
    for (let next = await rows.next(); !next.done; next = await rows.next()) {
      head.push(next.value);
      if (next.value.number >= HEADER_ROWS) break;
    }
  } catch (error) {
    if (error instanceof LoadFileError) return { error: error.message };
    throw error;
  }
  const grid: unknown[][] = [];
  for (const row of head) {
    const values: unknown[] = [];
    for (let index = 0; index < HEAD_COLUMNS; index++) values.push(row.cellAt(index)?.value ?? null);
    grid[row.number - 1] = values;
  }
  const layout = locateColumns(Array.from(grid, (row) => row ?? []));
  if ('error' in layout) return layout;
  const lastRow = book.declaredLastRow();
  return {
    total: lastRow === null ? null : Math.max(0, lastRow - layout.firstDataRow + 1),
    messages: layout.unknown.length > 0 ? [`Se ignoraron las columnas: ${layout.unknown.join(', ')}.`] : [],
    rows: dataRows(layout, head, rows, limits.maxRows),
  };
}

/** The rows below the headers (blank ones included), each cell under its column's code. */
async function* dataRows(
  layout: SheetLayout,
  head: WorkbookRow[],
  rest: AsyncGenerator<WorkbookRow>,
  maxRows: number,
): AsyncGenerator<SheetRow> {
  let count = 0;
  const counted = (row: WorkbookRow): SheetRow => {
    count++;
    if (count > maxRows) throw new LoadFileError(tooManyRows(maxRows));
    const cells: Record<string, ReturnType<WorkbookRow['cellAt']>> = {};
    for (const [index, column] of layout.columns) cells[column.code] = row.cellAt(index);
    return { rowNumber: row.number, cells };
  };
  for (const row of head) if (row.number >= layout.firstDataRow) yield counted(row);
  for await (const row of rest) if (row.number >= layout.firstDataRow) yield counted(row);
  if (count === 0) throw new LoadFileError(EMPTY_SHEET);
}
