import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../lib/ids';
import { namedOrganizationId } from './organization';

/**
 * Answers browsers and proxies may keep (issue 34, decision 0054). A public GET whose route says
 * `config: { revalidate: 'monitor' }` answers from the result cache (lib/cached-answer.ts): its
 * strong ETag names the build, the monitor and the data version of the answer sent; browsers keep
 * it and check it again at each use, proxies may serve it for 30 s. A visitor (or a proxy) that asks
 * with that ETag in If-None-Match gets 304 before the route runs, from what this process knows of
 * the monitor, without asking the database anything: the monitor's row as the organizations' cache
 * holds it (a change reaches it by its event within milliseconds; one not yet arrived answers 304 to
 * the previous version for those milliseconds). Answers of
 * the administration are `private, no-store` unless their route says otherwise.
 */

/** Route config of an answer revalidated by its monitor's data version. */
export interface HttpCacheConfig {
  revalidate?: 'monitor';
}

declare module 'fastify' {
  interface FastifyContextConfig extends HttpCacheConfig {}
}
export const REVALIDATE_BY_MONITOR: HttpCacheConfig = { revalidate: 'monitor' };

/**
 * Browsers keep the answer and ask again each time (a 304 from memory when nothing changed), so an
 * administrator who just loaded data sees it on the public pages at once; proxies and CDNs may
 * serve it for 30 s without asking. No stale-while-revalidate: a browser would show the previous
 * answer once more after a change (decision 0054).
 */
const MONITOR_ANSWER_CACHE = 'public, max-age=0, s-maxage=30';
/** A previous version's answer (given while the new one is computed, decision 0030): checked again at once. */
const PREVIOUS_ANSWER_CACHE = 'public, no-cache';
const VARY = 'X-Current-Organization-Id';

/**
 * The running build: its server code's own module name (a bundle's chunk is named by its content
 * hash), so a new build's answers never pass for an older build's with the same data.
 */
const BUILD = createHash('sha256')
  .update(import.meta.url)
  .digest('base64url')
  .slice(0, 10);

/** The validator of a monitor's answers at a data version. */
function monitorTag(organizationId: string, version: number): string {
  return `"${BUILD}.${organizationId}.${version}"`;
}

/** Whether an If-None-Match header names this tag (or `*`). */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((part) => part.trim().replace(/^W\//, ''))
    .some((part) => part === tag || part === '*');
}

const revalidated = (request: FastifyRequest) =>
  (request.routeOptions.config as HttpCacheConfig | undefined)?.revalidate === 'monitor' &&
  (request.method === 'GET' || request.method === 'HEAD');

/**
 * Sets an answer's validator and freshness: the version sent (the current one, or the previous
 * one while the current is computed). For revalidated routes only; others are left as they are.
 */
export function tagAnswer(
  reply: FastifyReply,
  organizationId: string,
  version: number,
  current: boolean,
): void {
  if (!revalidated(reply.request)) return;
  reply
    .header('etag', monitorTag(organizationId, version))
    .header('cache-control', current ? MONITOR_ANSWER_CACHE : PREVIOUS_ANSWER_CACHE)
    .header('vary', VARY);
}

export function registerHttpCache(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!revalidated(request)) return;
    const header = request.headers['if-none-match'];
    if (!header) return;
    // Read as requireOrganization reads it (the organizations' cache is keyed by the id as named).
    const id = namedOrganizationId(request);
    const monitor = id && isUuid(id) ? app.deps.organizations.peek(id) : undefined;
    if (!monitor) return;
    const tag = monitorTag(monitor.id, monitor.dataVersion);
    if (!matches(header, tag)) return;
    return reply
      .code(304)
      .header('etag', tag)
      .header('cache-control', MONITOR_ANSWER_CACHE)
      .header('vary', VARY)
      .send();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'private, no-store');
    return payload;
  });
}
