import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a screen or the data it needs first is loading. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py={120} role="status" aria-live="polite">
      <Loader aria-label={t('Cargando')} />
    </Center>
  );
}
