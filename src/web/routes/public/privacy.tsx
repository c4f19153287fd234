import { Alert, Box, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TextPage } from '../../components/text-page';
import { useAbout } from '../../features/about/api/about';
import { PrivacyNotice } from '../../features/about/components/privacy-notice';
import { cannotShow } from '../../lib/load-state';

/**
 * /privacy: the privacy notice. The Spanish text is the binding one, so the legal text is not
 * translated; other languages only get a note saying so. The association's name, address and
 * e-mail come from the About configuration.
 */
export function PrivacyPage() {
  const { t, i18n } = useTranslation();
  const about = useAbout();

  return (
    <TextPage title={t('Aviso de Privacidad')}>
      {i18n.language !== 'es' ? (
        <Alert color="blue" variant="light" mb="lg">
          {t('Este aviso de privacidad solo está disponible en español.')}
        </Alert>
      ) : null}

      <PrivacyNotice
        data={about.data}
        isPending={!about.data && !cannotShow(about)}
        isError={cannotShow(about)}
      />

      <Box component="section" aria-labelledby="privacy-alerts" mt="xl">
        <Title order={2} id="privacy-alerts" fz="h3" mb="sm">
          {t('Avisos por correo electrónico')}
        </Title>
        <Text mb="sm">
          {t(
            'Si pides seguir los contratos, una señal de alerta, el índice o la publicación de un monitor, usamos tu correo electrónico solo para enviarte los avisos que pediste. No te enviamos ningún aviso hasta que lo confirmas con el enlace que te mandamos.',
          )}
        </Text>
        <Text mb="sm">
          {t(
            'Guardamos tu dirección de correo, lo que sigues y los avisos que te enviamos o que están por enviarse.',
          )}
        </Text>
        <Text mb="sm">
          {t(
            'Los guardamos mientras sigas algo. Cuando dejas de seguir lo último o te das de baja, borramos tu dirección; durante 30 días solo conservamos una huella (hash SHA-256) de ella, que no permite leerla, para no volver a escribirte sin que lo pidas.',
          )}
        </Text>
        <Text>
          {t(
            'Con el enlace que viene en cada correo puedes ver y cambiar lo que sigues, descargar todo lo que guardamos sobre tu dirección, borrarlo por completo o darte de baja con un clic.',
          )}
        </Text>
      </Box>
    </TextPage>
  );
}
