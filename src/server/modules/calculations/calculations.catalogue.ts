import type { z } from 'zod';
import {
  COST_MESSAGES,
  filteredVariables,
  MAX_CALCULATIONS,
  MAX_FILTERED_VARIABLES,
} from '../../../shared/calculations/cost';
import type { CalculationFilter } from '../../../shared/calculations/filters';
import { formulaReferenceList, formulaReferences, parseFormula } from '../../../shared/calculations/formula';
import { CONTRACT_MESSAGES } from '../../../shared/contracts/schema';
import {
  CALCULATION_MESSAGES,
  type CalculationDoc,
  CalculationDocSchema,
  CalculationFieldsSchema,
  withCalculationRules,
} from '../../../shared/schemas/calculations';
import type { Database } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { CatalogueDefinition, Scope } from '../catalogues/catalogue';
import { presentCalculation } from './calculations.presenter';
import {
  type CalculationRow,
  type CalculationValues,
  calculationForUpdate,
  calculationStore,
  deleteCalculation,
  filterReferences,
  insertCalculation,
  liveCalculations,
  lockCalculations,
  updateCalculation,
} from './calculations.repository';
import { findCycle } from './index-engine';

type Input = z.output<typeof CalculationFieldsSchema>;

/** The `$$` calculations a saved formula uses (its expression read again: the one truth). */
function referencesOf(expression: string): string[] {
  try {
    return formulaReferences(parseFormula(expression)).calculations;
  } catch {
    return [];
  }
}

const formulaError = (message: string) => badRequest(message, [{ path: 'body.formula.expression', message }]);

/**
 * What a save may not do beyond its own fields (the shared rules checked those): name a
 * calculation the monitor does not have, make a cycle (named), or rename an abbreviation that
 * other formulas use. Returns the row values to write.
 */
export function checkAgainstOthers(
  input: Pick<Input, 'abbreviation' | 'formula'>,
  others: readonly CalculationRow[],
  current?: CalculationRow,
): { variables: string[]; calculations: string[] } {
  const byAbbreviation = new Map(others.map((row) => [row.abbreviation, row]));
  const tree = parseFormula(input.formula.expression);
  const missing = formulaReferenceList(tree).find(
    (item) => item.kind === 'calculation' && !byAbbreviation.has(item.name),
  );
  if (missing) throw formulaError(`El cálculo ${missing.name} no existe (posición ${missing.at}).`);
  const own = formulaReferences(tree);
  const cycle = findCycle(input.abbreviation, (abbreviation) =>
    abbreviation === input.abbreviation
      ? own.calculations
      : referencesOf(byAbbreviation.get(abbreviation)?.formula.expression ?? ''),
  );
  if (cycle)
    throw formulaError(
      `La fórmula haría una referencia circular entre cálculos: ${cycle.join(' → ')}. Quita una de esas referencias.`,
    );
  if (current && current.abbreviation !== input.abbreviation) {
    const users = others.filter((row) => referencesOf(row.formula.expression).includes(current.abbreviation));
    if (users.length)
      throw badRequest(
        `La abreviación ${current.abbreviation} no puede cambiar: la usan ${users.map((row) => row.abbreviation).join(', ')}.`,
        [{ path: 'body.abbreviation', message: 'La usan otros cálculos.' }],
      );
  }
  return {
    variables: own.variables,
    calculations: own.calculations.map((abbreviation) => byAbbreviation.get(abbreviation)!.id),
  };
}

/**
 * A filter's supplier or unit must be a live one of this monitor, as a contract's must
 * (contracts.write.ts): another monitor's, a deleted one or an id that names nothing would
 * silently count nothing. Refused 400 with the contracts' words, each filter named.
 */
export async function checkFilterReferences(
  db: Database,
  organizationId: string,
  filters: readonly CalculationFilter[],
): Promise<void> {
  const ids = filters.flatMap((filter) => (filter.reference ? [filter.reference] : []));
  if (ids.length === 0) return;
  const references = await filterReferences(db, organizationId, ids);
  const errors = filters.flatMap((filter, index) => {
    if (!filter.reference) return [];
    const found = references.get(filter.reference);
    if (found?.live && found.onModel === filter.onModel) return [];
    const message =
      filter.onModel === 'Supplier' ? CONTRACT_MESSAGES.supplierUnknown : CONTRACT_MESSAGES.unitUnknown;
    return [{ path: `body.filters.${index}.reference`, message }];
  });
  if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
}

/**
 * What the monitor's calculations would cost after this save (shared/calculations/cost.ts): too
 * many calculations, or too many variables counted over the contracts, is refused (422) naming
 * the bound, unless the save adds nothing to a monitor already past it.
 */
export function checkCost(
  input: Pick<Input, 'type' | 'filters'>,
  others: readonly CalculationRow[],
  current?: CalculationRow,
): void {
  const count = others.length + 1;
  if (!current && count > MAX_CALCULATIONS)
    throw new AppError('UNPROCESSABLE', COST_MESSAGES.calculations(count));
  const after = filteredVariables([...others, input]);
  if (after > MAX_FILTERED_VARIABLES && after > filteredVariables(current ? [...others, current] : others)) {
    const message = COST_MESSAGES.filteredVariables(after);
    throw new AppError('UNPROCESSABLE', message, { errors: [{ path: 'body.filters', message }] });
  }
}

