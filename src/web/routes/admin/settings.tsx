import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { SettingsTabs } from '../../features/admin/settings/settings-tabs';
import { useStoredOrganization } from '../../lib/current-organization';

/** /admin/settings (SETTINGS): cover, texts and contact data, and the theme of the current monitor's site. */
export function SettingsPage() {
  useDocumentTitle('Configuración · Administración · Vigía');
  const stored = useStoredOrganization();
  return (
    <Stack gap="md">
      <Title order={1} fz={28}>
        Configuración
      </Title>
      {/* Keyed by monitor: choosing another one starts from its own settings and view mode. */}
      {stored ? <SettingsTabs key={stored.id} organizationId={stored.id} /> : null}
    </Stack>
  );
}
