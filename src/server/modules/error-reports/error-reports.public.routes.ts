import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '../../../shared/schemas/accounts';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import {
  ERROR_REPORT_LIMITS,
  ERROR_REPORT_MESSAGES,
  ErrorReportBodySchema,
  ErrorReportDescriptionBodySchema,
  ErrorReportParamsSchema,
  ErrorReportResponseSchema,
} from '../../../shared/schemas/error-reports';
import { AppError } from '../../lib/errors';
import { optionalOrganization } from '../../plugins/organization';
import { describeError, reportError } from './error-reports.service';

/** Unexpected errors seen by browsers, and what visitors say happened (decision 0023). */
export const errorReportsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = {
    max: app.deps.config.rateLimits.errorReportsPerHour,
    timeWindow: 60 * 60_000,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', ERROR_REPORT_MESSAGES.tooMany),
  };

  app.post(
    '/',
    {
      bodyLimit: ERROR_REPORT_LIMITS.bodyBytes,
      config: { rateLimit },
      schema: {
        tags: ['public'],
        summary: 'Report an unexpected error seen in the browser',
        description:
          'Message, trimmed stack, screen path and the request id of the failed call, if any; the ' +
          'browser comes from User-Agent. E-mails, query strings and tokens are masked before storing; ' +
          'the address is not kept. Repeats of an error count on one report. Administrators of the monitor ' +
          'named by X-CURRENT-ORGANIZATION-ID (else the first monitor) get a notification. Rate-limited per address.',
        headers: OrganizationHeaderSchema,
        body: ErrorReportBodySchema,
        response: { 200: ErrorReportResponseSchema },
      },
    },
    async (request) => {
      // The header may name the very monitor that failed to load: an unknown one is no reason to lose the report.
      const organization = await optionalOrganization(request).catch(() => null);
      const report = await reportError(app.deps, organization, request.body, request.headers['user-agent']);
      return { error: false as const, message: '', data: { _id: report.id } };
    },
  );

  app.post(
    '/:id/description',
    {
      bodyLimit: ERROR_REPORT_LIMITS.bodyBytes,
      config: { rateLimit },
      schema: {
        tags: ['public'],
        summary: "Add the visitor's description of what happened to an error report",
        description: 'E-mails and tokens are masked. Rate-limited per address.',
        params: ErrorReportParamsSchema,
        body: ErrorReportDescriptionBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await describeError(app.deps, request.params.id, request.body.description);
      return { error: false as const, message: ERROR_REPORT_MESSAGES.sent };
    },
  );
};
