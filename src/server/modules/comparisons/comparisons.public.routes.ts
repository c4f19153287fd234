import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponseSchema } from '../../../shared/schemas/accounts';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import {
  ComparisonDetailQuerySchema,
  ComparisonDetailResponseSchema,
  ComparisonDownloadQuerySchema,
  PeerOrganizationSchema,
  RecentComparisonsResponseSchema,
  RemoteListQuerySchema,
  RemoteListResponseSchema,
  SaveComparisonBodySchema,
} from '../../../shared/schemas/comparisons';
import { DownloadFormatSchema } from '../../../shared/schemas/filters';
import { DOWNLOAD_RATE_LIMIT, downloadSignal, sendExport } from '../../exports/send';
import { AppError } from '../../lib/errors';
import { optionalOrganization, requireOrganization } from '../../plugins/organization';
import { comparisonExport } from './comparisons.export';
import {
  localMonitors,
  recent,
  recordShown,
  saveComparison,
  searchMonitors,
  sideOf,
} from './comparisons.service';

const tags = ['public: comparisons'];

/** 429 of the detail call, shown on the comparison page. */
export const TOO_MANY_COMPARISONS =
  'Has pedido demasiadas comparaciones en poco tiempo. Espera un minuto e intenta nuevamente.';

/** /public-api/comparations/detail: one side of a comparison, ours or another server's. */
export const comparisonRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each call may compute a side or call another server: limited per address, both paths counted
  // together (RATE_LIMIT_COMPARISONS_PER_MINUTE, in the shared counters).
  const rateLimit = {
    max: app.deps.config.rateLimits.comparisonsPerMinute,
    timeWindow: 60_000,
    groupId: 'comparations-detail',
    errorResponseBuilder: () => new AppError('RATE_LIMITED', TOO_MANY_COMPARISONS),
  };
  // The original asks other servers for '/detail/?id=' (with the slash): both are answered.
  for (const path of ['/detail', '/detail/'])
    app.get(
      path,
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: "One side of a comparison: a monitor's index, money and counts per procedure type",
          description:
            "Without `url`, a monitor of this installation by id; with `url`, the monitor `id` of that other server, read through the guarded client. Each side in its own administration period (the monitor's default unless `administrationPeriod`).",
          querystring: ComparisonDetailQuerySchema,
          response: { 200: ComparisonDetailResponseSchema },
        },
      },
      async (request) => {
        const { id, url, administrationPeriod } = request.query;
        const from = await optionalOrganization(request);
        // Our pages name the monitor they show; a caller that names none (another server, whose
        // guarded client keeps the side for minutes) gets every figure of the current data, the
        // embedded engine's pending counts included (decision 0030).
        const side = from
          ? await sideOf(app.deps, id, url, administrationPeriod)
          : await app.deps.cache.fresh(() => sideOf(app.deps, id, url, administrationPeriod));
        // Shown to a visitor of another monitor: one of its recent comparisons.
        if (from) await recordShown(app.deps, from, side.organization);
        return { error: false as const, message: '', data: side };
      },
    );
};

/**
 * The comparison as a file: both sides recomputed here from what the page names (decision 0036);
 * the original posted both sides' figures, which a server must not print as its own.
 */
export const comparisonDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/download-comparison/:format/:id',
    {
      config: { rateLimit: DOWNLOAD_RATE_LIMIT },
      onSend: downloadSignal,
      schema: {
        tags,
        summary: 'A comparison of two monitors as a file (xls = XLSX, pdf, json)',
        description:
          "Left: `?organization=` or the organization header; right: `:id`, on the server `?url=` when given. Each side in its own period (`leftAdministrationPeriod`, `rightAdministrationPeriod`; the monitor's default otherwise).",
        headers: OrganizationHeaderSchema.partial(),
        params: z.object({ format: DownloadFormatSchema, id: z.string().trim().min(1).max(100) }),
        querystring: ComparisonDownloadQuerySchema,
      },
    },
    async (request, reply) =>
      sendExport(request, reply, {
        format: request.params.format,
        name: 'comparacion',
        now: app.deps.now(),
        files: async () => {
          const { url, leftAdministrationPeriod, rightAdministrationPeriod } = request.query;
          // The left monitor: the header, or `?organization=` (a download is a plain link).
          const left = await requireOrganization(request);
          return comparisonExport(
            app.deps,
            left,
            { id: request.params.id, url, administrationPeriod: rightAdministrationPeriod },
            leftAdministrationPeriod,
          );
        },
      }),
  );
};

/** The current monitor's recent comparisons, and the original's way of recording one. */
export const recentComparisonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/retrieve',
    {
      schema: {
        tags,
        summary: "The current monitor's recent comparisons, newest first (at most 12)",
        headers: OrganizationHeaderSchema,
        response: { 200: RecentComparisonsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      message: '',
      data: await recent(app.deps, await requireOrganization(request)),
    }),
  );

  app.post(
    '/save',
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Records a comparison (the original's clients; our page records the ones it shows)",
        headers: OrganizationHeaderSchema,
        body: SaveComparisonBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await saveComparison(
        app.deps,
        await requireOrganization(request),
        request.body.target,
        request.body.url,
      );
      return { error: false as const, message: 'Saved!' };
    },
  );
};

/** What other servers ask us (local/list) and what our search box asks (remote/list). */
export const peerOrganizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/local/list',
    {
      schema: {
        tags,
        summary:
          "This installation's monitors for other servers (public fields only, a bare array as the original answers)",
        response: { 200: z.array(PeerOrganizationSchema) },
      },
    },
    async () => localMonitors(app.deps),
  );

  app.get(
    '/remote/list',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          "The comparison search: this installation's monitors by name, or another server's by its address",
        querystring: RemoteListQuerySchema,
        response: { 200: RemoteListResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      message: '',
      data: await searchMonitors(app.deps, request.query.search),
    }),
  );
};
