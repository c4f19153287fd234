import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../test/api';
import { renderPublicScreen } from '../../test/public';
import { renderScreen, TEST_MONITOR } from '../../test/render';
import { MaintenancePage } from '../errors/maintenance';
import { OfflinePage } from '../errors/offline';
import { ComparisonPage } from './comparison';
import { ContractsPage } from './contracts';
import { CorruptionIndexPage } from './corruption-index';
import { HomePage } from './home';
import { SupplierDetailPage } from './supplier-detail';
import { SuppliersPage } from './suppliers';

// The charts' library is not what is tested here: a chart shows its label.
vi.mock('../../components/charts/lazy-chart', () => ({
  LazyChart: ({ label }: { label: string }) => <div>{label}</div>,
}));

const failure = () => {
  throw apiError(500, 'INTERNAL', 'Ocurrió un error inesperado. Por favor intenta nuevamente.');
};
/** The filter selects' options: none (they are not what is tested). */
const options = Object.fromEntries(
  [
    'administration-periods',
    'fiscal-years',
    'trimonths',
    'procedure-types',
    'administrative-units',
    'suppliers-filter',
  ].map((kind) => [
    `GET /public-api/contracts/retrieve/${kind}`,
    () => ({ error: false, data: { docs: [] } }),
  ]),
);
const contracts = {
  error: false,
  data: {
    docs: [],
    total: 3,
    page: 1,
    pages: 1,
    totals: {
      totalCount: 3,
      publicCount: 1,
      invitationCount: 1,
      noBidCount: 1,
      totalAmount: 1234.5,
      PUBLIC: 1000,
      INVITATION: 200,
      NO_BID: 34.5,
    },
  },
};

/** Nothing on screen reads as a figure: no amount, no empty list. */
function expectNoFigures() {
  expect(screen.queryByText(/\$0\.00/)).not.toBeInTheDocument();
  expect(screen.queryByText('No se encontraron resultados con la búsqueda')).not.toBeInTheDocument();
}

describe('a public screen whose figures failed shows the error state with Reintentar, never zeros', () => {
  it('contracts: no $0.00 tiles nor empty list; Reintentar loads the figures', async () => {
    let answer: () => unknown = failure;
    fakeApi({ ...options, 'GET /public-api/contracts/filtered-list': () => answer() });
    const { user } = renderPublicScreen(<ContractsPage />, { route: '/contracts' });
    const error = await screen.findByTestId('load-error');
    expect(error).toHaveTextContent(
      'La información de contratos no se encuentra disponible en este momento.',
    );
    expectNoFigures();
    expect(screen.queryByText('Monto total')).not.toBeInTheDocument();
    answer = () => contracts;
    await user.click(within(error).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.queryByTestId('load-error')).not.toBeInTheDocument();
  });

  it('suppliers: no 0 counts nor empty list', async () => {
    fakeApi({ ...options, 'GET /public-api/suppliers/filtered-list': failure });
    renderPublicScreen(<SuppliersPage />, { route: '/suppliers' });
    expect(await screen.findByTestId('load-error')).toHaveTextContent(
      'La información de proveedores no se encuentra disponible en este momento.',
    );
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expectNoFigures();
    expect(screen.queryByText('Contratos en total')).not.toBeInTheDocument();
  });

  it('supplier detail: the error state instead of its tiles', async () => {
    fakeApi({ ...options, 'POST /public-api/suppliers/detail': failure });
    renderPublicScreen(<SupplierDetailPage />, {
      route: '/suppliers/01900000-0000-7000-8000-0000000000aa',
      path: '/suppliers/:id',
    });
    expect(await screen.findByTestId('load-error')).toHaveTextContent(
      'La información de proveedores no se encuentra disponible en este momento.',
    );
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expectNoFigures();
  });

  it('home charts: each chart says it could not load, with Reintentar, and lists no figures', async () => {
    fakeApi({
      ...options,
      'GET /public-api/landing/amountByPeriod': failure,
      'GET /public-api/landing/amountByProcedure': failure,
    });
    renderPublicScreen(<HomePage />, { route: '/' });
    for (const chart of ['chart-period', 'chart-procedure']) {
      const panel = await screen.findByTestId(chart);
      expect(await within(panel).findByTestId('load-error')).toHaveTextContent(
        'No fue posible cargar la gráfica.',
      );
      expect(within(panel).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    }
    expect(screen.queryByTestId('donut-total')).not.toBeInTheDocument();
    expect(screen.queryByText(/0\.00%/)).not.toBeInTheDocument();
  });

  it("comparison: the other server's failure says why, with Reintentar, which asks it again", async () => {
    const api = fakeApi({
      'GET /public-api/comparations/detail': (call) => {
        // Our side is still on its way; the other server's is refused.
        if (call.query.get('id') === TEST_MONITOR) return new Promise(() => {});
        throw apiError(422, 'UNPROCESSABLE', 'El servidor de esa dirección tardó demasiado en responder.');
      },
    });
    const { user } = renderPublicScreen(<ComparisonPage />, {
      route: '/comparations/remoto-1?baseRemoteUrl=https://otro.example.org',
      path: '/comparations/:id',
    });
    const error = await screen.findByTestId('load-error');
    expect(error).toHaveTextContent('No fue posible consultar el monitor a comparar');
    expect(error).toHaveTextContent('El servidor de esa dirección tardó demasiado en responder.');
    const remote = () => api.to('GET /public-api/comparations/detail').filter((c) => c.query.has('url'));
    expect(remote()).toHaveLength(1);
    await user.click(within(error).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(remote()).toHaveLength(2));
  });

  it('index: the error state with Reintentar, no gauge', async () => {
    fakeApi({ 'GET /public-api/comparations/corruption-index': failure });
    renderPublicScreen(<CorruptionIndexPage />, { route: '/calculations/corruption-index' });
    expect(await screen.findByTestId('load-error')).toHaveTextContent(
      'La información del Índice de Riesgo de Corrupción no se encuentra disponible en este momento.',
    );
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.queryByTestId('index-value')).not.toBeInTheDocument();
  });

  it('the maintenance and offline screens retry with the same word, Reintentar', () => {
    const { unmount } = renderScreen(<MaintenancePage />);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    unmount();
    renderScreen(<OfflinePage />);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
