import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BackupsPanel } from '../../features/admin/backups/backups-panel';
import { DataLoadReview } from '../../features/admin/data-load/data-load-review';
import { DataLoadView } from '../../features/admin/data-load/data-load-view';
import { useStoredOrganization } from '../../lib/current-organization';

/**
 * /admin/data-load (CONTRACTS): upload a spreadsheet of contracts, or go to the catalogue; below,
 * the state of the copies of the documents the contracts link to.
 */
export function DataLoadPage() {
  useDocumentTitle('Carga de datos · Administración · Vigía');
  const stored = useStoredOrganization();
  return stored ? (
    <Stack gap="lg" key={stored.id}>
      <DataLoadView organizationId={stored.id} />
      <BackupsPanel organizationId={stored.id} />
    </Stack>
  ) : null;
}

/** /admin/data-load/current (CONTRACTS): review, correct, cancel or confirm the current load. */
export function DataLoadReviewPage() {
  useDocumentTitle('Revisión de la carga · Administración · Vigía');
  const stored = useStoredOrganization();
  return stored ? <DataLoadReview key={stored.id} organizationId={stored.id} /> : null;
}
