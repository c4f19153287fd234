import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { AlertsAdmin } from '../../features/admin/alerts/alerts-admin';
import { useStoredOrganization } from '../../lib/current-organization';

/** /admin/alerts (any administrator of the monitor): its follows and sends; the suspension for GENERAL. */
export function AlertsPage() {
  useDocumentTitle('Avisos · Administración · Vigía');
  const stored = useStoredOrganization();
  return (
    <Stack gap="md">
      <Title order={1} fz={28}>
        Avisos
      </Title>
      {/* Keyed by monitor: choosing another one shows its own counts. */}
      {stored ? <AlertsAdmin key={stored.id} organizationId={stored.id} /> : null}
    </Stack>
  );
}
