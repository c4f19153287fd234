import { useDocumentTitle } from '@mantine/hooks';
import { UNITS_CATALOGUE } from '../../features/admin/administrative-units/units-catalogue';
import { CatalogueScreen } from '../../features/admin/catalogue/catalogue-screen';

/** /admin/administrative-units (ADMINISTRATIVE_UNITS). */
export function UnitsCataloguePage() {
  useDocumentTitle('Unidades administrativas · Administración · Vigía');
  return <CatalogueScreen config={UNITS_CATALOGUE} />;
}
