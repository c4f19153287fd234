import type { PublicOrganization } from '../../../shared/schemas/organizations';
import type { OrganizationRow } from '../../types';

/** The public face of an organization: only what any visitor may read. */
export function presentPublicOrganization(
  row: OrganizationRow,
  baseRemoteUrl: string | null,
): PublicOrganization {
  return {
    _id: row.id,
    name: row.name,
    shortName: row.shortName,
    color: row.color,
    theme: row.theme,
    cover: row.coverFileId,
    title: row.title,
    description: row.description,
    welcomeTitle: row.welcomeTitle,
    showBackgroundText: row.showBackgroundText,
    round: row.round,
    address: row.address,
    schedule: row.schedule,
    additionalInformation: row.additionalInformation,
    defaultAdministrationPeriod: row.defaultAdministrationPeriod,
    dataSource: row.dataSource,
    isDemo: row.isDemo,
    baseRemoteUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}
