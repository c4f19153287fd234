import { useDocumentTitle } from '@mantine/hooks';
import { CatalogueScreen } from '../../components/admin/catalogue/catalogue-screen';
import { RESOURCES_CATALOGUE } from '../../features/admin/resources/resources-catalogue';

/** /admin/resources (RESOURCES): articles, legal framework, notes and websites shown on /resources. */
export function ResourcesCataloguePage() {
  useDocumentTitle('Recursos · Administración · Vigía');
  return <CatalogueScreen config={RESOURCES_CATALOGUE} />;
}
