import {
  applyScale,
  evaluateFormula,
  type ScaleRow,
  type Value,
} from '../../../shared/calculations/evaluate';
import type { CalculationFilter } from '../../../shared/calculations/filters';
import {
  FormulaError,
  type FormulaNode,
  formulaReferences,
  parseFormula,
} from '../../../shared/calculations/formula';
import { VARIABLE_BY_ABBREVIATION } from '../../../shared/calculations/variables';
import type { CalculationType, DisplayForm } from '../../../shared/constants/enums';
import type { VariableSet, VariableValues } from '../figures/figures';

/**
 * Evaluates a monitor's calculations for one administration period (index-and-federation.md,
 * 'Formula language and engine'): every formula parsed into a tree, the variables each one uses
 * asked once per contract set (CONTRACT: the monitor with the calculation's filters for that
 * variable; GENERAL: every monitor), calculations referenced by abbreviation evaluated once each
 * (a diamond is fine; a cycle, refused at save, gives no value here), the percent scale applied.
 */

export interface CalculationDefinition {
  id: string;
  abbreviation: string;
  type: CalculationType;
  administrationPeriod: string | null;
  hasPercentScale: boolean;
  scale: readonly ScaleRow[];
  filters: readonly CalculationFilter[];
  expression: string;
  displayForm: DisplayForm;
}

export interface Evaluation {
  value: Value;
  /** Why there is no value, when it is not simply missing data (a formula error, a cycle, the scale). */
  message?: string;
  /** The variables the formula uses directly, with their values (the counts behind it). */
  variables: Record<string, Value>;
  /** The calculations it uses directly. */
  calculations: string[];
}

export interface EngineContext {
  organizationId: string;
  administrationPeriod: string;
  /**
   * The variables of one contract set (the figures engine, cached), or null when they are not
   * counted yet (the embedded engine counts filtered sets in the background): the calculations
   * that need them, and those that use these, have no value and say so (PENDING).
   */
  variables(set: VariableSet): Promise<VariableValues | null>;
}

/** Whether a calculation is evaluated for a period: one with its own administration period only for that one. */
export function appliesTo(
  calculation: { administrationPeriod: string | null },
  period: string | null,
): boolean {
  return !calculation.administrationPeriod || calculation.administrationPeriod === period;
}

const CIRCULAR = 'No fue posible realizar el cálculo: se detectaron referencias circulares en la fórmula.';
/** A calculation whose counts over the contracts are still being made after a data change. */
export const PENDING = 'Se está calculando con los datos más recientes; vuelve a consultar en unos momentos.';
const OTHER_PERIOD = (period: string) => `Este cálculo se evalúa solo para la administración ${period}.`;

export async function evaluateCalculations(
  definitions: readonly CalculationDefinition[],
  context: EngineContext,
): Promise<Map<string, Evaluation>> {
  const byAbbreviation = new Map(definitions.map((definition) => [definition.abbreviation, definition]));
  const trees = new Map<string, FormulaNode | FormulaError>();
  for (const definition of definitions) {
    try {
      trees.set(definition.abbreviation, parseFormula(definition.expression));
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      trees.set(definition.abbreviation, error);
    }
  }
  const applies = (definition: CalculationDefinition) => appliesTo(definition, context.administrationPeriod);

  // Every contract set the formulas need, each asked once; the red flags' variables of a set are
  // asked apart (counted from the flags), only when a formula uses one.
  const setOf = (definition: CalculationDefinition, variable: string): VariableSet => ({
    organizationId: definition.type === 'GENERAL' ? null : context.organizationId,
    administrationPeriod: context.administrationPeriod,
    filters: definition.filters.filter((filter) => filter.variableAbbreviation === variable),
    ...(VARIABLE_BY_ABBREVIATION.get(variable)?.flag ? { flags: true as const } : {}),
  });
  const keyOf = (set: VariableSet) => JSON.stringify(set);
  const wanted = new Map<string, VariableSet>();
  for (const definition of definitions) {
    const tree = trees.get(definition.abbreviation);
    if (!applies(definition) || !tree || tree instanceof FormulaError) continue;
    for (const variable of formulaReferences(tree).variables) {
      const set = setOf(definition, variable);
      wanted.set(keyOf(set), set);
    }
  }
  const fetched = new Map<string, VariableValues | null>();
  await Promise.all(
    [...wanted].map(async ([key, set]) => {
      fetched.set(key, await context.variables(set));
    }),
  );

  const results = new Map<string, Evaluation>();
  const visiting = new Set<string>();
  const evaluate = (abbreviation: string): Evaluation => {
    const done = results.get(abbreviation);
    if (done) return done;
    const definition = byAbbreviation.get(abbreviation);
    const tree = trees.get(abbreviation);
    if (!definition || !tree) return { value: null, variables: {}, calculations: [] };
    if (tree instanceof FormulaError) {
      const failed = { value: null, message: tree.message, variables: {}, calculations: [] };
      results.set(abbreviation, failed);
      return failed;
    }
    const references = formulaReferences(tree);
    if (!applies(definition)) {
      const other = {
        value: null,
        message: OTHER_PERIOD(definition.administrationPeriod ?? ''),
        variables: {},
        calculations: references.calculations,
      };
      results.set(abbreviation, other);
      return other;
    }
    if (visiting.has(abbreviation))
      return { value: null, message: CIRCULAR, variables: {}, calculations: [] };
    visiting.add(abbreviation);
    const variables: Record<string, Value> = {};
    let pending = false;
    for (const variable of references.variables) {
      if (!VARIABLE_BY_ABBREVIATION.has(variable)) {
        variables[variable] = null;
        continue;
      }
      const values = fetched.get(keyOf(setOf(definition, variable)));
      if (values === null) pending = true;
      variables[variable] = values?.[variable] ?? null;
    }
    let circular = false;
    const raw = evaluateFormula(tree, {
      variable: (name) => variables[name] ?? null,
      calculation: (name) => {
        const inner = evaluate(name);
        if (inner.message === CIRCULAR) circular = true;
        if (inner.message === PENDING) pending = true;
        return inner.value;
      },
    });
    visiting.delete(abbreviation);
    const unknown = references.variables.find((variable) => !VARIABLE_BY_ABBREVIATION.has(variable));
    const scaled = definition.hasPercentScale ? applyScale(raw, definition.scale) : { value: raw };
    const message = circular
      ? CIRCULAR
      : pending
        ? PENDING
        : unknown
          ? `Variable desconocida «${unknown}».`
          : scaled.message;
    const evaluation: Evaluation = {
      value: circular || pending ? null : scaled.value,
      variables,
      calculations: references.calculations,
      ...(message ? { message } : {}),
    };
    results.set(abbreviation, evaluation);
    return evaluation;
  };
  for (const definition of definitions) evaluate(definition.abbreviation);
  return results;
}

/**
 * The abbreviations of calculations that `start` reaches through its references, or the first
 * cycle found (the calculations in it, in order), with a proper depth-first walk: a calculation
 * reached twice without a cycle (a diamond) is fine.
 */
export function findCycle(
  start: string,
  referencesOf: (abbreviation: string) => readonly string[],
): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const walk = (abbreviation: string): string[] | null => {
    if (onPath.has(abbreviation)) return [...path.slice(path.indexOf(abbreviation)), abbreviation];
    if (done.has(abbreviation)) return null;
    onPath.add(abbreviation);
    path.push(abbreviation);
    for (const next of referencesOf(abbreviation)) {
      const cycle = walk(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(abbreviation);
    done.add(abbreviation);
    return null;
  };
  return walk(start);
}
