import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALERT_MESSAGES,
  AlertSummaryResponseSchema,
  AlertSuspendBodySchema,
  AlertSuspendResponseSchema,
} from '../../../shared/schemas/alerts';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { actorOf } from '../../plugins/auth';
import { requireOrganization } from '../../plugins/organization';
import { alertSummary, suspendAddress } from './follows.service';

const tags = ['alerts'];

/**
 * /api/alerts: the current monitor's follows and deliveries in counts (never an address), and the
 * GENERAL administrators' suspension of an address that complained (decision 0053).
 */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/summary',
    {
      schema: {
        tags,
        summary: "The monitor's confirmed follows by kind, supplier and red flag, and the state of the sends",
        headers: OrganizationHeaderSchema,
        response: { 200: AlertSummaryResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      message: '',
      data: await alertSummary(app.deps, await requireOrganization(request)),
    }),
  );

  app.post(
    '/suspend',
    {
      schema: {
        tags,
        summary: 'Suspends an address (nothing more is sent to it), or lifts the suspension',
        body: AlertSuspendBodySchema,
        response: { 200: AlertSuspendResponseSchema },
      },
    },
    async (request) => {
      await suspendAddress(app.deps, actorOf(request), request.body);
      return {
        error: false as const,
        message: request.body.suspended ? ALERT_MESSAGES.suspended : ALERT_MESSAGES.resumed,
        data: { suspended: request.body.suspended },
      };
    },
  );
};
