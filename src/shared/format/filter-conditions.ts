import {
  CONTRACT_CATEGORY_LABELS,
  CONTRACT_DOCUMENT_LABELS,
  PROCEDURE_STATE_LABELS,
} from '../constants/enums';
import { ANY_RED_FLAG, RED_FLAGS } from '../red-flags/definitions';
import type { PublicFilters } from '../schemas/filters';

/**
 * The contract conditions the index's links add to a list (procedure state, category, limit
 * exceeded, without folio, without a document link) as people read them: the contracts page
 * shows each above the list (removable) and every download prints them under "Filtrado por".
 */
export interface ContractCondition {
  field:
    | 'procedureStates'
    | 'categories'
    | 'withoutDocuments'
    | 'limitExceeded'
    | 'withoutFolio'
    | 'redFlags';
  /** The value, for the lists; none for the switches. */
  value?: string;
  label: string;
  text: string;
}

/** The conditions' labels and the switches' texts, as the page and the downloads say them. */
export const CONDITION_LABELS = {
  procedureStates: 'Estado del procedimiento',
  categories: 'Materia',
  withoutDocuments: 'Sin liga a',
  limitExceeded: 'Monto',
  withoutFolio: 'Folio',
  limitExceededText: 'Exceden el monto máximo aprobado',
  withoutFolioText: 'Sin número de folio',
  redFlags: 'Señales de alerta',
  anyRedFlagText: 'Cualquier señal de alerta',
} as const;

export function contractConditions(filters: Partial<PublicFilters>): ContractCondition[] {
  return [
    ...(filters.procedureStates ?? []).map((value) => ({
      field: 'procedureStates' as const,
      value,
      label: CONDITION_LABELS.procedureStates,
      text: PROCEDURE_STATE_LABELS[value],
    })),
    ...(filters.categories ?? []).map((value) => ({
      field: 'categories' as const,
      value,
      label: CONDITION_LABELS.categories,
      text: CONTRACT_CATEGORY_LABELS[value],
    })),
    ...(filters.withoutDocuments ?? []).map((value) => ({
      field: 'withoutDocuments' as const,
      value,
      label: CONDITION_LABELS.withoutDocuments,
      text: CONTRACT_DOCUMENT_LABELS[value],
    })),
    ...(filters.limitExceeded
      ? [
          {
            field: 'limitExceeded' as const,
            label: CONDITION_LABELS.limitExceeded,
            text: CONDITION_LABELS.limitExceededText,
          },
        ]
      : []),
    ...(filters.withoutFolio
      ? [
          {
            field: 'withoutFolio' as const,
            label: CONDITION_LABELS.withoutFolio,
            text: CONDITION_LABELS.withoutFolioText,
          },
        ]
      : []),
    ...(filters.redFlags ?? []).map((value) => ({
      field: 'redFlags' as const,
      value,
      label: CONDITION_LABELS.redFlags,
      text: value === ANY_RED_FLAG ? CONDITION_LABELS.anyRedFlagText : RED_FLAGS[value].name,
    })),
  ];
}

/** The same, one line per kind of condition (the downloads' "Filtrado por"). */
export function conditionLines(filters: Partial<PublicFilters>): { label: string; values: string[] }[] {
  const lines = new Map<string, string[]>();
  for (const condition of contractConditions(filters))
    lines.set(condition.label, [...(lines.get(condition.label) ?? []), condition.text]);
  return [...lines].map(([label, values]) => ({ label, values }));
}

/** The filters without one condition (a tag's remove button), or without any. */
export function withoutCondition<T extends Partial<PublicFilters>>(
  filters: T,
  condition?: ContractCondition,
): T {
  const drop = (field: ContractCondition['field']) => !condition || condition.field === field;
  const keep = (field: 'procedureStates' | 'categories' | 'withoutDocuments') =>
    (filters[field] ?? []).filter((value) => !drop(field) || (condition && value !== condition.value));
  const flags = (filters.redFlags ?? []).filter(
    (value) => !drop('redFlags') || (condition && value !== condition.value),
  );
  return {
    ...filters,
    procedureStates: keep('procedureStates'),
    categories: keep('categories'),
    withoutDocuments: keep('withoutDocuments'),
    redFlags: flags.length > 0 ? flags : undefined,
    limitExceeded: drop('limitExceeded') ? undefined : filters.limitExceeded,
    withoutFolio: drop('withoutFolio') ? undefined : filters.withoutFolio,
  };
}

/** Whether any of those conditions is set (no pre-aggregated table can answer them). */
export function hasContractConditions(filters: Partial<PublicFilters>): boolean {
  return contractConditions(filters).length > 0;
}
