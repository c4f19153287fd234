import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AlertPage } from '../../features/alerts/components/alert-page';
import { Unsubscribe } from '../../features/alerts/components/unsubscribe';

/** /alerts/unsubscribe/:token: the e-mails' unsubscribe link (issue 33); no monitor needed. */
export function AlertUnsubscribePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <AlertPage title={t('Dejar de recibir avisos')}>
      <Unsubscribe token={token} />
    </AlertPage>
  );
}
