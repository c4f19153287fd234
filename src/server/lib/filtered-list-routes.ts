import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { OrganizationHeaderSchema, PageQuerySchema } from '../../shared/schemas/common';
import { FilteredListBodySchema, FiltersJsonSchema, type PublicFilters } from '../../shared/schemas/filters';
import { REVALIDATE_BY_MONITOR } from '../plugins/http-cache';
import { requireOrganization } from '../plugins/organization';
import type { OrganizationRow } from '../types';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A list's `/filtered-list` in both forms: the original's POST (the filters in the body) and the
 * GET browsers and proxies can keep (the filters as JSON in `?filters=`, decision 0054), each a page
 * of the same answer for the same filters.
 */
export function filteredListRoutes(
  app: ZodApp,
  list: {
    tags: string[];
    summary: string;
    description?: string;
    response: z.ZodType;
    sendPage: (
      reply: FastifyReply,
      organization: OrganizationRow,
      filters: PublicFilters,
      page: number,
    ) => Promise<FastifyReply>;
  },
): void {
  const { tags, summary, description, response, sendPage } = list;
  app.get(
    '/filtered-list',
    {
      config: REVALIDATE_BY_MONITOR,
      schema: {
        tags,
        summary: `${summary} (the POST form as a GET that browsers and proxies can keep: the filters as JSON in \`?filters=\`)`,
        ...(description ? { description } : {}),
        headers: OrganizationHeaderSchema,
        querystring: PageQuerySchema.extend({ filters: FiltersJsonSchema }),
        response: { 200: response },
      },
    },
    async (request, reply) =>
      sendPage(reply, await requireOrganization(request), request.query.filters, request.query.page),
  );
  app.post(
    '/filtered-list',
    {
      schema: {
        tags,
        summary,
        ...(description ? { description } : {}),
        headers: OrganizationHeaderSchema,
        querystring: PageQuerySchema,
        body: FilteredListBodySchema,
        response: { 200: response },
      },
    },
    async (request, reply) =>
      sendPage(reply, await requireOrganization(request), request.body.filters, request.query.page),
  );
}
