import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileKind } from '../../../shared/constants/enums';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findFile } from './files.repository';

/** Only these stored files are images meant for the public site. */
const IMAGE_KINDS: ReadonlySet<FileKind> = new Set(['COVER', 'RESOURCE_IMAGE', 'PROFILE_PICTURE']);
const IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
]);

export const filesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/image/:id',
    {
      schema: {
        tags: ['public'],
        summary: 'An image of the public site (cover, resource image, profile picture)',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const file = isUuid(id) ? await findFile(app.deps.database.db, id) : undefined;
      if (!file || !IMAGE_KINDS.has(file.kind) || !IMAGE_TYPES.has(file.mimeType)) {
        throw notFound('La imagen solicitada no existe.');
      }
      const etag = `"${file.sha256}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened directly must not run script or load anything on our origin.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('content-disposition', `inline; filename="${safeFilename(file.filename)}"`);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(file.mimeType).send(file.data);
    },
  );
};

/**
 * The backup copy of a contract document. Always an attachment, never rendered by the browser on
 * our origin: a backed-up web page could otherwise run its script here.
 */
export const fileDownloadRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/download/:id',
    {
      schema: {
        tags: ['public'],
        summary: 'The backup copy of a contract document',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const file = isUuid(id) ? await findFile(app.deps.database.db, id) : undefined;
      if (file?.kind !== 'DOCUMENT_BACKUP') throw notFound('El documento solicitado no está disponible.');
      return reply
        .type(file.mimeType === 'application/pdf' ? 'application/pdf' : 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${safeFilename(file.filename)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.data);
    },
  );
};

function safeFilename(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'imagen';
}
