import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CorruptionIndexQuerySchema,
  CorruptionIndexResponseSchema,
} from '../../../shared/schemas/calculations';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { requireOrganization } from '../../plugins/organization';
import { lastUpdateOf } from '../figures/figures';
import { corruptionIndex } from './corruption-index.service';

const tags = ['public: corruption index'];

/** The public index and, later, the comparisons (/public-api/comparations). */
export const comparationsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/corruption-index',
    {
      schema: {
        tags,
        summary: "The monitor's corruption-risk index for an administration period",
        description:
          "The locked calculation with its level, its axes and indicators with the counts behind them, and the other enabled calculations (calculationsInfo), in the original's shape plus ours. `id` names the monitor (else the organization header); without `administrationPeriod`, the monitor's default.",
        headers: OrganizationHeaderSchema.partial(),
        querystring: CorruptionIndexQuerySchema,
        response: { 200: CorruptionIndexResponseSchema },
      },
    },
    async (request) => {
      const { id, administrationPeriod } = request.query;
      let organization = id ? null : await requireOrganization(request);
      if (id) {
        if (!isUuid(id)) throw new AppError('ORGANIZATION_NOT_FOUND');
        organization = (await app.deps.organizations.get(id)) ?? null;
        if (!organization) throw new AppError('ORGANIZATION_NOT_FOUND');
      }
      const data = await corruptionIndex(app.deps, organization!, administrationPeriod);
      return { error: false as const, message: '', data, ...lastUpdateOf(organization!) };
    },
  );
};
