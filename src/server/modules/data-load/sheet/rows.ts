import {
  CONTRACT_FIELDS,
  CONTRACT_SHEET_COLUMNS,
  sheetRequirement,
} from '../../../../shared/contracts/fields';
import { contractRequiredMessage, INVALID_TEXT_MESSAGE } from '../../../../shared/contracts/rules';
import {
  choiceWords,
  cleanCell,
  isPlaceholder,
  matchChoice,
  normaliseQuarter,
  readFlag,
  stripOverridePrefix,
} from '../../../../shared/contracts/sheet';
import { SupplierNameSchema } from '../../../../shared/schemas/catalogues';
import { isWellFormedText } from '../../../../shared/schemas/common';
import { type Reading, readAmount, readDate, readRfc, readUrl } from './cells';
import type { LocatedColumn } from './headers';
import type { RawCell, SheetRow } from './sheet-reader';

/**
 * One row of a sheet read cell by cell (data-load-rules.md, 'Reading a cell' and the required
 * rules): each column's value with its errors and infos, as the review screen shows them. The
 * contract's cross-field rules and references come after (the load's validation).
 */

export interface CellReading {
  /** What the sheet held, as text (the review shows it). */
  text: string;
  /** What the import stores: text, 'yyyy-mm-dd', number, boolean, a choice's code; null when empty. */
  value: string | number | boolean | null;
  errors: string[];
  infos: string[];
}

export interface RowReading {
  /** The Excel row number. */
  rowIndex: number;
  /** By column code (C1..C34). */
  cells: Record<string, CellReading>;
  /** C34: a "no procedures held" row, which needs only the always-required columns. */
  isEmpty: boolean;
  hasErrors: boolean;
  hasInfos: boolean;
}

export const PREFIX_INFO = (prefix: string) => `Se ignoró el prefijo ${prefix}`;
export const PLACEHOLDER_INFO = 'Se registró como vacío';
export const NO_NUMBER_INFO =
  'Se registró sin número de contrato: el contrato se identifica por sus datos (tipo, ID, proveedor, descripción, monto, fecha y periodo)';
export const FLAG_ERROR = 'El valor debe ser Sí o No';
export const choiceError = (options: readonly string[]) =>
  `El valor indicado no se encuentra en las opciones permitidas para este campo. Opciones: ${options.join(', ')}.`;
export const quarterError = (label: string) =>
  `El campo ${label} no tiene un formato válido (por ejemplo 1o 2019)`;

/** The template's columns by code (a row's cells are under these codes). */
const COLUMN_OF: ReadonlyMap<string, LocatedColumn> = new Map(
  CONTRACT_SHEET_COLUMNS.map((column) => [column.code, column]),
);

/**
 * Reads one data row of the template (template-sheet.ts gives its cells by code). `optional`: codes
 * another profile does not require although the template does (format 28: the unit type, the
 * contract's number and date, which it does not always publish).
 */
export function readRow(row: SheetRow, optional: ReadonlySet<string> = NONE): RowReading {
  const columns = Object.keys(row.cells).map((code) => COLUMN_OF.get(code)!);
  const cells: Record<string, CellReading> = {};
  for (const column of columns) cells[column.code] = readCell(column, row.cells[column.code]);
  const isEmpty = cells.C34?.value === true;
  for (const column of columns) {
    const cell = cells[column.code]!;
    if (
      cell.value === null &&
      cell.errors.length === 0 &&
      isRequired(column, isEmpty) &&
      !noNumber(cell) &&
      !optional.has(column.code)
    )
      cell.errors.push(contractRequiredMessage(CONTRACT_FIELDS[column.field].label));
  }
  const all = Object.values(cells);
  return {
    rowIndex: row.rowNumber,
    cells,
    isEmpty,
    hasErrors: all.some((cell) => cell.errors.length > 0),
    hasInfos: all.some((cell) => cell.infos.length > 0),
  };
}

const NONE: ReadonlySet<string> = new Set();

const noNumber = (cell: CellReading) => cell.infos.includes(NO_NUMBER_INFO);

function isRequired(column: LocatedColumn, isEmpty: boolean): boolean {
  const requirement = sheetRequirement(column);
  return requirement === 'always' || (requirement === 'unlessEmpty' && !isEmpty);
}

function readCell(column: LocatedColumn, raw: RawCell | undefined): CellReading {
  const original = raw?.value;
  const infos: string[] = [];
  let value: unknown = original;
  let text =
    original instanceof Date ? original.toISOString().slice(0, 10) : cleanCell(String(original ?? ''));
  // Half of a character (a lone surrogate, which an .xls can hold): refused as the form refuses it.
  if (typeof original === 'string' && !isWellFormedText(original))
    return { text, value: null, errors: [INVALID_TEXT_MESSAGE], infos };
  if (typeof original === 'string') {
    const stripped = stripOverridePrefix(text);
    if (stripped.prefix) {
      infos.push(PREFIX_INFO(stripped.prefix));
      text = stripped.value;
      value = stripped.value;
    }
    if (text !== '' && isPlaceholder(text)) {
      if (column.field === 'limitExceeded') return { text, value: false, errors: [], infos };
      infos.push(column.placeholderIsNone ? NO_NUMBER_INFO : PLACEHOLDER_INFO);
      return { text, value: null, errors: [], infos };
    }
  }
  const reading = readValue(column, value, text, raw?.hyperlink);
  if (reading.info) infos.push(reading.info);
  return { text, value: reading.value, errors: reading.error ? [reading.error] : [], infos };
}

function readValue(
  column: LocatedColumn,
  raw: unknown,
  text: string,
  hyperlink: string | null | undefined,
): Reading<string | number | boolean> {
  const { label } = CONTRACT_FIELDS[column.field];
  switch (column.reading) {
    case 'date':
      return readDate(typeof raw === 'string' ? text : raw);
    case 'amount':
      return readAmount(typeof raw === 'string' ? text : raw);
    case 'url':
      return readUrl(text, hyperlink);
    case 'flag': {
      const flag = readFlag(text);
      return flag === null ? { value: null, error: FLAG_ERROR } : { value: flag };
    }
    case 'quarter': {
      if (text === '') return { value: null };
      const quarter = normaliseQuarter(text);
      return quarter ? { value: quarter } : { value: null, error: quarterError(label) };
    }
    case 'choice': {
      if (text === '') return column.field === 'limitExceeded' ? { value: false } : { value: null };
      const choice = matchChoice(column, text);
      if (choice === null) return { value: null, error: choiceError(choiceWords(column.code)) };
      return { value: choice === 'true' ? true : choice === 'false' ? false : choice };
    }
    case 'reference':
      if (column.part === 'rfc') return readRfc(text);
      if (column.part === 'name' && text !== '') {
        // The supplier is created with this name: the catalogue's own rule (decision 0042).
        const name = SupplierNameSchema.safeParse(text);
        return name.success ? { value: name.data } : { value: null, error: name.error.issues[0]!.message };
      }
      return { value: text === '' ? null : text };
    default:
      return { value: text === '' ? null : text };
  }
}
