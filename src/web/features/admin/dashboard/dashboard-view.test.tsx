import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_ERROR_MESSAGES } from '../../../../shared/errors';
import type { Session } from '../../../../shared/schemas/accounts';
import { setSession } from '../../../lib/session';
import { apiError, fakeApi } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { DashboardView } from './dashboard-view';

// The charts' library is not what is tested here: a chart shows its label.
vi.mock('../../../components/charts/lazy-chart', () => ({
  LazyChart: ({ label }: { label: string }) => <div>{label}</div>,
}));

const signIn = (permissions: Session['permissions']) =>
  setSession({
    token: 'token',
    expiresAt: 4_102_444_800,
    permissions,
    user: { _id: 'user', fullName: 'Ana Pérez', profilePicture: null, administratorType: 'CUSTOM' },
  });

const info = (overrides: object = {}) => ({
  error: false,
  data: {
    visitsCount: 12345,
    contractsCount: 870,
    proveedoresCount: 52,
    unidadesCount: 7,
    calculosCount: 0,
    currentDataLoad: true,
    ...overrides,
  },
});
const chart = { error: false, data: { labels: ['Inicio'], datasets: [{ name: 'Visitas', data: [3] }] } };

describe('DashboardView', () => {
  it('greets the user and shows the monitor’s counters and the pending data load', async () => {
    signIn(['CONTRACTS', 'SUPPLIERS']);
    fakeApi({
      'GET /api/admin/info-dashboard': () => info(),
      'POST /api/admin/visits-month': () => chart,
      'GET /api/admin/visits-route': () => chart,
    });
    renderScreen(<DashboardView />);
    expect(screen.getByRole('heading', { name: '¡Hola, Ana Pérez!' })).toBeInTheDocument();
    expect(await screen.findByTestId('count-visits')).toHaveTextContent('12,345');
    expect(screen.getByTestId('count-contracts')).toHaveTextContent('870');
    expect(screen.getByTestId('pending-load')).toHaveTextContent('Hay una carga de datos pendiente');
    expect(await screen.findByTestId('visits-route-legend')).toHaveTextContent('Inicio');
    // Shortcuts only to the sections this user may open.
    expect(screen.getByRole('link', { name: /Proveedores/ })).toHaveAttribute('href', '/admin/suppliers');
    expect(screen.queryByRole('link', { name: /Configuración/ })).not.toBeInTheDocument();
  });

  it('hides contracts and the pending load without the CONTRACTS permission', async () => {
    signIn(['SUPPLIERS']);
    fakeApi({
      'GET /api/admin/info-dashboard': () => info({ contractsCount: null, currentDataLoad: false }),
      'POST /api/admin/visits-month': () => chart,
      'GET /api/admin/visits-route': () => chart,
    });
    renderScreen(<DashboardView />);
    expect(await screen.findByTestId('count-suppliers')).toHaveTextContent('52');
    expect(screen.queryByTestId('count-contracts')).not.toBeInTheDocument();
    expect(screen.queryByTestId('pending-load')).not.toBeInTheDocument();
  });

  it('says so in Spanish when the counters cannot be read', async () => {
    signIn([]);
    fakeApi({
      'GET /api/admin/info-dashboard': () => {
        throw apiError(500, 'INTERNAL', DEFAULT_ERROR_MESSAGES.INTERNAL);
      },
      'POST /api/admin/visits-month': () => chart,
      'GET /api/admin/visits-route': () => chart,
    });
    renderScreen(<DashboardView />);
    expect(
      await screen.findByText(`No fue posible cargar los indicadores. ${DEFAULT_ERROR_MESSAGES.INTERNAL}`),
    ).toBeInTheDocument();
  });
});
