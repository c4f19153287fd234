import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponseSchema } from '../../../shared/schemas/accounts';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import {
  ComparisonDetailQuerySchema,
  ComparisonDetailResponseSchema,
  type ComparisonSide,
  PeerOrganizationSchema,
  RecentComparisonsResponseSchema,
  RemoteListQuerySchema,
  RemoteListResponseSchema,
  SaveComparisonBodySchema,
} from '../../../shared/schemas/comparisons';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { optionalOrganization, requireOrganization } from '../../plugins/organization';
import {
  localMonitors,
  localSide,
  peerBase,
  recent,
  recordShown,
  remoteSide,
  saveComparison,
  searchMonitors,
} from './comparisons.service';

const tags = ['public: comparisons'];

/** /public-api/comparations/detail: one side of a comparison, ours or another server's. */
export const comparisonRoutes: FastifyPluginAsyncZod = async (app) => {
  // The original asks other servers for '/detail/?id=' (with the slash): both are answered.
  for (const path of ['/detail', '/detail/'])
    app.get(
      path,
      {
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
        let side: ComparisonSide;
        if (url) {
          const base = peerBase(url);
          if (!base) throw new AppError('BAD_REQUEST', 'La dirección del otro monitor no es válida.');
          side = await remoteSide(app.deps, base, id, administrationPeriod);
        } else {
          const organization = isUuid(id) ? await app.deps.organizations.get(id) : undefined;
          if (!organization) throw new AppError('ORGANIZATION_NOT_FOUND');
          side = await localSide(app.deps, organization, administrationPeriod);
        }
        // Shown to a visitor of another monitor: one of its recent comparisons.
        if (from) await recordShown(app.deps, from, side.organization);
        return { error: false as const, message: '', data: side };
      },
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
