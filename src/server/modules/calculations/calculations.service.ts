import type { z } from 'zod';
import { scaleProblem } from '../../../shared/calculations/evaluate';
import {
  CALCULATION_MESSAGES,
  type FormulaValidateBodySchema,
  formulaProblem,
} from '../../../shared/schemas/calculations';
import { AppError, notFound } from '../../lib/errors';
import type { AppDeps, OrganizationRow } from '../../types';
import { checkAgainstOthers, checkFilterReferences } from './calculations.catalogue';
import { liveCalculations, otherCalculations } from './calculations.repository';
import { evaluateCandidate } from './corruption-index.service';

/** The form's calculation as the validate call reads it. */
type Candidate = z.output<typeof FormulaValidateBodySchema>;

/**
 * A formula as the form has it: its first problem with the position (syntax, unknown variable,
 * unknown calculation, cycle, scale), else its value for the period (the preview).
 */
export async function checkFormula(deps: AppDeps, organization: OrganizationRow, candidate: Candidate) {
  const abbreviation = candidate.abbreviation?.trim() || '$$NUEVO';
  const failed = (message: string, position?: number) => ({
    error: true,
    message,
    ...(position ? { position } : {}),
    results: { value: null, administrationPeriod: candidate.administrationPeriod },
  });
  const problem = formulaProblem(candidate.formula.expression, abbreviation);
  if (problem) return failed(problem.message, problem.position);
  // A filter naming another monitor's supplier or unit, or nothing, is refused as the save refuses it.
  await checkFilterReferences(deps.database.db, organization.id, candidate.filters);
  const rows = await liveCalculations(deps.database.db, organization.id);
  try {
    const others = rows.filter((row) => row.id !== candidate._id);
    const current = rows.find((row) => row.id === candidate._id);
    // The calculation being edited must be one of this monitor's.
    if (candidate._id && !current) throw notFound(CALCULATION_MESSAGES.notFound);
    checkAgainstOthers({ abbreviation, formula: candidate.formula }, others, current);
  } catch (error) {
    if (error instanceof AppError && error.code === 'BAD_REQUEST') return failed(error.message);
    throw error;
  }
  if (candidate.hasPercentScale) {
    const scale = scaleProblem(candidate.scale);
    if (scale) return failed(scale);
  }
  const result = await evaluateCandidate(
    deps,
    organization,
    {
      abbreviation,
      type: candidate.type,
      administrationPeriod: candidate.administrationPeriod,
      hasPercentScale: candidate.hasPercentScale,
      scale: candidate.scale,
      filters: candidate.filters,
      expression: candidate.formula.expression,
      displayForm: 'NORMAL',
    },
    { replaces: candidate._id, calculations: rows },
  );
  return {
    error: false,
    message:
      result.value === null
        ? (result.message ?? 'Sin datos: la fórmula no da un valor con los datos de la administración.')
        : '',
    results: { value: result.value, administrationPeriod: result.administrationPeriod },
  };
}

/** The monitor's calculations other than the one being edited, for `$$` references in the form. */
export function otherCalculationsThan(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
  currentId?: string,
) {
  return otherCalculations(deps.database.db, organizationId, currentId);
}
