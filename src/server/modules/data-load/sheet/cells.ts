import { createHash } from 'node:crypto';
import { cleanCell, foldForMatch, normaliseName } from '../../../../shared/contracts/sheet';

/**
 * How the spreadsheet import reads one cell of a date, amount, URL or RFC column, and how it
 * compares supplier and unit names (../shared/reference/data-load-rules.md, 'Reading a cell' and
 * 'Identity'; names are compared by normaliseName, shared/contracts/sheet.ts). Pure functions: a reading is a value, or an error message, with infos beside. The
 * contract's own rules (src/shared/contracts/rules.ts) still apply to the value afterwards.
 */

export type Reading<T> = { value: T | null; error?: string; info?: string };

export const DATE_FORMAT_ERROR = 'La fecha no tiene un formato válido (dd/mm/aaaa)';
export const AMOUNT_FORMAT_ERROR = 'El monto no tiene un formato válido (por ejemplo 1,234,567.89)';
export const AMOUNT_NEGATIVE_ERROR = 'El monto no puede ser negativo';
export const URL_FORMAT_ERROR =
  'El hipervínculo debe empezar con http:// o https:// (por ejemplo https://www.ejemplo.gob.mx/documento.pdf)';
export const URL_PREFIXED_INFO = 'Se agregó http:// al hipervínculo';
export const RFC_FORMAT_INFO =
  'El RFC no tiene un formato válido (12 o 13 caracteres): se buscará al proveedor por su nombre';

/** Excel's day 0 (serials count days from it, with Lotus's phantom 29/02/1900 as day 60). */
const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);
const LAST_EXCEL_SERIAL = 2_958_465; // 31/12/9999

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The calendar date, or null when the day does not exist (31/02/2019). */
function calendar(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? iso(year, month, day)
    : null;
}

/**
 * Two-digit years as Excel reads them when typed: 00–29 are 2000–2029, 30–99 are 1930–1999
 * (decision 0032).
 */
export const fullYear = (twoDigits: number) => (twoDigits <= 29 ? 2000 + twoDigits : 1900 + twoDigits);

/**
 * A date cell: an Excel date (exceljs gives a Date at UTC midnight of the calendar day), a serial
 * number (1..2958465), or a text d/m/yyyy, d-m-yyyy, d/m/yy or yyyy-mm-dd. Always a calendar date
 * 'yyyy-mm-dd': 12/04/2018 stays the 12th whatever the server's time zone.
 */
export function readDate(cell: unknown): Reading<string> {
  if (cell === null || cell === undefined || cell === '') return { value: null };
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return { value: null, error: DATE_FORMAT_ERROR };
    const value = calendar(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
    return value ? { value } : { value: null, error: DATE_FORMAT_ERROR };
  }
  if (typeof cell === 'number') return serialDate(cell);
  const text = cleanCell(String(cell));
  if (text === '') return { value: null };
  if (/^\d+(\.0+)?$/.test(text)) return serialDate(Number(text));
  let match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})$/.exec(text);
  if (match) {
    const year = match[3]!.length === 2 ? fullYear(Number(match[3])) : Number(match[3]);
    const value = calendar(year, Number(match[2]), Number(match[1]));
    return value ? { value } : { value: null, error: DATE_FORMAT_ERROR };
  }
  match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) {
    const value = calendar(Number(match[1]), Number(match[2]), Number(match[3]));
    return value ? { value } : { value: null, error: DATE_FORMAT_ERROR };
  }
  return { value: null, error: DATE_FORMAT_ERROR };
}

function serialDate(serial: number): Reading<string> {
  if (!Number.isInteger(serial) || serial < 1 || serial > LAST_EXCEL_SERIAL || serial === 60)
    return { value: null, error: DATE_FORMAT_ERROR };
  // Before the phantom 29/02/1900 the serials are one day ahead of the calendar.
  const days = serial < 60 ? serial + 1 : serial;
  const date = new Date(EXCEL_EPOCH_UTC + days * 86_400_000);
  return { value: iso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()) };
}

const ENGLISH = /^\d{1,3}(,\d{3})+(\.\d+)?$/;
const SPANISH = /^\d{1,3}(\.\d{3})+(,\d+)?$/;
const PLAIN = /^\d+(\.\d+)?$/;
const PLAIN_COMMA = /^\d+,\d{1,2}$/;

