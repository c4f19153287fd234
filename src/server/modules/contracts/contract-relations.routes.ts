import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicRelationsSchema } from '../../../shared/contracts/relations';
import { OrganizationHeaderSchema, successEnvelope } from '../../../shared/schemas/common';
import { requireOrganization } from '../../plugins/organization';
import { contractRelations } from './contracts.service';

/**
 * The contract form's lists (issue 30): what one of the current monitor's contracts keeps beside
 * its fields (bidders, invited, amendments, beneficial owners, budget lines, clarification meeting),
 * in the shape the public detail gives them and the save takes back.
 */
export const contractRelationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/relations/:id',
    {
      schema: {
        tags: ['catalogues'],
        summary: "A contract's bidders, invited, amendments and the rest of its lists (the contract form)",
        headers: OrganizationHeaderSchema,
        params: z.object({ id: z.uuid({ message: 'El identificador del contrato no es válido.' }) }),
        response: { 200: successEnvelope(PublicRelationsSchema) },
      },
    },
    async (request) => ({
      error: false as const,
      message: '',
      data: await contractRelations(app.deps, (await requireOrganization(request)).id, request.params.id),
    }),
  );
};
