import { Alert } from '@mantine/core';
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
    </TextPage>
  );
}
