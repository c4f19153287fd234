import type { ContractType } from '../constants/enums';
import { CONTRACT_FIELDS, CONTRACT_SHEET_COLUMNS, type FieldSpec, type SheetColumn } from './fields';

/**
 * The spreadsheet import's reading rules that the field definitions name
 * (../shared/reference/data-load-rules.md): how a cell's text is compared, which texts mean
 * "empty", the original's override prefixes, the quarter's spellings and the derived contract
 * type. The import itself (a later issue) reads cells with these.
 */

/**
 * Trimmed, inner whitespace (tabs, line breaks, non-breaking spaces) collapsed to one space. A lone
 * UTF-16 surrogate (an .xls can hold one) becomes U+FFFD, so no text read from a sheet breaks the
 * JSON it is staged in; the import refuses such a cell (rows.ts).
 */
export const cleanCell = (text: string) =>
  text
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/\p{Cs}/gu, '\ufffd')
    .trim();

/** How choices and headers are compared: clean, upper-case, without accents. */
export const foldForMatch = (text: string) =>
  cleanCell(text)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

/** Company-type endings written many ways, folded to one ('S.A. de C.V.' → 'SA DE CV'). */
const COMPANY_TYPES: [RegExp, string][] = [
  [/\bS\s*A\s*P\s*I\s*DE\s*C\s*V\b/g, 'SAPI DE CV'],
  [/\bS\s*A\s*B\s*DE\s*C\s*V\b/g, 'SAB DE CV'],
  [/\bS\s*A\s*DE\s*C\s*V\b/g, 'SA DE CV'],
  [/\bS\s*DE\s*R\s*L\s*DE\s*C\s*V\b/g, 'S DE RL DE CV'],
  [/\bS\s*DE\s*R\s*L\b/g, 'S DE RL'],
  [/\bS\s*C\b/g, 'SC'],
  [/\bA\s*C\b/g, 'AC'],
];

/**
 * A supplier's or unit's name as Vigía compares it (the import's references, a contract's winner
 * among its bidders): upper-case, accents and punctuation
 * removed, spaces collapsed, company types folded ('Constructora Peña, S.A. de C.V.' and
 * 'CONSTRUCTORA PENA SA DE CV' are one supplier).
 */
export function normaliseName(name: string): string {
  let folded = foldForMatch(name)
    .replace(/[^A-Z0-9&\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [pattern, replacement] of COMPANY_TYPES) folded = folded.replace(pattern, replacement);
  return folded.replace(/\s+/g, ' ').trim();
}

/** Texts that mean "no value" (any case, with or without accents). */
export const PLACEHOLDERS = ['NA', 'N/A', 'N.A.', 'NO APLICA', 'S/D', 'SIN DATO', '-', '—'] as const;
const FOLDED_PLACEHOLDERS = new Set<string>(PLACEHOLDERS.map(foldForMatch));

export const isPlaceholder = (text: string) => FOLDED_PLACEHOLDERS.has(foldForMatch(text));

/** The original's override prefixes: removed from the start of a value, with an info. */
export const OVERRIDE_PREFIXES = ['!req0', '!req1', '!r0', '!r1', '!r2', '!v0', '!v1'] as const;

export function stripOverridePrefix(text: string): { value: string; prefix: string | null } {
  const prefix = OVERRIDE_PREFIXES.find((candidate) => text.startsWith(candidate)) ?? null;
  return { value: prefix ? cleanCell(text.slice(prefix.length)) : text, prefix };
}

/** The stored value a choice cell names (whole value, by its synonyms), or null when none does. */
export function matchChoice(column: Pick<SheetColumn, 'synonyms'>, text: string): string | null {
  const folded = foldForMatch(text);
  for (const [value, synonyms] of Object.entries(column.synonyms ?? {})) {
    if (synonyms.some((synonym) => foldForMatch(synonym) === folded)) return value;
  }
  return null;
}

/**
 * The words of a choice column, as the template's drop-down and instructions show them and as the
 * import's options error lists them: each value's Spanish label when the import reads it back, else
 * its first synonym (one wording everywhere).
 */
export function choiceWords(code: string): string[] {
  const column = CONTRACT_SHEET_COLUMNS.find((candidate) => candidate.code === code);
  if (!column?.synonyms) return [];
  const spec: FieldSpec = CONTRACT_FIELDS[column.field];
  return Object.entries(column.synonyms).map(([value, synonyms]) => {
    const label = spec.labels?.[value];
    return label && matchChoice(column, label) === value ? label : synonyms[0]!;
  });
}

const YES = new Set(['SI', 'TRUE', 'VERDADERO', 'X', '1']);
const NO = new Set(['NO', 'FALSE', 'FALSO', '0', '']);

/** A yes/no cell (C34): true, false, or null when it is neither. */
export function readFlag(text: string): boolean | null {
  const folded = foldForMatch(text);
  if (YES.has(folded)) return true;
  if (NO.has(folded)) return false;
  return null;
}

/** `1o 2019`, `1° 2019`, `1º trimestre 2019`, `1 2019` → `1o 2019`; null when it is not a quarter. */
export function normaliseQuarter(text: string): string | null {
  const match = /^([1-4])\s*(?:o|°|º)?\s*(?:trimestre\s*)?(?:de\s+)?(2\d{3})$/i.exec(cleanCell(text));
  return match ? `${match[1]}o ${match[2]}` : null;
}

/** OPEN when the minimum and the maximum are both present and not zero, else NORMAL. */
export function deriveContractType(minAmount: number | null, maxAmount: number | null): ContractType {
  return minAmount !== null && maxAmount !== null && minAmount !== 0 && maxAmount !== 0 ? 'OPEN' : 'NORMAL';
}

/** The column a header row names, by code (`C7`, any case) or by the template's header. */
export function sheetColumnOf(header: string): (typeof CONTRACT_SHEET_COLUMNS)[number] | undefined {
  const folded = foldForMatch(header);
  return (
    CONTRACT_SHEET_COLUMNS.find((column) => column.code === folded) ??
    CONTRACT_SHEET_COLUMNS.find((column) => foldForMatch(column.header) === folded)
  );
}
