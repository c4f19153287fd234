import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import type { RowCache } from '../lib/row-cache';
import type { OrganizationRow } from '../types';

export const ORGANIZATION_HEADER = 'x-current-organization-id';

/**
 * Resolves the organization named by the X-CURRENT-ORGANIZATION-ID header. The header is never
 * trusted: it must name an existing, non-deleted organization. The row comes from the process's
 * organization cache, which never serves a row older than the last committed change (decision 0020)
 * except to a visitor's GET, which may have it as last heard of (heardIsEnough).
 */
export async function requireOrganization(request: FastifyRequest): Promise<OrganizationRow> {
  const organization = await optionalOrganization(request);
  if (!organization) throw new AppError('ORGANIZATION_REQUIRED');
  return organization;
}

/**
 * Like requireOrganization, but a missing header gives null (a present but unknown one is still an
 * error). Downloads, which browsers start as plain links without headers, may name the monitor in
 * `?organization=` instead; it is checked the same way.
 */
export async function optionalOrganization(request: FastifyRequest): Promise<OrganizationRow | null> {
  if (request.organization) return request.organization;
  const value = namedOrganizationId(request);
  if (!value) return null;
  if (!isUuid(value)) throw new AppError('ORGANIZATION_NOT_FOUND');
  const { organizations } = request.server.deps;
  const row =
    (heardIsEnough(request) ? organizations.peek(value) : undefined) ?? (await organizations.get(value));
  if (!row) throw new AppError('ORGANIZATION_NOT_FOUND');
  request.organization = row;
  return row;
}

/**
 * Whether a request may take the monitor's row as this process last heard of it (RowCache.peek),
 * without the database round trip that makes sure no change is still on its way (milliseconds):
 * a visitor's GET, where the previous version's answer may be given anyway while the new one is
 * computed (RESULT_PREVIOUS_AFTER_MS, decision 0030). Under a crowd after a data change that
 * round trip waited behind the recomputations, and every visitor with it (decision 0054). Never
 * the administration, nor where every answer must be the current one (the tests).
 */
function heardIsEnough(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.url.startsWith('/public-api/') &&
    request.server.deps.config.resultPreviousAfterMs !== null
  );
}

/**
 * The monitor a request names, unchecked: the organization header, else `?organization=`; null
 * when it names none (the original's client sends 'null' and 'undefined' for none).
 */
export function namedOrganizationId(request: FastifyRequest): string | null {
  const raw =
    request.headers[ORGANIZATION_HEADER] ??
    (request.query as { organization?: string } | undefined)?.organization;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return !value || value === 'null' || value === 'undefined' ? null : value;
}

/**
 * A monitor a call names by id (a comparison's other side, a download's monitor): it must exist and
 * not be deleted; anything that is not one of our ids is not found.
 */
export async function organizationById(
  organizations: RowCache<OrganizationRow>,
  id: string,
): Promise<OrganizationRow> {
  const organization = isUuid(id) ? await organizations.get(id) : undefined;
  if (!organization) throw new AppError('ORGANIZATION_NOT_FOUND');
  return organization;
}

/** The monitor a call names by id, else the one of the organization header (or `?organization=`). */
export function requestedOrganization(
  request: FastifyRequest,
  id: string | undefined,
): Promise<OrganizationRow> {
  return id ? organizationById(request.server.deps.organizations, id) : requireOrganization(request);
}
