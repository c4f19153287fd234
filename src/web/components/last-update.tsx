import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../shared/format/dates';

/** 'Última actualización: DD de MMMM de YYYY' (spec), in the Mexico City day of the last change. */
export function LastUpdate({ value }: { value?: string }) {
  const { t } = useTranslation();
  if (!value) return null;
  return (
    <Text fz="sm" c="dimmed">
      {t('Última actualización:')} {formatLongDate(value)}
    </Text>
  );
}
