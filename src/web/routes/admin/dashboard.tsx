import { useDocumentTitle } from '@mantine/hooks';
import { DashboardView } from '../../features/admin/dashboard/dashboard-view';

/** /admin: greeting, pending-load banner, the monitor's counters, visit charts and shortcuts. */
export function DashboardPage() {
  useDocumentTitle('Administración · Vigía');
  return <DashboardView />;
}
