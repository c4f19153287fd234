import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Settings } from '../../../../shared/schemas/settings';
import { SettingsForm } from './settings-form';
import { SettingsView } from './settings-view';

/** 'Información general': view mode, and edit mode after 'Editar' until 'Guardar' or 'Cancelar'. */
export function GeneralInfoCard({
  organizationId,
  settings,
}: {
  organizationId: string;
  settings: Settings;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title order={2} fz="lg">
            Información general
          </Title>
          <Text fz="sm" c="dimmed">
            Textos de la portada y datos de contacto del sitio público.
          </Text>
        </div>
        {editing ? null : <Button onClick={() => setEditing(true)}>Editar</Button>}
      </Group>
      {editing ? (
        <SettingsForm organizationId={organizationId} settings={settings} onDone={() => setEditing(false)} />
      ) : (
        <SettingsView settings={settings} />
      )}
    </Card>
  );
}
