import type { Settings } from '../../../shared/schemas/settings';
import { sanitizeFormatted } from '../../lib/rich-text';
import type { OrganizationRow } from '../../types';

/**
 * The settings of a monitor for its administrators. Formatted texts are sanitised again on the
 * way out (the screen shows them as HTML), whatever wrote them.
 */
export function presentSettings(row: OrganizationRow, administrationPeriods: string[]): Settings {
  return {
    welcomeTitle: sanitizeFormatted(row.welcomeTitle),
    title: sanitizeFormatted(row.title),
    description: sanitizeFormatted(row.description),
    contactEmail: row.contactEmail,
    contactLocation: row.contactLocation,
    address: row.address,
    schedule: row.schedule,
    additionalInformation: row.additionalInformation,
    socialUrl: row.socialUrl,
    showBackgroundText: row.showBackgroundText,
    round: row.round,
    defaultAdministrationPeriod: row.defaultAdministrationPeriod,
    cover: row.coverFileId,
    theme: row.theme,
    color: row.color,
    updatedAt: row.updatedAt.toISOString(),
    administrationPeriods,
  };
}
