import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/api';
import { findToast, renderScreen, TEST_MONITOR } from '../../../test/render';
import { ChartsPanel } from './charts-panel';

// The charts' library is not what is tested here: a chart shows its label.
vi.mock('../../../components/charts/lazy-chart', () => ({
  LazyChart: ({ label }: { label: string }) => <div>{label}</div>,
}));

const periods = (totals: [number, number, number][]) => () => ({
  error: false,
  data: totals.map(([totalPublic, totalInvitation, totalNoBid], index) => ({
    _id: { period: `${index + 1}o`, year: '2024' },
    totalPublic,
    totalInvitation,
    totalNoBid,
  })),
});
const procedures = (values: number[]) => () => ({
  error: false,
  data: {
    data: {
      labels: ['Lic. pública', 'Por invitación', 'Adj. directa'],
      datasets: [{ data: values, backgroundColor: [] }],
    },
  },
});

describe('ChartsPanel', () => {
  it("draws both charts for the visitor's filters, with their total and their numbers in tables", async () => {
    const api = fakeApi({
      'POST /public-api/landing/amountByPeriod': periods([
        [2_500_000, 1_000_000, 500_000],
        [1_250_000, 0, 0],
      ]),
      'POST /public-api/landing/amountByProcedure': procedures([3_750_000, 1_000_000, 250_000]),
    });
    renderScreen(
      <ChartsPanel organizationId={TEST_MONITOR} filters={{ fiscalYears: ['2024'] }} round={false} />,
    );

    expect(
      await screen.findByText('Gráfica de barras: millones de pesos por trimestre y tipo de procedimiento'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Gráfica de dona: presupuesto ejercido por tipo de procedimiento'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('donut-total')).toHaveTextContent('Total: $5,000,000.00 MXN');

    const period = within(screen.getByTestId('chart-period')).getByRole('table');
    expect(within(period).getByRole('row', { name: /1o 2024/ })).toHaveTextContent(
      '1o 20242.50 M1.00 M0.50 M',
    );
    const procedure = within(screen.getByTestId('chart-procedure')).getByRole('table');
    expect(within(procedure).getByRole('row', { name: /Lic. pública/ })).toHaveTextContent(
      'Lic. pública$3,750,000.0075.00%',
    );
    for (const route of [
      'POST /public-api/landing/amountByPeriod',
      'POST /public-api/landing/amountByProcedure',
    ])
      expect(api.last(route)?.body).toEqual({ filters: { fiscalYears: ['2024'] } });
  });

  it('shows whole percentages for a monitor that rounds', async () => {
    fakeApi({
      'POST /public-api/landing/amountByPeriod': periods([[1, 1, 1]]),
      'POST /public-api/landing/amountByProcedure': procedures([1, 1, 1]),
    });
    renderScreen(<ChartsPanel organizationId={TEST_MONITOR} filters={{}} round />);
    const procedure = await screen.findByTestId('chart-procedure');
    expect(await within(procedure).findByRole('row', { name: /Por invitación/ })).toHaveTextContent('33%');
  });

  it('says there are no data for these filters instead of drawing zeros', async () => {
    fakeApi({
      'POST /public-api/landing/amountByPeriod': periods([[0, 0, 0]]),
      'POST /public-api/landing/amountByProcedure': procedures([0, 0, 0]),
    });
    renderScreen(<ChartsPanel organizationId={TEST_MONITOR} filters={{}} round={false} />);
    expect(await screen.findAllByTestId('chart-empty')).toHaveLength(2);
    expect(screen.getAllByTestId('chart-table-empty')).toHaveLength(2);
    expect(screen.queryByTestId('donut-total')).not.toBeInTheDocument();
    expect(screen.queryByText(/0\.00%/)).not.toBeInTheDocument();
  });

  it('tells a failure with a toast and draws the chart once Reintentar loads it', async () => {
    let failing = true;
    const api = fakeApi({
      'POST /public-api/landing/amountByPeriod': () => {
        if (failing) throw apiError(500, 'INTERNAL', 'Ocurrió un error inesperado.');
        return periods([[1_000_000, 0, 0]])();
      },
      'POST /public-api/landing/amountByProcedure': procedures([1_000_000, 0, 0]),
    });
    const { user } = renderScreen(<ChartsPanel organizationId={TEST_MONITOR} filters={{}} round={false} />);
    await findToast('Hubo un error al cargar el chart');
    const period = screen.getByTestId('chart-period');
    expect(within(period).getByTestId('load-error')).toHaveTextContent('No fue posible cargar la gráfica.');
    failing = false;
    await user.click(within(period).getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByText('Gráfica de barras: millones de pesos por trimestre y tipo de procedimiento'),
    ).toBeInTheDocument();
    expect(api.to('POST /public-api/landing/amountByPeriod')).toHaveLength(2);
  });
});