function valuesOf(
  input: Input,
  references: { variables: string[]; calculations: string[] },
): CalculationValues {
  return {
    name: input.name,
    description: input.description,
    abbreviation: input.abbreviation,
    type: input.type,
    administrationPeriod: input.administrationPeriod,
    enabled: input.enabled,
    locked: input.locked,
    notes: input.notes,
    displayForm: input.displayForm,
    hasPercentScale: input.hasPercentScale,
    scale: input.hasPercentScale ? input.scale : [],
    filters: input.filters,
    formula: { expression: input.formula.expression, ...references },
  };
}

/** What a version keeps: the method as saved (everything but the notes). */
function definitionOf(values: CalculationValues | CalculationRow): object {
  return {
    name: values.name,
    description: values.description,
    abbreviation: values.abbreviation,
    type: values.type,
    administrationPeriod: values.administrationPeriod ?? null,
    enabled: values.enabled ?? false,
    locked: values.locked ?? false,
    displayForm: values.displayForm ?? 'NORMAL',
    hasPercentScale: values.hasPercentScale ?? false,
    scale: values.scale ?? [],
    filters: values.filters ?? [],
    expression: values.formula.expression,
  };
}

function monitorOf(scope: Scope): string {
  if (!scope.organization) throw new AppError('ORGANIZATION_REQUIRED');
  return scope.organization.id;
}

/** The monitor's other live calculations, with the save's turn taken. */
async function othersOf(tx: Database, organizationId: string, exceptId?: string) {
  await lockCalculations(tx, organizationId);
  return (await liveCalculations(tx, organizationId)).filter((row) => row.id !== exceptId);
}

/**
 * The calculations catalogue (CALCULATIONS; admin spec, 'Calculations catalogue modal'): each
 * monitor's formulas, the locked one its corruption-risk index. A save checks the formula against
 * the monitor's other calculations (they exist; no cycle, named); each change of the method is a
 * new version of the calculation (calculation_versions) and of the monitor's method. The index
 * itself and calculations other formulas use cannot be deleted.
 */
export const calculationCatalogue: CatalogueDefinition<
  typeof CalculationFieldsSchema,
  CalculationRow,
  CalculationDoc
> = {
  path: 'calculations',
  permission: 'CALCULATIONS',
  scope: 'organization',
  store: calculationStore,
  input: CalculationFieldsSchema,
  rules: (schema) => withCalculationRules(schema as unknown as typeof CalculationFieldsSchema),
  doc: CalculationDocSchema,
  present: presentCalculation,
  async create(_deps, tx, scope, input) {
    const organizationId = monitorOf(scope);
    const others = await othersOf(tx, organizationId);
    checkCost(input, others);
    await checkFilterReferences(tx, organizationId, input.filters);
    const values = valuesOf(input, checkAgainstOthers(input, others));
    return {
      row: await insertCalculation(tx, organizationId, scope.actor.userId, values, definitionOf(values)),
    };
  },
  async update(deps, tx, scope, id, input) {
    const organizationId = monitorOf(scope);
    const others = await othersOf(tx, organizationId, id);
    const current = await calculationForUpdate(tx, organizationId, id);
    if (!current) throw notFound(CALCULATION_MESSAGES.notFound);
    checkCost(input, others, current);
    await checkFilterReferences(tx, organizationId, input.filters);
    const values = valuesOf(input, checkAgainstOthers(input, others, current));
    const changed = JSON.stringify(definitionOf(values)) !== JSON.stringify(definitionOf(current));
    return {
      row: await updateCalculation(
        tx,
        current,
        scope.actor.userId,
        values,
        changed ? definitionOf(values) : null,
        deps.now(),
      ),
    };
  },
  async remove(deps, tx, scope, id) {
    const organizationId = monitorOf(scope);
    const others = await othersOf(tx, organizationId, id);
    const current = await calculationForUpdate(tx, organizationId, id);
    if (!current) throw notFound(CALCULATION_MESSAGES.notFound);
    if (current.locked)
      throw new AppError(
        'CONFLICT',
        'El cálculo bloqueado es el índice de riesgo de corrupción de la organización: no se puede eliminar. Desbloquéalo primero si de verdad quieres quitarlo.',
      );
    const users = others.filter((row) => referencesOf(row.formula.expression).includes(current.abbreviation));
    if (users.length)
      throw new AppError(
        'CONFLICT',
        `No es posible eliminar ${current.abbreviation}: lo usan ${users.map((row) => row.abbreviation).join(', ')}. Quítalo de esas fórmulas primero.`,
      );
    await deleteCalculation(tx, id, scope.actor.userId, deps.now());
  },
  messages: CALCULATION_MESSAGES,
  conflicts: {
    calculations_abbreviation_key: CALCULATION_MESSAGES.abbreviationTaken,
    calculations_name_key: CALCULATION_MESSAGES.nameTaken,
    calculations_locked_key: CALCULATION_MESSAGES.lockedTaken,
  },
};
