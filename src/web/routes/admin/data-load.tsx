import { useDocumentTitle } from '@mantine/hooks';
import { DataLoadReview } from '../../features/admin/data-load/data-load-review';
import { DataLoadView } from '../../features/admin/data-load/data-load-view';
import { useStoredOrganization } from '../../lib/current-organization';

/** /admin/data-load (CONTRACTS): upload a spreadsheet of contracts, or go to the catalogue. */
export function DataLoadPage() {
  useDocumentTitle('Carga de datos · Administración · Vigía');
  const stored = useStoredOrganization();
  return stored ? <DataLoadView key={stored.id} organizationId={stored.id} /> : null;
}

/** /admin/data-load/current (CONTRACTS): review, correct, cancel or confirm the current load. */
export function DataLoadReviewPage() {
  useDocumentTitle('Revisión de la carga · Administración · Vigía');
  const stored = useStoredOrganization();
  return stored ? <DataLoadReview key={stored.id} organizationId={stored.id} /> : null;
}
