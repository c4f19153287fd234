import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { OfflineNotice } from '../../components/offline-notice';
import { useCurrentOrganization } from '../../features/organizations/api/organizations';
import { DemoNotice } from '../../features/organizations/components/demo-notice';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

/** Header, offline notice, demonstration notice, the page, footer. */
export function PublicLayout() {
  const { organization } = useCurrentOrganization();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <PublicHeader organization={organization} />
      <OfflineNotice />
      {organization?.isDemo ? <DemoNotice /> : null}
      <Box component="main" id="contenido" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <PublicFooter />
    </Box>
  );
}

/** The organization selection screen shows the header only (spec). */
export function SelectionLayout() {
  return (
    <Box mih="100vh">
      <PublicHeader withNavigation={false} />
      <OfflineNotice />
      <Box component="main" id="contenido">
        <Outlet />
      </Box>
    </Box>
  );
}
