import { useDocumentTitle } from '@mantine/hooks';
import { CatalogueScreen } from '../../components/admin/catalogue/catalogue-screen';
import { SUPPLIERS_CATALOGUE } from '../../features/admin/suppliers/suppliers-catalogue';

/** /admin/suppliers (SUPPLIERS). */
export function SuppliersCataloguePage() {
  useDocumentTitle('Proveedores · Administración · Vigía');
  return <CatalogueScreen config={SUPPLIERS_CATALOGUE} />;
}
