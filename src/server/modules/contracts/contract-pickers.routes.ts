import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RetrieveQuerySchema, RetrieveResponseSchema } from '../../../shared/schemas/catalogues';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { requireOrganization } from '../../plugins/organization';
import { administrativeUnitChoices, supplierChoices } from './contract-pickers.service';

/** How many choices a picker shows at once: typing narrows them. */
export const PICKER_LIMIT = 50;

/**
 * The contract form's pickers (spec: GET /api/contracts/retrieve/suppliers and
 * /retrieve/administrative-units): the current monitor's rows by name, at most 50, plus the one
 * already chosen so an edited contract shows its value.
 */
export const contractPickerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalogues'];

  app.get(
    '/retrieve/suppliers',
    {
      schema: {
        tags,
        summary: 'Suppliers of the current monitor for the contract form (name or RFC, at most 50)',
        headers: OrganizationHeaderSchema,
        querystring: RetrieveQuerySchema,
        response: { 200: RetrieveResponseSchema },
      },
    },
    async (request) => {
      const { search, include } = request.query;
      const docs = await supplierChoices(app.deps, {
        organizationId: (await requireOrganization(request)).id,
        search,
        include,
        limit: PICKER_LIMIT,
      });
      return { error: false as const, message: '', data: { docs } };
    },
  );

  app.get(
    '/retrieve/administrative-units',
    {
      schema: {
        tags,
        summary: 'Administrative units of the current monitor for the contract form (at most 50)',
        headers: OrganizationHeaderSchema,
        querystring: RetrieveQuerySchema,
        response: { 200: RetrieveResponseSchema },
      },
    },
    async (request) => {
      const { search, include } = request.query;
      const docs = await administrativeUnitChoices(app.deps, {
        organizationId: (await requireOrganization(request)).id,
        search,
        include,
        limit: PICKER_LIMIT,
      });
      return { error: false as const, message: '', data: { docs } };
    },
  );
};
