import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupOf, VARIABLES } from '../../../shared/calculations/variables';
import {
  FormulaEvaluateQuerySchema,
  FormulaResultSchema,
  FormulaValidateBodySchema,
  RetrieveCalculationsQuerySchema,
  RetrieveCalculationsResponseSchema,
  VariablesResponseSchema,
} from '../../../shared/schemas/calculations';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { requireOrganization } from '../../plugins/organization';
import { checkFormula, otherCalculationsThan } from './calculations.service';

const tags = ['calculations'];

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
      const rows = await otherCalculationsThan(app.deps, organization.id, request.query.currentCalculationId);
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
