import { useDocumentTitle } from '@mantine/hooks';
import { useOutletContext } from 'react-router';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { OrganizationCover } from '../../features/organizations/components/organization-cover';

/** `/`: the monitor's home, starting with its cover. */
export function HomePage() {
  const organization = useOutletContext<PublicOrganization>();
  useDocumentTitle(`${organization.title || organization.name} · Vigía`);
  return <OrganizationCover organization={organization} />;
}
