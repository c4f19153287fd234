import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { sanitizeFormatted } from '../../lib/rich-text';
import type { OrganizationRow } from '../../types';

/**
 * The public face of an organization: only what any visitor may read (never contactEmail).
 * The formatted texts are sanitised here too, since the cover shows them as HTML (decision 0016).
 */
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
    title: sanitizeFormatted(row.title),
    description: sanitizeFormatted(row.description),
    welcomeTitle: sanitizeFormatted(row.welcomeTitle),
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

/** 'Última actualización' of the monitor's contracts, kept by triggers on the organization row. */
export function lastUpdateOf(organization: OrganizationRow): { lastUpdate?: string } {
  return organization.contractsUpdatedAt ? { lastUpdate: organization.contractsUpdatedAt.toISOString() } : {};
}
