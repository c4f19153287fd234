import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { ErrorPage } from '../../components/error-page';

/** Shown when a screen fails to render or load: reload, or tell us what happened. */
export function UnexpectedErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <ErrorPage
      title="PARECE QUE ALGO SALIO MAL"
      message="Ocurrió un error inesperado al mostrar esta página. Puedes recargarla o reportarnos el problema."
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{t('Recargar la página')}</Button>
          <Button variant="default" component={Link} to="/contact">
            {t('Reportar un problema')}
          </Button>
        </>
      }
      withHelpLinks={false}
    />
  );
}
