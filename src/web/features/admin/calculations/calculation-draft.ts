import type { ScaleRow } from '../../../../shared/calculations/evaluate';
import { FILTER_PROPERTIES, type FilterProperty } from '../../../../shared/calculations/filters';
import type { FieldProps } from '../../../components/admin/catalogue/fields';

/** A filter row as the form holds it: any part may still be unchosen. */
export type FilterDraft = {
  variableAbbreviation?: string;
  propertyName?: FilterProperty;
  operator?: string;
  reference?: string | null;
  value?: string | number | null;
};

export const scaleOf = (draft: FieldProps['draft']): ScaleRow[] =>
  Array.isArray(draft.scale) ? (draft.scale as ScaleRow[]) : [];
export const filtersOf = (draft: FieldProps['draft']): FilterDraft[] =>
  Array.isArray(draft.filters) ? (draft.filters as FilterDraft[]) : [];
export const expressionOf = (draft: FieldProps['draft']): string =>
  typeof (draft.formula as { expression?: unknown } | undefined)?.expression === 'string'
    ? (draft.formula as { expression: string }).expression
    : '';

/** The filters the server can use already (a half-written row waits). */
export function completeFilters(filters: FilterDraft[]) {
  return filters.filter((filter) => {
    if (!filter.variableAbbreviation || !filter.propertyName || !filter.operator) return false;
    return FILTER_PROPERTIES[filter.propertyName].type === 'REF'
      ? Boolean(filter.reference)
      : filter.value !== null && filter.value !== undefined && String(filter.value).trim() !== '';
  });
}
