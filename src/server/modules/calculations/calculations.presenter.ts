import type { CalculationDoc } from '../../../shared/schemas/calculations';
import type { CalculationRow } from './calculations.repository';

/** A calculation as the catalogue and the form read it. */
export function presentCalculation(row: CalculationRow): CalculationDoc {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    abbreviation: row.abbreviation,
    type: row.type,
    administrationPeriod: row.administrationPeriod,
    enabled: row.enabled,
    locked: row.locked,
    notes: row.notes,
    displayForm: row.displayForm,
    hasPercentScale: row.hasPercentScale,
    scale: row.scale,
    filters: row.filters as unknown as Record<string, unknown>[],
    formula: {
      expression: row.formula.expression,
      variables: row.formula.variables ?? [],
      calculations: row.formula.calculations ?? [],
    },
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
