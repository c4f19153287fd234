import type { FastifyInstance, FastifyRequest } from 'fastify';
import { effectivePermissions } from '../../shared/auth/permissions';
import type { Permission } from '../../shared/constants/enums';
import { ACCOUNT_MESSAGES } from '../../shared/schemas/accounts';
import type { Actor } from '../lib/actor';
import { AppError } from '../lib/errors';
import { verifySessionToken } from '../lib/session-tokens';
import { liveSessionUser } from '../modules/accounts/accounts.service';
import type { UserRow } from '../modules/users/users.service';
import { API_ACCESS, type RouteAccess, routeKey } from './access';
import { requireOrganization } from './organization';

/** The signed-in user of a request, as checked against the database on this request. */
export interface Principal {
  user: UserRow;
  sessionId: string;
  permissions: Permission[];
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, as registered (the permission walk test reads it). */
    apiRoutes: { method: string; url: string; access: RouteAccess; schema: unknown }[];
  }
}

/**
 * Puts every /api route behind the access table: a route without an entry stops the start;
 * every request first proves a live session (401), then the permission (403), then the monitor
 * (400/404), before its body is even parsed.
 */
export function registerAccessControl(app: FastifyInstance): void {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify derives HEAD routes from GET ones: they must pass the same check.
      const key = routeKey(method === 'HEAD' ? 'GET' : method, route.url);
      const access = API_ACCESS[key];
      if (!access) throw new Error(`${key} has no entry in API_ACCESS (src/server/plugins/access.ts)`);
      app.apiRoutes.push({ method, url: route.url, access, schema: route.schema });
    }
    const authorize = async (request: FastifyRequest) => {
      const access = API_ACCESS[routeKey(request.method === 'HEAD' ? 'GET' : request.method, route.url)];
      if (!access) throw new AppError('FORBIDDEN');
      const principal = await authenticate(request);
      if (access.permission === 'GENERAL') {
        if (principal.user.administratorType !== 'GENERAL') throw new AppError('FORBIDDEN');
      } else if (access.permission !== 'SIGNED_IN' && !principal.permissions.includes(access.permission)) {
        throw new AppError('FORBIDDEN');
      }
      if (access.organization === 'required') await requireOrganization(request);
    };
    const existing = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [authorize, ...existing] as typeof route.onRequest;
  });
}

/** Reads the bearer token and loads its live session; 401 with the spec's message otherwise. */
export async function authenticate(request: FastifyRequest): Promise<Principal> {
  if (request.principal) return request.principal;
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionNeeded);
  const { deps } = request.server;
  const now = deps.now();
  const claims = await verifySessionToken(deps.sessionKey, token, now);
  if (!claims) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
  const user = await liveSessionUser(deps, claims.sessionId, claims.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
  request.principal = {
    user,
    sessionId: claims.sessionId,
    permissions: effectivePermissions(user.administratorType, user.permissions),
  };
  return request.principal;
}

/** The principal of a request that passed the access check (routes under /api only). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionNeeded);
  return request.principal;
}

/** The acting user of a request that passed the access check, as the plain value services take. */
export function actorOf(request: FastifyRequest): Actor {
  const { user, sessionId, permissions } = principalOf(request);
  return {
    userId: user.id,
    administratorType: user.administratorType,
    name: `${user.name} ${user.lastName}`.trim(),
    sessionId,
    permissions,
  };
}
