import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { registerVisit } from '../features/visits/register-visit';
import { useMaintenance } from '../lib/maintenance';
import { MaintenancePage } from '../routes/errors/maintenance';

/**
 * Around every screen: scroll to the top on each navigation (back and forward restore where the
 * visitor was), register a visit after each public navigation, and switch to SERVICIO EN
 * MANTENIMIENTO when the server says so.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const maintenance = useMaintenance();

  useEffect(() => {
    registerVisit(pathname);
  }, [pathname]);

  return (
    <>
      <ScrollRestoration />
      {maintenance ? <MaintenancePage /> : <Outlet />}
    </>
  );
}
