import { Alert, Container, Group, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/back-link';
import { ShareButton } from '../../components/share-button';
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
  useDocumentTitle(`${t('Aviso de Privacidad')} · Vigía`);
  const about = useAbout();

  return (
    <Container size="md" py="xl" style={{ overflowWrap: 'break-word' }}>
      <BackLink to="/" label="Regresar al inicio" />
      <Group justify="space-between" align="flex-start" gap="sm" mt="sm" mb="lg">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t('Aviso de Privacidad')}
        </Title>
        <ShareButton />
      </Group>
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
    </Container>
  );
}
