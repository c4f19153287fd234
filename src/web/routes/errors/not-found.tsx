import { useDocumentTitle } from '@mantine/hooks';
import { ErrorPage } from '../../components/error-page';

export function NotFoundPage() {
  useDocumentTitle('Página no encontrada · Vigía');
  return (
    <ErrorPage
      code="404"
      title="PÁGINA NO ENCONTRADA"
      message="La página que buscas no existe o cambió de dirección. Revisa el enlace o vuelve al inicio."
    />
  );
}
