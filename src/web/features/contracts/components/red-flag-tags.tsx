import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RED_FLAGS, type RedFlagCode } from '../../../../shared/red-flags/definitions';

/** Tags shown before the rest fold into '+N': two keep a row readable on a 360 px phone. */
const SHOWN = 2;

/**
 * The red flags a contract raised (issue 32), as small tags: the first two by name and '+N' for the
 * rest; the whole list is the group's accessible name and its tooltip. A flag is a reason to look
 * closer, never a verdict, so the tags are orange, not red.
 */
export function RedFlagTags({ codes }: { codes: readonly RedFlagCode[] }) {
  const { t } = useTranslation();
  if (codes.length === 0)
    return (
      <>
        <Text span c="dimmed" aria-hidden>
          —
        </Text>
        <VisuallyHidden>{t('Sin señales de alerta')}</VisuallyHidden>
      </>
    );
  // A code this build does not know (a newer server) still shows, by its code.
  const names = codes.map((code) => t(RED_FLAGS[code]?.name ?? code));
  const whole = `${t('Señales de alerta')}: ${names.join(', ')}`;
  const rest = names.slice(SHOWN);
  return (
    <Group gap={4} wrap="wrap" role="group" aria-label={whole} title={whole} maw="100%">
      {names.slice(0, SHOWN).map((name, index) => (
        <Badge key={codes[index]} {...badgeProps}>
          {name}
        </Badge>
      ))}
      {rest.length > 0 ? (
        <Badge {...badgeProps} title={rest.join(', ')}>
          +{rest.length}
        </Badge>
      ) : null}
    </Group>
  );
}

const badgeProps = {
  color: 'orange',
  variant: 'light',
  autoContrast: true,
  radius: 'sm',
  size: 'sm',
  maw: '100%',
  style: { textTransform: 'none' },
} as const;