/**
 * An amount cell: a number, or a text without '$' and spaces in Mexican notation (1,234,567.89)
 * or, when unambiguous, Spanish notation (1.234.567,89; 1234,5). Empty stays empty (never 0);
 * unreadable ('1,2,3') or negative is an error. At most two decimals is the contract rule's to say.
 */
export function readAmount(cell: unknown): Reading<number> {
  if (cell === null || cell === undefined || cell === '') return { value: null };
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return { value: null, error: AMOUNT_FORMAT_ERROR };
    return cell < 0 ? { value: null, error: AMOUNT_NEGATIVE_ERROR } : { value: cell };
  }
  let text = cleanCell(String(cell)).replace(/\$/g, '').replace(/\s/g, '');
  if (text === '') return { value: null };
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  } else if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  let normalised: string | null = null;
  if (PLAIN.test(text)) normalised = text;
  else if (ENGLISH.test(text)) normalised = text.replace(/,/g, '');
  else if (SPANISH.test(text)) normalised = text.replace(/\./g, '').replace(',', '.');
  else if (PLAIN_COMMA.test(text)) normalised = text.replace(',', '.');
  if (normalised === null) return { value: null, error: AMOUNT_FORMAT_ERROR };
  const value = Number(normalised);
  if (!Number.isFinite(value)) return { value: null, error: AMOUNT_FORMAT_ERROR };
  if (negative && value !== 0) return { value: null, error: AMOUNT_NEGATIVE_ERROR };
  return { value };
}

/**
 * A URL cell: the hyperlink's target when the cell has one, else its text. http and https only;
 * 'www.' gets 'http://' with an info; javascript:, data:, other schemes and bare text are errors.
 */
export function readUrl(cell: unknown, hyperlink?: string | null): Reading<string> {
  const text = cleanCell(String(hyperlink || (cell ?? '')));
  if (text === '') return { value: null };
  if (/^www\./i.test(text)) {
    const value = `http://${text}`;
    return isWebUrl(value) ? { value, info: URL_PREFIXED_INFO } : { value: null, error: URL_FORMAT_ERROR };
  }
  return isWebUrl(text) ? { value: text } : { value: null, error: URL_FORMAT_ERROR };
}

function isWebUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Personas morales (12 characters) and físicas (13): letters (Ñ and & too), a yymmdd date, a 3-character key. */
const RFC = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/;

/**
 * A supplier's RFC: upper-cased and trimmed. A malformed one is kept out of the identity (the
 * supplier is then found by name) with an info, never an error.
 */
export function readRfc(cell: unknown): Reading<string> {
  const text = cleanCell(String(cell ?? ''))
    .toUpperCase()
    .replace(/[\s-]/g, '');
  if (text === '') return { value: null };
  return RFC.test(text) ? { value: text } : { value: null, info: RFC_FORMAT_INFO };
}

/** What identifies a contract that has no contract number (data-load-rules.md, 'Identity'). */
export interface FingerprintParts {
  procedureType: string | null;
  contractId: string | null;
  /** The supplier's RFC when readable, else its name. */
  supplierRfc: string | null;
  supplierName: string | null;
  description: string | null;
  totalOrMaxAmount: number | null;
  contractDate: string | null;
  period: string | null;
}

/**
 * The identity of a contract without a number: a hash of its procedure type, process id,
 * supplier (RFC, else normalised name), normalised description, amount, date and quarter. Two rows
 * that differ only in case, accents, spacing or the supplier's company-type spelling are one contract.
 */
export function contractFingerprint(parts: FingerprintParts): string {
  const key = [
    parts.procedureType ?? '',
    parts.contractId ? foldForMatch(parts.contractId) : '',
    parts.supplierRfc ? `RFC:${parts.supplierRfc}` : `NAME:${normaliseName(parts.supplierName ?? '')}`,
    parts.description ? normaliseName(parts.description) : '',
    parts.totalOrMaxAmount === null ? '' : parts.totalOrMaxAmount.toFixed(2),
    parts.contractDate ?? '',
    parts.period ?? '',
  ];
  return createHash('sha256').update(JSON.stringify(key)).digest('hex');
}
