import type { ReactElement } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import type { PublicOrganization } from '../../shared/schemas/organizations';
import { renderScreen, TEST_MONITOR } from './render';

/** The chosen monitor as the public screens receive it from the organization guard. */
export const TEST_ORGANIZATION: PublicOrganization = {
  _id: TEST_MONITOR,
  name: 'Municipio de Prueba',
  shortName: 'MP',
  color: '#19babd',
  theme: 'default',
  cover: null,
  title: null,
  description: null,
  welcomeTitle: null,
  showBackgroundText: false,
  round: false,
  address: null,
  schedule: null,
  additionalInformation: null,
  defaultAdministrationPeriod: null,
  dataSource: null,
  isDemo: false,
  baseRemoteUrl: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/**
 * A public screen at `route`, matched by `path` (a detail's :id), with the monitor in the outlet
 * context as the organization guard gives it.
 */
export function renderPublicScreen(
  ui: ReactElement,
  { route = '/', path }: { route?: string; path?: string } = {},
) {
  return renderScreen(
    <Routes>
      <Route element={<Outlet context={TEST_ORGANIZATION} />}>
        <Route path={path ?? route.split('?')[0]} element={ui} />
      </Route>
    </Routes>,
    { route },
  );
}
