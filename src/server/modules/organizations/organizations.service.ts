import type { OrganizationListQuery, PublicOrganization } from '../../../shared/schemas/organizations';
import { type Page, pageOffset, toPage } from '../../lib/pagination';
import type { AppDeps } from '../../types';
import { presentPublicOrganization } from './organizations.presenter';
import { findOrganizations } from './organizations.repository';

/** A page of the installation's monitors, for the comparisons' local list and search: their way to it. */
export { findOrganizations } from './organizations.repository';

/** The monitors a visitor can choose from. */
export async function listPublicOrganizations(
  deps: AppDeps,
  query: OrganizationListQuery,
): Promise<Page<PublicOrganization>> {
  const { rows, total } = await findOrganizations(deps.database.db, {
    search: query.search || undefined,
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  });
  const baseRemoteUrl = deps.config.hasPublicUrl ? deps.config.publicUrl : null;
  return toPage(
    rows.map((row) => presentPublicOrganization(row, baseRemoteUrl)),
    total,
    query.page,
    query.limit,
  );
}
