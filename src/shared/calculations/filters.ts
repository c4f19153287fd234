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
