import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileKind } from '../../../shared/constants/enums';
import { admitDownload } from '../../exports/send';
import { notFound } from '../../lib/errors';
import type { StoredFile } from '../../lib/file-store.types';
import { openStoredFile } from './files.service';

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
      const opened = await openStoredFile(app.deps, id, (kind) => IMAGE_KINDS.has(kind));
      if (!opened || !IMAGE_TYPES.has(opened.content.mime)) {
        opened?.content.stream.destroy();
        throw notFound('La imagen solicitada no existe.');
      }
      const { file, content } = opened;
      const etag = `"${content.sha256}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened directly must not run script or load anything on our origin.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('content-disposition', `inline; filename="${safeFilename(file.filename)}"`);
      if (request.headers['if-none-match'] === etag) {
        content.stream.destroy();
        return reply.code(304).send();
      }
      return sendContent(request, reply.type(content.mime), content);
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
      // A copy is up to 50 MB: it takes one of the address's download places, as exports do.
      await admitDownload(request, reply, false);
      const { id } = request.params;
      const opened = await openStoredFile(app.deps, id, (kind) => kind === 'DOCUMENT_BACKUP');
      if (!opened) throw notFound('El documento solicitado no está disponible.');
      const { file, content } = opened;
      reply
        .type(content.mime === 'application/pdf' ? 'application/pdf' : 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${safeFilename(file.filename)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable');
      return sendContent(request, reply, content);
    },
  );
};

/**
 * Streams a stored content out, chunk by chunk, with its length. A HEAD request reads none of it
 * (Fastify would otherwise read a stream to its end to discard it).
 */
function sendContent(request: FastifyRequest, reply: FastifyReply, content: StoredFile): FastifyReply {
  reply.header('content-length', String(content.size));
  if (request.method !== 'HEAD') return reply.send(content.stream);
  content.stream.destroy();
  return reply.send(Readable.from([]));
}

function safeFilename(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'imagen';
}
