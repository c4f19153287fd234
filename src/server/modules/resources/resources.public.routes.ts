import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { ResourcesQuerySchema, ResourcesResponseSchema } from '../../../shared/schemas/resources';
import { requireOrganization } from '../../plugins/organization';
import { publicResources } from './resources.service';

/** The monitor's published resources (GET /public-api/resources/list?search=). */
export const resourcesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      schema: {
        tags: ['public'],
        summary: "The monitor's resources grouped by classification, newest first",
        description:
          'Search matches the title (accents and case ignored) or the address. At most 500 per group.',
        headers: OrganizationHeaderSchema,
        querystring: ResourcesQuerySchema,
        response: { 200: ResourcesResponseSchema },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      const groups = await publicResources(app.deps, organization.id, request.query.search?.trim());
      return { error: false as const, message: '', data: groups };
    },
  );
};
