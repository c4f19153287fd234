import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import {
  AmountByPeriodResponseSchema,
  AmountByProcedureResponseSchema,
  ChartBodySchema,
} from '../../../shared/schemas/landing';
import { sendCachedAnswer } from '../../lib/cached-answer';
import { requireOrganization } from '../../plugins/organization';
import { resultKey } from '../figures/result-keys';
import { amountByPeriod, amountByProcedure } from './landing.service';

const tags = ['public: home charts'];

export const landingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/amountByPeriod',
    {
      schema: {
        tags,
        summary: 'Amount per quarter and procedure type (home bar chart)',
        headers: OrganizationHeaderSchema,
        body: ChartBodySchema,
        response: { 200: AmountByPeriodResponseSchema },
      },
    },
    async (request, reply) => {
      const organization = await requireOrganization(request);
      return sendCachedAnswer(reply, resultKey(organization, 'chart', request.body), async () => ({
        error: false as const,
        message: '',
        data: await amountByPeriod(app.deps, organization, request.body),
      }));
    },
  );

  app.post(
    '/amountByProcedure',
    {
      schema: {
        tags,
        summary: 'Amount per procedure type (home donut)',
        headers: OrganizationHeaderSchema,
        body: ChartBodySchema,
        response: { 200: AmountByProcedureResponseSchema },
      },
    },
    async (request, reply) => {
      const organization = await requireOrganization(request);
      return sendCachedAnswer(reply, resultKey(organization, 'chart', request.body), async () => ({
        error: false as const,
        message: '',
        data: await amountByProcedure(app.deps, organization, request.body),
      }));
    },
  );
};
