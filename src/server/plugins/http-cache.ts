import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../lib/ids';
import type { AppDeps, OrganizationRow } from '../types';
import { namedOrganizationId } from './organization';

/**
 * Answers browsers and proxies may keep (issue 34, decision 0054). A public GET whose route says
 * `config: { revalidate }` answers from the result cache (lib/cached-answer.ts): its strong ETag
 * names the build, the monitor and the version of the answer sent (the data version; with the
 * copies' for a contract page, with the calculations' for the index); browsers keep
 * it and check it again at each use, proxies may serve it for 30 s. A visitor (or a proxy) that asks
 * with that ETag in If-None-Match gets 304 before the route runs, from what this process knows of
 * the monitor, without asking the database anything: the monitor's row as the organizations' cache
 * holds it (a change reaches it by its event within milliseconds; one not yet arrived answers 304 to
 * the previous version for those milliseconds). Answers of
 * the administration are `private, no-store` unless their route says otherwise.
 */

/**
 * How a route's answers are revalidated: the version they are at now, told from what this process
 * holds in memory (the monitor's row, the copies' count, a kept list), with no statement;
 * undefined when it cannot tell (the route then runs, and answers 304 itself when its answer
 * would be the same: sendCachedAnswer, notModified).
 */
export interface Revalidation {
  version: (monitor: OrganizationRow, deps: AppDeps, request: FastifyRequest) => number | string | undefined;
  /** The monitor a request names, when its route names it otherwise than the header or ?organization= does. */
  monitorOf?: (request: FastifyRequest) => string | undefined;
}

/** Route config of an answer revalidated by its monitor's versions. */
export interface HttpCacheConfig {
  revalidate?: Revalidation;
}

declare module 'fastify' {
  interface FastifyContextConfig extends HttpCacheConfig {}
}

/** Answers that change with the monitor's data (lists, totals, charts, options, a supplier's page). */
export const REVALIDATE_BY_MONITOR: HttpCacheConfig = {
  revalidate: { version: (monitor) => monitor.dataVersion },
};

/**
 * Browsers keep the answer and ask again at each use (a 304 from memory when nothing changed);
 * proxies and CDNs may serve it for 30 s without asking. For 30 s more, either may give the kept
 * answer once while it asks again in the background (stale-while-revalidate): after a data change a
 * crowd behind a CDN costs the servers one revalidation, not one request each, as the servers
 * themselves give the previous answer while they compute the new one (decision 0030). Data changes
 * are loads of an administrator, minutes or days apart (decision 0054).
 */
const MONITOR_ANSWER_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';
/** A previous version's answer (given while the new one is computed, decision 0030): checked again at once. */
const PREVIOUS_ANSWER_CACHE = 'public, no-cache';
const VARY = 'X-Current-Organization-Id';

/**
 * The running build: its server code's own module name (a bundle's chunk is named by its content
 * hash), so a new build's answers never pass for an older build's with the same data.
 */
export const BUILD = createHash('sha256')
  .update(import.meta.url)
  .digest('base64url')
  .slice(0, 10);

/** The validator of a monitor's answers at a version. */
function monitorTag(organizationId: string, version: number | string): string {
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

/** How the request's route is revalidated, for a GET or HEAD (undefined: not at all). */
const revalidation = (request: FastifyRequest): Revalidation | undefined =>
  request.method === 'GET' || request.method === 'HEAD'
    ? (request.routeOptions.config as HttpCacheConfig | undefined)?.revalidate
    : undefined;

/** Answers 304 with the validator and freshness of a current answer. */
function sendNotModified(reply: FastifyReply, tag: string): FastifyReply {
  return reply
    .code(304)
    .header('etag', tag)
    .header('cache-control', MONITOR_ANSWER_CACHE)
    .header('vary', VARY)
    .send();
}

/**
 * Sets an answer's validator and freshness: the version sent (the current one, or the previous
 * one while the current is computed). For revalidated routes only; others are left as they are.
 */
export function tagAnswer(
  reply: FastifyReply,
  organizationId: string,
  version: number | string,
  current: boolean,
): void {
  if (!revalidation(reply.request)) return;
  reply
    .header('etag', monitorTag(organizationId, version))
    .header('cache-control', current ? MONITOR_ANSWER_CACHE : PREVIOUS_ANSWER_CACHE)
    .header('vary', VARY);
}

/**
 * After tagAnswer: answers 304 when the visitor already holds the answer tagged (one the hook could
 * not vouch for from memory); false when the answer must be sent.
 */
export function notModified(reply: FastifyReply): boolean {
  const tag = reply.getHeader('etag');
  if (typeof tag !== 'string' || !matches(reply.request.headers['if-none-match'], tag)) return false;
  sendNotModified(reply, tag);
  return true;
}

/**
 * The other public GET answers (the monitors' list, the about and resources texts, a comparison's
 * side, the red flags' texts…) have no version of their own to name: they carry a strong ETag of
 * their bytes, so a visitor holding the same answer gets 304 and no body (the server still computes
 * it). Before compression (registered before @fastify/compress), for whole 200 answers only; their
 * Cache-Control is the route's own (none: the browser revalidates at each use).
 */
function contentTagged(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
  if (!request.url.startsWith('/public-api/') || reply.statusCode !== 200 || reply.hasHeader('etag'))
    return payload;
  if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const tag = `"c.${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', tag);
  if (!matches(request.headers['if-none-match'], tag)) return payload;
  reply.code(304);
  return '';
}

export function registerHttpCache(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const revalidate = revalidation(request);
    if (!revalidate) return;
    const header = request.headers['if-none-match'];
    if (!header) return;
    // Read as requireOrganization reads it (the organizations' cache is keyed by the id as named).
    const id = revalidate.monitorOf?.(request) ?? namedOrganizationId(request);
    const monitor = id && isUuid(id) ? app.deps.organizations.peek(id) : undefined;
    if (!monitor) return;
    const version = revalidate.version(monitor, app.deps, request);
    if (version === undefined) return;
    const tag = monitorTag(monitor.id, version);
    if (!matches(header, tag)) return;
    return sendNotModified(reply, tag);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'private, no-store');
    return contentTagged(request, reply, payload);
  });
}
