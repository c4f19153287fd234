import {
  CONTRACT_SHEET_COLUMNS,
  type ContractField,
  type SheetColumn,
  sheetRequirement,
} from '../../../../shared/contracts/fields';
import { cleanCell, foldForMatch, sheetColumnOf } from '../../../../shared/contracts/sheet';

/**
 * Where a sheet's columns are (data-load-rules.md, 'Accepted files'): row 1 holding the codes
 * C1..C34 (any order, any case; row 2, the Spanish headers, is then skipped), or else a row within
 * the first ten holding the template's Spanish headers (or those of our validations download).
 */

export type LocatedColumn = SheetColumn & { field: ContractField };

export interface SheetLayout {
  /** The Excel row number of the header row; data starts below it (two below for codes). */
  headerRow: number;
  firstDataRow: number;
  /** By 0-based column index of the sheet. */
  columns: Map<number, LocatedColumn>;
  /** Headers of columns the import does not know, once each (they are ignored). */
  unknown: string[];
}

export const HEADERS_NOT_FOUND =
  'No se encontraron los encabezados de la plantilla: la primera fila debe tener los códigos C1 a C34, o una de las primeras diez filas los nombres de las columnas.';
export const missingColumnsMessage = (missing: readonly LocatedColumn[]) =>
  `Faltan las columnas: ${missing.map((column) => `${column.code} (${column.header})`).join(', ')}.`;

/** How many of the rows at the top of a sheet are looked at for the Spanish headers. */
export const HEADER_ROWS = 10;
/** A row is the header row when at least this share of its non-empty cells are known headers. */
const HEADER_SHARE = 0.6;

const CODE = /^C([1-9]|[12]\d|3[0-4])$/;

/** Columns whose absence makes the file unreadable: those of fields the import requires. */
export const REQUIRED_COLUMNS: readonly LocatedColumn[] = CONTRACT_SHEET_COLUMNS.filter((column) =>
  Boolean(sheetRequirement(column)),
);

/**
 * The layout of a sheet from its first rows (each an array of cell texts, index = column), or the
 * one error for the whole file: no header row, or required columns missing (named).
 */
export function locateColumns(rows: readonly (readonly unknown[])[]): SheetLayout | { error: string } {
  const texts = rows.slice(0, HEADER_ROWS).map((row) => row.map((cell) => cleanCell(String(cell ?? ''))));
  const first = texts[0] ?? [];
  const codes = first.filter((text) => text !== '');
  const layout =
    codes.length > 0 && codes.every((text) => CODE.test(foldForMatch(text)))
      ? layoutOf(first, 1, 3)
      : headerLayout(texts);
  if (!layout) return { error: HEADERS_NOT_FOUND };
  const present = new Set([...layout.columns.values()].map((column) => column.code));
  const missing = REQUIRED_COLUMNS.filter((column) => !present.has(column.code));
  return missing.length > 0 ? { error: missingColumnsMessage(missing) } : layout;
}

function headerLayout(texts: readonly string[][]): SheetLayout | undefined {
  for (const [index, row] of texts.entries()) {
    const filled = row.filter((text) => text !== '');
    if (filled.length === 0) continue;
    const known = filled.filter((text) => sheetColumnOf(text)).length;
    if (known >= 3 && known / filled.length >= HEADER_SHARE) return layoutOf(row, index + 1, index + 2);
  }
  return undefined;
}

function layoutOf(row: readonly string[], headerRow: number, firstDataRow: number): SheetLayout {
  const columns = new Map<number, LocatedColumn>();
  const unknown: string[] = [];
  const taken = new Set<string>();
  for (const [index, text] of row.entries()) {
    if (text === '') continue;
    const column = sheetColumnOf(text);
    // A column named twice is read from its first place; the second is reported as unknown.
    if (column && !taken.has(column.code)) {
      taken.add(column.code);
      columns.set(index, column);
    } else if (!unknown.includes(text)) unknown.push(text);
  }
  return { headerRow, firstDataRow, columns, unknown };
}
