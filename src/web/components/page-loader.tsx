import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Shown while a screen or the data it needs first is loading. The status says it in words (an
 * aria-label on the spinner's span would be ignored: a span has no role to name).
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py={120} role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{t('Cargando')}</VisuallyHidden>
    </Center>
  );
}
