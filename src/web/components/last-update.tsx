import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLongDateIn } from '../../shared/format/dates';

/** 'Última actualización: DD de MMMM de YYYY' (spec), in the Mexico City day of the last change. */
export function LastUpdate({ value }: { value?: string }) {
  const { t, i18n } = useTranslation();
  if (!value) return null;
  return (
    <Text fz="sm" c="dimmed">
      {t('Última actualización:')} {formatLongDateIn(value, i18n.language)}
    </Text>
  );
}
