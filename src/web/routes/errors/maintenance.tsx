import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../components/error-page';

/** Shown while the server answers that it is in maintenance. */
export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <ErrorPage
      title="SERVICIO EN MANTENIMIENTO"
      message="Estamos realizando trabajos de mantenimiento. Por favor intenta nuevamente en unos minutos."
      actions={<Button onClick={() => window.location.reload()}>{t('Reintentar')}</Button>}
      withHelpLinks={false}
    />
  );
}
