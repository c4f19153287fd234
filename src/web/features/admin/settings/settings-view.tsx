import { Anchor, Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SETTINGS_FIELDS, type Settings } from '../../../../shared/schemas/settings';
import { FormattedText } from '../../../components/formatted-text';

const NOT_SET = 'Sin definir';

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Stack gap={2} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function Plain({ value }: { value: string | null }) {
  return value ? (
    <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{value}</Text>
  ) : (
    <Text c="dimmed">{NOT_SET}</Text>
  );
}

function Formatted({ value }: { value: string | null }) {
  return value ? <FormattedText html={value} /> : <Text c="dimmed">{NOT_SET}</Text>;
}

function Flag({ on }: { on: boolean }) {
  return (
    <Badge variant="light" color={on ? 'green' : 'gray'}>
      {on ? 'Sí' : 'No'}
    </Badge>
  );
}

/** The general information as the public site uses it (view mode). */
export function SettingsView({ settings }: { settings: Settings }) {
  const label = (field: keyof typeof SETTINGS_FIELDS) => SETTINGS_FIELDS[field].label;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md" data-testid="settings-view">
      <Item label={label('welcomeTitle')}>
        <Formatted value={settings.welcomeTitle} />
      </Item>
      <Item label={label('title')}>
        <Formatted value={settings.title} />
      </Item>
      <Item label={label('description')} wide>
        <Formatted value={settings.description} />
      </Item>
      <Item label={label('contactEmail')}>
        <Plain value={settings.contactEmail} />
      </Item>
      <Item label={label('contactLocation')}>
        <Plain value={settings.contactLocation} />
      </Item>
      <Item label={label('address')}>
        <Plain value={settings.address} />
      </Item>
      <Item label={label('schedule')}>
        <Plain value={settings.schedule} />
      </Item>
      <Item label={label('additionalInformation')} wide>
        <Plain value={settings.additionalInformation} />
      </Item>
      <Item label={label('socialUrl')}>
        {settings.socialUrl ? (
          <Anchor
            href={settings.socialUrl}
            target="_blank"
            rel="noopener noreferrer"
            style={{ overflowWrap: 'anywhere' }}
          >
            {settings.socialUrl}
          </Anchor>
        ) : (
          <Text c="dimmed">{NOT_SET}</Text>
        )}
      </Item>
      <Item label="Periodo de administración predeterminado">
        <Plain value={settings.defaultAdministrationPeriod} />
      </Item>
      <Item label="Fondo detrás del texto de la portada">
        <Flag on={settings.showBackgroundText} />
      </Item>
      <Item label="Redondear cantidades">
        <Flag on={settings.round} />
      </Item>
    </SimpleGrid>
  );
}
