import {
  CONTRACT_CATEGORIES,
  CONTRACT_DOCUMENTS,
  PROCEDURE_STATES,
  PROCEDURE_TYPES,
} from './constants/enums';
import { PATTERNS } from './constants/limits';
import { ANY_RED_FLAG, RED_FLAG_CODES } from './red-flags/definitions';
import type { PublicFilters } from './schemas/filters';

/** Short, readable URL parameters for each filter, so a shared link reopens the same view. */
const KEYS = {
  administrationPeriods: 'administracion',
  fiscalYears: 'ejercicio',
  trimonths: 'trimestre',
  procedureTypes: 'tipo',
  administrativeUnits: 'unidad',
  suppliers: 'proveedor',
} as const;
/** The contract conditions the index's links add (shown beside the list, not in the panel's selects). */
const CONDITIONS = {
  procedureStates: 'estado',
  categories: 'materia',
  withoutDocuments: 'sin-liga',
} as const;
const SEARCH = 'busqueda';
/**
 * The red flags of the contracts list (issue 32), `?senal=SINGLE_BIDDER&senal=ANY`: optional in the
 * filters (absent when none is chosen), so it is kept apart from the lists above.
 */
const RED_FLAGS = 'senal';
const RED_FLAG_VALUES: readonly string[] = [...RED_FLAG_CODES, ANY_RED_FLAG];
type RedFlagValue = NonNullable<PublicFilters['redFlags']>[number];
/**
 * Switches written `=si`: `?cuentan=si` only the contracts that count in the totals (decision
 * 0004); the index's links add `?excede-monto=si` and `?sin-folio=si`.
 */
const FLAGS = {
  countedOnly: 'cuentan',
  limitExceeded: 'excede-monto',
  withoutFolio: 'sin-folio',
} as const;
type FlagKey = keyof typeof FLAGS;
const FLAG_KEYS = Object.keys(FLAGS) as FlagKey[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What a value of each filter looks like; an edited address with other values drops them. */
const VALID: Record<FilterKey | ConditionKey, (value: string) => boolean> = {
  administrationPeriods: (value) => PATTERNS.administrationPeriod.test(value),
  fiscalYears: (value) => PATTERNS.fiscalYear.test(value),
  trimonths: (value) => PATTERNS.quarter.test(value),
  procedureTypes: (value) => (PROCEDURE_TYPES as readonly string[]).includes(value),
  administrativeUnits: (value) => UUID.test(value),
  suppliers: (value) => UUID.test(value),
  procedureStates: (value) => (PROCEDURE_STATES as readonly string[]).includes(value),
  categories: (value) => (CONTRACT_CATEGORIES as readonly string[]).includes(value),
  withoutDocuments: (value) => (CONTRACT_DOCUMENTS as readonly string[]).includes(value),
};
const PAGE = 'pagina';

export type FilterKey = keyof typeof KEYS;
export const FILTER_KEYS = Object.keys(KEYS) as FilterKey[];
type ConditionKey = keyof typeof CONDITIONS;
/** Every list parameter that holds values, with its name in the address. */
const LISTS: Record<FilterKey | ConditionKey, string> = { ...KEYS, ...CONDITIONS };
const LIST_KEYS = Object.keys(LISTS) as (FilterKey | ConditionKey)[];

export interface ListState {
  filters: PublicFilters;
  page: number;
}

export function emptyFilters(): PublicFilters {
  return {
    administrationPeriods: [],
    fiscalYears: [],
    trimonths: [],
    procedureTypes: [],
    administrativeUnits: [],
    suppliers: [],
    procedureStates: [],
    categories: [],
    withoutDocuments: [],
  };
}

/**
 * The list state in the address. An address with none of our parameters is a first visit: the
 * defaults apply (the monitor's default administration period, spec). Once a visitor applies
 * filters, the page parameter is always written, so removing every filter stays removed.
 */
export function readListState(params: URLSearchParams, defaults: Partial<PublicFilters>): ListState {
  const filters = emptyFilters();
  if (!isExplicit(params)) return { filters: { ...filters, ...defaults }, page: 1 };
  for (const key of LIST_KEYS) {
    const values = [...new Set(params.getAll(LISTS[key]).filter(VALID[key]))];
    (filters as unknown as Record<string, string[]>)[key] = values;
  }
  const search = params.get(SEARCH)?.trim();
  if (search) filters.search = search;
  for (const key of FLAG_KEYS) if (params.get(FLAGS[key]) === 'si') filters[key] = true;
  const redFlags = [...new Set(params.getAll(RED_FLAGS))].filter((value) => RED_FLAG_VALUES.includes(value));
  if (redFlags.length) filters.redFlags = redFlags as RedFlagValue[];
  const page = Number(params.get(PAGE));
  return { filters, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/** Whether the address holds a list state of its own (else the monitor's defaults apply). */
function isExplicit(params: URLSearchParams): boolean {
  return (
    params.has(PAGE) ||
    params.has(SEARCH) ||
    params.has(RED_FLAGS) ||
    FLAG_KEYS.some((key) => params.has(FLAGS[key])) ||
    LIST_KEYS.some((key) => params.has(LISTS[key]))
  );
}

/**
 * The filters of a list's address (the switch `?cuentan=si` and the search too) for a link to the
 * other list, contracts ↔ suppliers, so it opens on the same selection. An address without a list
 * state gives '' so the other list starts from the monitor's defaults as well.
 */
export function carriedFilters(params: URLSearchParams): string {
  return isExplicit(params) ? filtersSearch(readListState(params, {}).filters) : '';
}

/** Writes the list state into the address, keeping unrelated parameters. */
export function writeListState(current: URLSearchParams, state: ListState): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of LIST_KEYS) params.delete(LISTS[key]);
  params.delete(SEARCH);
  for (const key of FLAG_KEYS) params.delete(FLAGS[key]);
  params.delete(RED_FLAGS);
  for (const key of LIST_KEYS) for (const value of state.filters[key]) params.append(LISTS[key], value);
  if (state.filters.search) params.set(SEARCH, state.filters.search);
  for (const key of FLAG_KEYS) if (state.filters[key]) params.set(FLAGS[key], 'si');
  for (const value of state.filters.redFlags ?? []) params.append(RED_FLAGS, value);
  params.set(PAGE, String(state.page));
  return params;
}

/** The filters without empty values, as the API expects them. */
export function compactFilters(filters: PublicFilters): Partial<PublicFilters> {
  const compact: Partial<PublicFilters> = {};
  for (const key of LIST_KEYS)
    if (filters[key].length) (compact as Record<string, string[]>)[key] = filters[key];
  if (filters.search) compact.search = filters.search;
  for (const key of FLAG_KEYS) if (filters[key]) compact[key] = true;
  if (filters.redFlags?.length) compact.redFlags = filters.redFlags;
  return compact;
}

/**
 * The filters alone as a query string, for links from a list to a detail that applies the same
 * filters, so the detail's figures match the row that was clicked. With no filter at all it still
 * says so (`?pagina=1`), so the detail does not fall back to the monitor's default period.
 */
export function filtersSearch(filters: PublicFilters): string {
  const params = writeListState(new URLSearchParams(), { filters, page: 1 });
  if ([...params.keys()].some((key) => key !== PAGE)) params.delete(PAGE);
  return `?${params.toString()}`;
}
