import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { RedFlagsAdmin } from '../../features/admin/red-flags/red-flags-admin';
import { useStoredOrganization } from '../../lib/current-organization';

/** /admin/red-flags (CALCULATIONS): the monitor's red-flag parameters; the supplier lists for GENERAL. */
export function RedFlagsPage() {
  useDocumentTitle('Señales de alerta · Administración · Vigía');
  const stored = useStoredOrganization();
  return (
    <Stack gap="md">
      <Title order={1} fz={28}>
        Señales de alerta
      </Title>
      {/* Keyed by monitor: choosing another one starts from its own parameters. */}
      {stored ? <RedFlagsAdmin key={stored.id} organizationId={stored.id} /> : null}
    </Stack>
  );
}
