import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { scaleProblem } from '../../../shared/calculations/evaluate';
import { groupOf, VARIABLES } from '../../../shared/calculations/variables';
import {
  CALCULATION_MESSAGES,
  FormulaEvaluateQuerySchema,
  FormulaResultSchema,
  FormulaValidateBodySchema,
  formulaProblem,
  RetrieveCalculationsQuerySchema,
  RetrieveCalculationsResponseSchema,
  VariablesResponseSchema,
} from '../../../shared/schemas/calculations';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { AppError, notFound } from '../../lib/errors';
import { requireOrganization } from '../../plugins/organization';
import type { AppDeps, OrganizationRow } from '../../types';
import { checkAgainstOthers, checkFilterReferences } from './calculations.catalogue';
import { liveCalculations, otherCalculations } from './calculations.repository';
import { evaluateCandidate } from './corruption-index.service';

const tags = ['calculations'];

/** The form's calculation as the validate call reads it. */
type Candidate = z.output<typeof FormulaValidateBodySchema>;

/**
 * A formula as the form has it: its first problem with the position (syntax, unknown variable,
 * unknown calculation, cycle, scale), else its value for the period (the preview).
 */
async function checkFormula(deps: AppDeps, organization: OrganizationRow, candidate: Candidate) {
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

/**
 * The calculations form's own calls (admin spec, section 7): the variables, the other
 * calculations, and the formula's check and preview. The list/save/delete calls are the
 * catalogue engine's (calculations.catalogue.ts); the supplier and unit pickers the contracts'.
 */
export const calculationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/variables',
    {
      schema: {
        tags,
        summary: "The formulas' variables (name, description, abbreviation, group)",
        headers: OrganizationHeaderSchema,
        response: { 200: VariablesResponseSchema },
      },
    },
    async () => ({
      error: false as const,
      message: '',
      data: VARIABLES.map((variable) => ({ ...variable, group: groupOf(variable) })),
    }),
  );

  app.get(
    '/retrieve/calculations',
    {
      schema: {
        tags,
        summary: "The monitor's other calculations, for `$$` references (without the one being edited)",
        headers: OrganizationHeaderSchema,
        querystring: RetrieveCalculationsQuerySchema,
        response: { 200: RetrieveCalculationsResponseSchema },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      const rows = await otherCalculations(
        app.deps.database.db,
        organization.id,
        request.query.currentCalculationId,
      );
      return {
        error: false as const,
        message: '',
        data: { docs: rows.map(({ id, ...row }) => ({ _id: id, ...row })) },
      };
    },
  );

  app.post(
    '/formula/validate',
    {
      schema: {
        tags,
        summary:
          "Checks a calculation's formula as the form has it and, when valid, gives its value (preview)",
        headers: OrganizationHeaderSchema,
        body: FormulaValidateBodySchema,
        response: { 200: FormulaResultSchema },
      },
    },
    async (request) => checkFormula(app.deps, await requireOrganization(request), request.body),
  );

  app.get(
    '/formula/evaluate',
    {
      schema: {
        tags,
        summary: 'Evaluates a formula (no filters, no scale) for an administration period',
        headers: OrganizationHeaderSchema,
        querystring: FormulaEvaluateQuerySchema,
        response: { 200: FormulaResultSchema },
      },
    },
    async (request) =>
      checkFormula(app.deps, await requireOrganization(request), {
        formula: { expression: request.query.expression },
        type: request.query.type,
        administrationPeriod: request.query.administrationPeriod ?? null,
        hasPercentScale: false,
        scale: [],
        filters: [],
      }),
  );
};
