import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import {
  RESOURCE_GROUP_KEYS,
  type ResourceGroups,
  ResourcesQuerySchema,
  ResourcesResponseSchema,
} from '../../../shared/schemas/resources';
import { requireOrganization } from '../../plugins/organization';
import { findResources } from './resources.repository';

/** Resources shown at most per group: the page lists them all, within reason. */
const PER_GROUP = 500;

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
      const search = request.query.search?.trim();
      const rows = await findResources(app.deps.database.db, organization.id, {
        search,
        limit: PER_GROUP * 4,
      });
      const groups: ResourceGroups = { article: [], notes: [], legalFramework: [], website: [] };
      for (const row of rows) {
        const group = groups[RESOURCE_GROUP_KEYS[row.classification]];
        if (group.length >= PER_GROUP) continue;
        group.push({
          _id: row.id,
          title: row.title,
          url: row.url,
          classification: row.classification,
          image: row.imageFileId,
          createdAt: row.createdAt.toISOString(),
        });
      }
      return { error: false as const, message: '', data: groups };
    },
  );
};
