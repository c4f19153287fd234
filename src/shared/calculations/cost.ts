import type { CalculationType } from '../constants/enums';
import type { CalculationFilter } from './filters';

/**
 * What one monitor's calculations may cost (issue 27): the index evaluates every calculation after
 * each data change, and each variable a calculation filters is counted from the contracts
 * themselves (a scan; the others are read from the kept figures). Fifty calculations with 19
 * filters each took 30–34 s on the embedded database. The save refuses what would pass these
 * bounds, naming the bound; a monitor already past one may still save what does not add to it.
 */

/** Calculations of one monitor (the default index has 13). */
export const MAX_CALCULATIONS = 60;

/** Variables with filters across a monitor's calculations: each is one count over the contracts. */
export const MAX_FILTERED_VARIABLES = 20;

/** The messages of the bounds, in the words the save answers (422). */
export const COST_MESSAGES = {
  calculations: (count: number) =>
    `Un monitor puede tener como máximo ${MAX_CALCULATIONS} cálculos; con este serían ${count}. Elimina los que ya no uses.`,
  filteredVariables: (count: number) =>
    `Los cálculos de un monitor pueden filtrar como máximo ${MAX_FILTERED_VARIABLES} variables en total (cada una se cuenta sobre todos los contratos cada vez que cambian los datos); con este cálculo serían ${count}. Quita filtros de este cálculo o de otros.`,
};

interface Costed {
  type: CalculationType;
  filters: readonly CalculationFilter[];
}

/**
 * The counts over the contracts a set of calculations asks for: one per variable with filters,
 * the same variable with the same filters (and the same scope: one monitor or every monitor)
 * counted once, as the index engine asks them.
 */
export function filteredVariables(calculations: readonly Costed[]): number {
  const sets = new Set<string>();
  for (const calculation of calculations) {
    const byVariable = new Map<string, CalculationFilter[]>();
    for (const filter of calculation.filters)
      byVariable.set(filter.variableAbbreviation, [
        ...(byVariable.get(filter.variableAbbreviation) ?? []),
        filter,
      ]);
    // The filters by what they compare (a saved one and a form's may list their fields in another order).
    for (const filters of byVariable.values())
      sets.add(
        JSON.stringify([
          calculation.type === 'GENERAL',
          filters.map((filter) => [
            filter.variableAbbreviation,
            filter.propertyName,
            filter.operator,
            filter.reference ?? null,
            filter.value === undefined || filter.value === null ? null : String(filter.value),
          ]),
        ]),
      );
  }
  return sets.size;
}
