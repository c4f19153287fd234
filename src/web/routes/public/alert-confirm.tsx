import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AlertPage } from '../../features/alerts/components/alert-page';
import { ConfirmFollow } from '../../features/alerts/components/confirm-follow';

/** /alerts/confirm/:token: the confirmation link of a follow (issue 33); needs no chosen monitor. */
export function AlertConfirmPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <AlertPage title={t('Confirmar aviso')}>
      <ConfirmFollow token={token} />
    </AlertPage>
  );
}
