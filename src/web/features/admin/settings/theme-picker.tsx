import { Box, Button, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { THEME_NAMES, THEMES, type ThemeName } from '../../../../shared/constants/themes';
import { SETTINGS_MESSAGES } from '../../../../shared/schemas/settings';
import { toast } from '../../../lib/notifications';
import { useChangeTheme } from './api';
import classes from './theme-picker.module.css';

function Swatch({ theme, size = 40 }: { theme: ThemeName; size?: number }) {
  return (
    <Box
      w={size}
      h={size}
      bg={THEMES[theme].color}
      style={{ borderRadius: 'var(--mantine-radius-md)', flex: 'none' }}
      aria-hidden="true"
    />
  );
}

/**
 * 'Personalización de la plataforma': the theme of the public site. Choosing one saves it at
 * once, leaves theme editing and applies it to this page too (spec: admin area, section 2).
 */
export function ThemePicker({ organizationId, current }: { organizationId: string; current: ThemeName }) {
  const [editing, setEditing] = useState(false);
  const change = useChangeTheme(organizationId);

  const choose = (theme: ThemeName) => {
    change.mutate(theme, {
      onSuccess: (response) => {
        toast('success', response.message, { id: 'theme-saved' });
        setEditing(false);
      },
      onError: (error) => toast('danger', error.message || SETTINGS_MESSAGES.themeFailed),
    });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title order={2} fz="lg">
            Tema de la plataforma
          </Title>
          <Text fz="sm" c="dimmed">
            El color del sitio público de esta organización.
          </Text>
        </div>
        <Button variant={editing ? 'default' : 'filled'} onClick={() => setEditing((value) => !value)}>
          {editing ? 'Cancelar' : 'Cambiar tema'}
        </Button>
      </Group>
      <Group gap="sm" data-testid="current-theme">
        <Swatch theme={current} />
        <div>
          <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
            Tema actual
          </Text>
          <Text fw={600}>{THEMES[current].label}</Text>
        </div>
      </Group>
      {editing ? (
        <Stack gap="xs" mt="lg">
          <Text fz="sm">Elige un tema; se guarda al momento.</Text>
          <SimpleGrid cols={{ base: 3, sm: 4, lg: 7 }} spacing="sm" data-testid="theme-options">
            {THEME_NAMES.map((theme) => (
              <UnstyledButton
                key={theme}
                className={classes.option}
                data-selected={theme === current || undefined}
                aria-pressed={theme === current}
                aria-label={`${THEMES[theme].label}, tema`}
                disabled={change.isPending}
                onClick={() => choose(theme)}
              >
                <Box h={44} bg={THEMES[theme].color} className={classes.color} />
                <Text fz="sm" fw={500} ta="center" mt={6} lh={1.25}>
                  {THEMES[theme].label}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Card>
  );
}
