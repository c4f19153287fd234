import { useDocumentTitle } from '@mantine/hooks';
import { CatalogueScreen } from '../../components/admin/catalogue/catalogue-screen';
import { UNITS_CATALOGUE } from '../../features/admin/administrative-units/units-catalogue';

/** /admin/administrative-units (ADMINISTRATIVE_UNITS). */
export function UnitsCataloguePage() {
  useDocumentTitle('Unidades administrativas · Administración · Vigía');
  return <CatalogueScreen config={UNITS_CATALOGUE} />;
}
