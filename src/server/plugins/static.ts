import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isWebRoute } from '../../shared/routes';

const API_PREFIXES = ['/api/', '/public-api/', '/health/'];

/**
 * Serves the built web app from the same process: hashed assets cached for a year, index.html
 * revalidated on every visit, pre-compressed files (.br/.gz) when the browser accepts them.
 * Returns the history fallback used by the not-found handler, or null when no build exists.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | null> {
  if (!existsSync(path.join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'web app not built: run `npm run build`; only the API is served');
    return null;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const relative = path.relative(webDir, filePath);
      if (relative.startsWith(`assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });

  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || pathname === '/api') return false;
    // Requests for files (with an extension) that do not exist are real 404s, not app routes; an
    // app route is the app whatever it ends with (an alert's link ends in its token, whose secret
    // half follows a dot and may be letters and digits only).
    const webRoute = isWebRoute(pathname);
    if (!webRoute && /\.[a-z0-9]+$/i.test(pathname)) return false;
    void reply
      .code(webRoute ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html');
    return true;
  };
}
