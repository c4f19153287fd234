import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponseSchema } from '../../../shared/schemas/accounts';
import {
  CatalogueListQuerySchema,
  catalogueListResponse,
  DeleteBodySchema,
  saveBody,
  updatedDocsBody,
} from '../../../shared/schemas/catalogues';
import { OrganizationHeaderSchema, successEnvelope } from '../../../shared/schemas/common';
import { actorOf } from '../../plugins/auth';
import { requireOrganization } from '../../plugins/organization';
import {
  type AnyCatalogue,
  deleteCatalogueEntry,
  listCatalogue,
  type Scope,
  saveCatalogueEntries,
  saveCatalogueEntry,
} from './catalogue';

/** list / save / delete / save-updated-docs of one catalogue (spec: admin area, section 7). */
export function catalogueRoutes(definition: AnyCatalogue): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['catalogues'];
    const headerSchema = definition.scope === 'organization' ? { headers: OrganizationHeaderSchema } : {};
    const scopeOf = async (request: FastifyRequest): Promise<Scope> => ({
      organization: definition.scope === 'organization' ? await requireOrganization(request) : null,
      actor: actorOf(request),
    });

    app.get(
      '/list',
      {
        schema: {
          tags,
          summary: `${definition.path}: one page (limit 10, 25, 50 or 100), newest first; search and named sorts`,
          ...headerSchema,
          querystring: CatalogueListQuerySchema,
          response: { 200: catalogueListResponse(definition.doc) },
        },
      },
      async (request) => {
        const { lastUpdate, totalIsLowerBound, ...page } = await listCatalogue(
          app.deps,
          definition,
          await scopeOf(request),
          request.query,
        );
        return {
          error: false as const,
          message: '',
          data: page,
          ...(lastUpdate ? { lastUpdate } : {}),
          ...(totalIsLowerBound ? { totalIsLowerBound } : {}),
        };
      },
    );

    app.post(
      '/save',
      {
        schema: {
          tags,
          summary: `${definition.path}: create (no _id) or update (with _id)`,
          ...headerSchema,
          body: saveBody(definition.input, definition.rules),
          response: { 200: successEnvelope(definition.doc) },
        },
      },
      async (request) => {
        const { doc, created } = await saveCatalogueEntry(
          app.deps,
          definition,
          await scopeOf(request),
          request.body as Record<string, unknown>,
        );
        return {
          error: false as const,
          message: created ? definition.messages.created : definition.messages.updated,
          data: doc,
        };
      },
    );

    app.post(
      '/delete',
      {
        schema: {
          tags,
          summary: `${definition.path}: delete (kept in the database, hidden everywhere)`,
          ...headerSchema,
          body: DeleteBodySchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await deleteCatalogueEntry(app.deps, definition, await scopeOf(request), request.body._id);
        return { error: false as const, message: definition.messages.deleted };
      },
    );

    app.post(
      '/save-updated-docs',
      {
        schema: {
          tags,
          summary: `${definition.path}: save the rows changed inline, all or none`,
          ...headerSchema,
          body: updatedDocsBody(definition.input, definition.rules),
          response: { 200: successEnvelope(z.object({ saved: z.number().int() })) },
        },
      },
      async (request) => {
        const { docs } = request.body as { docs: (Record<string, unknown> & { _id: string })[] };
        const saved = await saveCatalogueEntries(app.deps, definition, await scopeOf(request), docs);
        return { error: false as const, message: 'Los cambios se guardaron correctamente', data: { saved } };
      },
    );
  };
}
