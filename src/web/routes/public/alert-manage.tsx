import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AlertPage } from '../../features/alerts/components/alert-page';
import { ManageFollows } from '../../features/alerts/components/manage-follows';

/** /alerts/:token: everything an address follows, without an account (issue 33); no monitor needed. */
export function AlertManagePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <AlertPage title={t('Mis avisos')}>
      <ManageFollows token={token} />
    </AlertPage>
  );
}
