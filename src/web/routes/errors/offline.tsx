import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPage } from '../../components/error-page';

/**
 * A screen whose code is not saved on this device, opened without a connection. It loads by
 * itself when the connection returns (the page reloads: the router keeps this screen otherwise).
 */
export function OfflinePage() {
  const { t } = useTranslation();
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <ErrorPage
      title="Sin conexión"
      message="Esta pantalla todavía no está guardada en este dispositivo. Se abrirá cuando vuelvas a tener conexión; las pantallas que ya visitaste siguen disponibles."
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{t('Reintentar')}</Button>
          <Button variant="default" component={Link} to="/">
            {t('Ir al Inicio')}
          </Button>
        </>
      }
      withHelpLinks={false}
    />
  );
}
