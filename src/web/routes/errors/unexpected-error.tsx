import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRouteError } from 'react-router';
import { ErrorPage } from '../../components/error-page';
import { captureUnexpectedError, reopenErrorReport } from '../../features/error-reports/reporter';

/**
 * Shown when a screen fails to render or load: the failure is reported by itself and the modal
 * asks the visitor what happened; 'Reportar un problema' opens it again (or the contact page,
 * for failures that are not reported, such as a lost connection).
 */
export function UnexpectedErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    console.error(error);
    captureUnexpectedError(error, 'render');
  }, [error]);
  return (
    <ErrorPage
      title="PARECE QUE ALGO SALIO MAL"
      message="Ocurrió un error inesperado al mostrar esta página. Puedes recargarla o reportarnos el problema."
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{t('Recargar la página')}</Button>
          <Button
            variant="default"
            onClick={() => {
              if (!reopenErrorReport(error)) navigate('/contact');
            }}
          >
            {t('Reportar un problema')}
          </Button>
        </>
      }
      withHelpLinks={false}
    />
  );
}
