import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { FiltersQuerySchema, type PublicFilters } from '../../../shared/schemas/filters';
import {
  AmountByPeriodResponseSchema,
  AmountByProcedureResponseSchema,
  ChartBodySchema,
} from '../../../shared/schemas/landing';
import { sendCachedAnswer } from '../../lib/cached-answer';
import { REVALIDATE_BY_MONITOR } from '../../plugins/http-cache';
import { requireOrganization } from '../../plugins/organization';
import type { OrganizationRow } from '../../types';
import { resultKey } from '../figures/result-keys';
import { amountByPeriod, amountByProcedure } from './landing.service';

const tags = ['public: home charts'];

/** The charts' answers; the GET forms (the filters as JSON in `?filters=`) may be kept by browsers and proxies. */
const CHARTS = [
  {
    path: '/amountByPeriod',
    summary: 'Amount per quarter and procedure type (home bar chart)',
    response: AmountByPeriodResponseSchema,
    compute: amountByPeriod,
  },
  {
    path: '/amountByProcedure',
    summary: 'Amount per procedure type (home donut)',
    response: AmountByProcedureResponseSchema,
    compute: amountByProcedure,
  },
] as const;

export const landingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const send = (
    reply: FastifyReply,
    organization: OrganizationRow,
    filters: PublicFilters,
    compute: (typeof CHARTS)[number]['compute'],
  ) =>
    sendCachedAnswer(reply, resultKey(organization, 'chart', filters), async () => ({
      error: false as const,
      message: '',
      data: await compute(app.deps, organization, filters),
    }));

  for (const chart of CHARTS) {
    app.post(
      chart.path,
      {
        schema: {
          tags,
          summary: chart.summary,
          headers: OrganizationHeaderSchema,
          body: ChartBodySchema,
          response: { 200: chart.response },
        },
      },
      async (request, reply) => send(reply, await requireOrganization(request), request.body, chart.compute),
    );
    app.get(
      chart.path,
      {
        config: REVALIDATE_BY_MONITOR,
        schema: {
          tags,
          summary: `${chart.summary}, as a GET browsers and proxies can keep`,
          headers: OrganizationHeaderSchema,
          querystring: FiltersQuerySchema,
          response: { 200: chart.response },
        },
      },
      async (request, reply) =>
        send(reply, await requireOrganization(request), request.query.filters, chart.compute),
    );
  }
};
