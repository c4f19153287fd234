import { useDocumentTitle } from '@mantine/hooks';
import { CatalogueScreen } from '../../components/admin/catalogue/catalogue-screen';
import { ORGANIZATIONS_CATALOGUE } from '../../features/admin/organizations/organizations-catalogue';

/** /admin/organizations (ORGANIZATIONS): the monitors of this installation. */
export function OrganizationsCataloguePage() {
  useDocumentTitle('Organizaciones · Administración · Vigía');
  return <CatalogueScreen config={ORGANIZATIONS_CATALOGUE} />;
}
