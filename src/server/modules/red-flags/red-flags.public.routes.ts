import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { RedFlagsOverviewResponseSchema } from '../../../shared/schemas/red-flags';
import { requireOrganization } from '../../plugins/organization';
import { flagsOverview } from './red-flags.service';

/** /public-api/flags (issue 32): the red flags' definitions with the monitor's parameters and counts. */
export const redFlagsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['Señales de alerta'],
        summary: 'Every red flag with this monitor’s parameters and how many of its contracts carry it',
        description:
          'Each flag’s name, category, rule and why it matters, whether the monitor evaluates it, and how many live ' +
          'contracts raised it; the method’s version and the parameters; the date of the SAT and sanctions lists.',
        headers: OrganizationHeaderSchema,
        response: { 200: RedFlagsOverviewResponseSchema },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      return { error: false as const, message: '', data: await flagsOverview(app.deps, organization.id) };
    },
  );
};
