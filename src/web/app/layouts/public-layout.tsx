import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { OfflineNotice } from '../../components/offline-notice';
import { useCurrentOrganization } from '../../features/organizations/api/organizations';
import { DemoNotice } from '../../features/organizations/components/demo-notice';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { MAIN_PROPS, SkipLink } from './skip-link';

/** Skip link, header, offline notice, demonstration notice, the page (the one <main>), footer. */
export function PublicLayout() {
  const { t } = useTranslation();
  const { organization } = useCurrentOrganization();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink label={t('Saltar al contenido principal')} />
      <PublicHeader organization={organization} />
      <OfflineNotice />
      {organization?.isDemo ? <DemoNotice /> : null}
      <Box component="main" {...MAIN_PROPS} style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <PublicFooter />
    </Box>
  );
}

/** The organization selection screen shows the header only (spec). */
export function SelectionLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh">
      <SkipLink label={t('Saltar al contenido principal')} />
      <PublicHeader withNavigation={false} />
      <OfflineNotice />
      <Box component="main" {...MAIN_PROPS}>
        <Outlet />
      </Box>
    </Box>
  );
}
