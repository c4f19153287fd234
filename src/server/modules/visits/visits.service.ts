import { mexicoCityDate } from '../../../shared/format/dates';
import { type RegisterVisitBody, visitRouteKey } from '../../../shared/schemas/visits';
import type { AppDeps, OrganizationRow } from '../../types';
import { insertVisit } from './visits.repository';

/** Registers a public page view of a monitor (or of the selection page, before one is chosen). */
export async function registerVisit(
  deps: AppDeps,
  organization: OrganizationRow | null,
  body: RegisterVisitBody,
): Promise<void> {
  const path = body.path.split(/[?#]/)[0] || '/';
  await insertVisit(deps.database.db, {
    organizationId: organization?.id ?? null,
    path,
    routeKey: visitRouteKey(path),
    day: mexicoCityDate(deps.now()),
  });
}
