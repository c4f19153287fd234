import { Alert, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Says plainly that a monitor's figures are invented, so nobody quotes them as real. */
export function DemoNotice() {
  const { t } = useTranslation();
  return (
    <Container size="xl" mt="md" w="100%">
      <Alert color="yellow" variant="light" title={t('Datos de demostración')} role="note">
        {t(
          'Este monitor muestra contratos y proveedores generados automáticamente para conocer el portal. No corresponden a un gobierno real.',
        )}
      </Alert>
    </Container>
  );
}
