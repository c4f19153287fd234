import { useDocumentTitle } from '@mantine/hooks';
import { ErrorPage } from '../../components/error-page';

export function AccessDeniedPage() {
  useDocumentTitle('Acceso denegado · Vigía');
  return (
    <ErrorPage
      code="403"
      title="ACCESO DENEGADO"
      message="No tienes permiso para ver esta sección. Si crees que se trata de un error, contacta a un administrador."
    />
  );
}
