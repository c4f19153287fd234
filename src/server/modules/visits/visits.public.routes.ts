import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { RegisterVisitBodySchema } from '../../../shared/schemas/visits';
import { optionalOrganization } from '../../plugins/organization';
import { registerVisit } from './visits.service';

export const visitsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      config: { rateLimit: { max: app.deps.config.rateLimits.visitsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        summary: 'Register a visit after a public navigation',
        description:
          'Counts a page view of the monitor named by X-CURRENT-ORGANIZATION-ID. Rate-limited per address. ' +
          'Query strings are not stored.',
        headers: OrganizationHeaderSchema,
        body: RegisterVisitBodySchema,
        response: { 204: z.null().describe('Registered') },
      },
    },
    async (request, reply) => {
      const organization = await optionalOrganization(request);
      await registerVisit(app.deps, organization, request.body);
      return reply.code(204).send(null);
    },
  );
};
