import { Anchor, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../shared/format/money';
import { ANY_RED_FLAG } from '../../../../shared/red-flags/definitions';
import type { PublicFilters } from '../../../../shared/schemas/filters';

/**
 * How many of the listed contracts carry red flags (issue 32), with a link that lists only those
 * (the 'Señales de alerta' filter, any flag). With flags already chosen every listed contract has
 * one, and the link clears the choice instead. Orange like the tags: a reason to look, not a verdict.
 */
export function FlaggedTile({
  flagged,
  listed,
  applied,
  onApply,
  loading,
}: {
  flagged?: number;
  listed?: number;
  applied: PublicFilters;
  onApply: (filters: PublicFilters) => void;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const filtering = Boolean(applied.redFlags?.length);
  const ready = !loading && flagged !== undefined && listed !== undefined;
  return (
    <Paper
      withBorder
      px="md"
      py="sm"
      radius="md"
      style={{ borderLeft: '4px solid var(--mantine-color-orange-6)' }}
      data-testid="flagged-tile"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        {ready ? (
          <Text fz="sm">
            <Text span fw={800} fz="md" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(flagged)}
            </Text>{' '}
            {listed === 1
              ? t('de 1 contrato listado con señales de alerta')
              : t('de {{listed}} contratos listados con señales de alerta', { listed: formatCount(listed) })}
          </Text>
        ) : (
          <Skeleton height={20} width="60%" />
        )}
        {ready && !filtering && flagged > 0 ? (
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => onApply({ ...applied, redFlags: [ANY_RED_FLAG] })}
          >
            {t('Ver solo estos')}
          </Anchor>
        ) : null}
        {ready && filtering ? (
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => onApply({ ...applied, redFlags: undefined })}
          >
            {t('Ver todos los contratos')}
          </Anchor>
        ) : null}
      </Group>
    </Paper>
  );
}
