import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OrganizationListQuerySchema,
  OrganizationListResponseSchema,
} from '../../../shared/schemas/organizations';
import { listPublicOrganizations } from './organizations.service';

export const organizationsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      schema: {
        tags: ['public'],
        summary: 'Monitors a visitor can choose from',
        description: 'Non-deleted organizations in alphabetical order, without private settings.',
        querystring: OrganizationListQuerySchema,
        response: { 200: OrganizationListResponseSchema },
      },
    },
    async (request, reply) => {
      // Settings (theme, cover, texts) change at any time: never served from a stale HTTP cache.
      reply.header('cache-control', 'no-cache');
      return {
        error: false as const,
        message: '',
        data: await listPublicOrganizations(app.deps, request.query),
      };
    },
  );
};
