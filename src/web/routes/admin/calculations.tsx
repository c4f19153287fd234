import { useDocumentTitle } from '@mantine/hooks';
import { CatalogueScreen } from '../../components/admin/catalogue/catalogue-screen';
import { CALCULATIONS_CATALOGUE } from '../../features/admin/calculations/calculations-catalogue';

/** /admin/calculations (CALCULATIONS): the monitor's formulas; the locked one is its corruption-risk index. */
export function CalculationsCataloguePage() {
  useDocumentTitle('Cálculos · Administración · Vigía');
  return <CatalogueScreen config={CALCULATIONS_CATALOGUE} />;
}
