import type { ContactInfo } from '../../../shared/schemas/contact';
import type { OrganizationRow } from '../../types';

/** The contact page's view of a monitor: where it is, when, and whether the form can deliver. */
export function presentContactInfo(row: OrganizationRow): ContactInfo {
  const email = row.contactEmail?.trim() || null;
  return {
    _id: row.id,
    address: row.address,
    schedule: row.schedule,
    additionalInformation: row.additionalInformation,
    contactLocation: row.contactLocation,
    email,
    socialUrl: row.socialUrl,
    canReceive: email !== null,
  };
}
