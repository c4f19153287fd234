import type { FilterOperator } from '../constants/enums';

/**
 * A calculation's filter on one of its variables (admin spec, 'Calculation'): only the contracts
 * whose property compares with the value (an amount) or is the reference (a supplier, a unit).
 */
export interface CalculationFilter {
  variableAbbreviation: string;
  propertyName: string;
  propertyType: 'REF' | 'STRING' | 'NUMBER';
  operator: FilterOperator;
  onModel?: 'Supplier' | 'AdministrativeUnit';
  reference?: string;
  value?: string;
}

/**
 * The contract properties a filter may compare (the queries' columns, figures'
 * index-variables.queries.ts): amounts compare with a number, references name a supplier or unit.
 */
export const FILTER_PROPERTIES = {
  totalOrMaxAmount: { label: 'Monto total o máximo', type: 'NUMBER' },
  totalAmount: { label: 'Monto total', type: 'NUMBER' },
  minAmount: { label: 'Monto mínimo', type: 'NUMBER' },
  maxAmount: { label: 'Monto máximo', type: 'NUMBER' },
  supplier: { label: 'Proveedor', type: 'REF', onModel: 'Supplier' },
  organizerAdministrativeUnit: {
    label: 'Unidad administrativa convocante',
    type: 'REF',
    onModel: 'AdministrativeUnit',
  },
  applicantAdministrativeUnit: {
    label: 'Unidad administrativa solicitante',
    type: 'REF',
    onModel: 'AdministrativeUnit',
  },
} as const;
export type FilterProperty = keyof typeof FILTER_PROPERTIES;
export const FILTER_PROPERTY_NAMES = Object.keys(FILTER_PROPERTIES) as FilterProperty[];

export const FILTER_OPERATOR_LABELS = {
  EQUAL: 'Igual a',
  NOT_EQUAL: 'Distinto de',
  GREATER: 'Mayor que',
  GREATER_EQUAL: 'Mayor o igual que',
  LESS: 'Menor que',
  LESS_EQUAL: 'Menor o igual que',
} as const;
