import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FollowView } from '../../../../shared/schemas/alerts';
import { FREQUENCY_LABELS } from '../choices';

/** What a follow is about, in words: the confirmation page and each card of the management page. */
export function useFollowText() {
  const { t } = useTranslation();
  return (follow: FollowView): string => {
    switch (follow.kind) {
      case 'CONTRACTS':
        return follow.filtersText
          ? t('Contratos nuevos: {{filters}}', { filters: follow.filtersText })
          : t('Contratos nuevos del monitor');
      case 'FLAG':
        return t('Contratos nuevos con la señal «{{flag}}»', {
          flag: t(follow.codeName ?? follow.code ?? ''),
        });
      case 'INDEX':
        return t('El índice cambia más de {{points}} puntos', { points: follow.threshold ?? '' });
      case 'PUBLICATION':
        return t('El monitor no publica su trimestre a tiempo');
    }
  };
}

/** The monitor, what is followed and how often. */
export function FollowSummary({
  follow,
  withFrequency = true,
}: {
  follow: FollowView;
  withFrequency?: boolean;
}) {
  const { t } = useTranslation();
  const text = useFollowText();
  return (
    <Stack gap={2}>
      <Text fz="sm" c="dimmed">
        {follow.organization.name}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {text(follow)}
      </Text>
      {withFrequency ? (
        <Text fz="sm">
          {t('Frecuencia')}: {t(FREQUENCY_LABELS[follow.frequency])}
        </Text>
      ) : null}
    </Stack>
  );
}
