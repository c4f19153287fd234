import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CorruptionIndexDownloadQuerySchema,
  CorruptionIndexQuerySchema,
  CorruptionIndexResponseSchema,
} from '../../../shared/schemas/calculations';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { DownloadFormatSchema } from '../../../shared/schemas/filters';
import { DOWNLOAD_RATE_LIMIT, downloadSignal, sendExport } from '../../exports/send';
import { isUuid } from '../../lib/ids';
import { type HttpCacheConfig, notModified, tagAnswer } from '../../plugins/http-cache';
import { requestedOrganization } from '../../plugins/organization';
import { lastUpdateOf } from '../organizations/organizations.presenter';
import { corruptionIndexExport } from './corruption-index.export';
import { corruptionIndexAnswer, indexVersion } from './corruption-index.service';

const tags = ['public: corruption index'];

/** The index changes with its calculations, the data (every monitor's with a GENERAL one) and the default period. */
const REVALIDATE_INDEX: HttpCacheConfig = {
  revalidate: {
    monitorOf: (request) => (request.query as { id?: string }).id,
    version: (monitor, deps) => indexVersion(deps, monitor),
  },
};

/** The public index and, later, the comparisons (/public-api/comparations). */
export const comparationsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/corruption-index',
    {
      config: REVALIDATE_INDEX,
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
    async (request, reply) => {
      const organization = await requestedOrganization(request, request.query.id);
      const { data, version, current } = await corruptionIndexAnswer(
        app.deps,
        organization,
        request.query.administrationPeriod,
      );
      // An answer whose counts are still running is not kept by anyone (no validator).
      if (version === null) reply.header('cache-control', 'no-store');
      else {
        tagAnswer(reply, organization.id, version, current);
        if (notModified(reply)) return reply;
      }
      return { error: false as const, message: '', data, ...lastUpdateOf(organization) };
    },
  );

  // The original's address carries an unused id; ours names the monitor with it when it is one.
  for (const path of ['/download/:format', '/download/:format/:id']) {
    app.get(
      path,
      {
        config: { rateLimit: DOWNLOAD_RATE_LIMIT },
        onSend: downloadSignal,
        schema: {
          tags,
          summary: 'The index page as a file (xls = XLSX, pdf, json)',
          description:
            'The monitor is `:id` when it is an id, else `?organization=` or the organization header; `?administrationPeriod=` as the page.',
          headers: OrganizationHeaderSchema.partial(),
          params: z.object({ format: DownloadFormatSchema, id: z.string().max(100).optional() }),
          querystring: CorruptionIndexDownloadQuerySchema,
        },
      },
      async (request, reply) =>
        sendExport(request, reply, {
          format: request.params.format,
          name: 'indice-corrupcion',
          now: app.deps.now(),
          files: async () =>
            corruptionIndexExport(
              app.deps,
              await requestedOrganization(
                request,
                request.params.id && isUuid(request.params.id)
                  ? request.params.id
                  : request.query.organization,
              ),
              request.query.administrationPeriod,
            ),
        }),
    );
  }
};
