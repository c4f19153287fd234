import { useDocumentTitle } from '@mantine/hooks';
import { CatalogueScreen } from '../../components/admin/catalogue/catalogue-screen';
import { CONTRACTS_CATALOGUE } from '../../features/admin/contracts/contracts-catalogue';

/** /admin/contracts (CONTRACTS): contracts entered or corrected by hand ('Carga Manual'). */
export function ContractsCataloguePage() {
  useDocumentTitle('Contratos · Administración · Vigía');
  return <CatalogueScreen config={CONTRACTS_CATALOGUE} />;
}
