import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DashboardInfoResponseSchema,
  NotificationsResponseSchema,
  VisitsByPeriodBodySchema,
  VisitsChartResponseSchema,
} from '../../../shared/schemas/admin';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { actorOf, principalOf } from '../../plugins/auth';
import { requireOrganization } from '../../plugins/organization';
import { dashboardInfo, visitsByPeriod, visitsByRoute } from './dashboard.service';
import { listNotifications, readNotifications } from './notifications.service';

/** Dashboard figures and notifications of the current monitor (any signed-in administrator). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/info-dashboard',
    {
      schema: {
        tags,
        summary: 'Counters of the current monitor (contracts only with CONTRACTS)',
        headers: OrganizationHeaderSchema,
        response: { 200: DashboardInfoResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      message: '',
      data: await dashboardInfo(app.deps, await requireOrganization(request), actorOf(request)),
    }),
  );

  app.post(
    '/visits-month',
    {
      schema: {
        tags,
        summary: 'Visits of the monitor per month (last 12), quarter (last 4) or year (last 6)',
        headers: OrganizationHeaderSchema,
        body: VisitsByPeriodBodySchema,
        response: { 200: VisitsChartResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      message: '',
      data: await visitsByPeriod(app.deps, await requireOrganization(request), request.body.type),
    }),
  );

  app.get(
    '/visits-route',
    {
      schema: {
        tags,
        summary: 'Visits of the monitor per section of the public site',
        headers: OrganizationHeaderSchema,
        response: { 200: VisitsChartResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      message: '',
      data: await visitsByRoute(app.deps, await requireOrganization(request)),
    }),
  );

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The current monitor's latest notifications, unread ones flagged",
        headers: OrganizationHeaderSchema,
        response: { 200: NotificationsResponseSchema },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      return {
        error: false as const,
        message: '',
        data: await listNotifications(app.deps, organization.id, principalOf(request).user.id),
      };
    },
  );

  app.get(
    '/read-notifications',
    {
      schema: {
        tags,
        summary: "Mark the current monitor's notifications as read by the signed-in user",
        headers: OrganizationHeaderSchema,
        response: { 200: NotificationsResponseSchema },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      const { user } = principalOf(request);
      await readNotifications(app.deps, organization.id, user.id);
      return {
        error: false as const,
        message: '',
        data: await listNotifications(app.deps, organization.id, user.id),
      };
    },
  );
};
