import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHART_SERIES } from '../../../../shared/schemas/landing';
import type { ChartOption } from '../../../components/charts/option';
import { apiError, type FakeCall, fakeApi } from '../../../test/api';
import { findToast, renderScreen, TEST_MONITOR } from '../../../test/render';
import { ChartsPanel } from './charts-panel';

// The charts' library is not what is tested here (echart.test.tsx and chart-drawing.test.tsx draw
// it): each chart records the option it was given.
const drawn = vi.hoisted(() => [] as ChartOption[]);
vi.mock('../../../components/charts/echart', () => ({
  default: ({ option }: { option: ChartOption }) => {
    drawn.push(option);
    return <div data-testid="echart" />;
  },
}));

// The chart's code is imported as it is: the service worker's recovery is not tested here.
vi.mock('../../../lib/load-code', () => ({ loadCode: (load: () => Promise<unknown>) => load() }));

// Charts load at once: no IntersectionObserver, as in an old browser.
beforeEach(() => {
  drawn.length = 0;
  vi.stubGlobal('IntersectionObserver', undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

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
/** An answer per fiscal year of the call's filters ('' for none). */
const byYear =
  (answers: Record<string, (call: FakeCall) => unknown>) =>
  (call: FakeCall): unknown => {
    const filters = JSON.parse(call.query.get('filters') ?? '{}') as { fiscalYears?: string[] };
    const year = filters.fiscalYears?.[0] ?? '';
    const answer = answers[year];
    if (!answer) throw new Error(`No answer for year ${year}`);
    return answer(call);
  };
/** The option the chart of this ECharts series type was last drawn with. */
const lastOption = (type: 'bar' | 'pie') => {
  const option = drawn.findLast((one) => (one.series as { type: string }[])[0]?.type === type);
  if (!option) throw new Error(`No ${type} chart drawn`);
  return option as { series: Record<string, unknown>[] };
};

/** Two quarters of 2024 and the year's three procedure types: $5,000,000.00 in all. */
const TWO_QUARTERS = {
  'GET /public-api/landing/amountByPeriod': periods([
    [2_500_000, 1_000_000, 500_000],
    [1_250_000, 0, 0],
  ]),
  'GET /public-api/landing/amountByProcedure': procedures([3_750_000, 1_000_000, 250_000]),
};

const BAR = 'Gráfica de barras: millones de pesos por trimestre y tipo de procedimiento';
const DONUT = 'Gráfica de dona: presupuesto ejercido por tipo de procedimiento';

describe('ChartsPanel', () => {
  it("draws both charts for the visitor's filters, with their total and their numbers in tables", async () => {
    const api = fakeApi(TWO_QUARTERS);
    renderScreen(
      <ChartsPanel organizationId={TEST_MONITOR} filters={{ fiscalYears: ['2024'] }} round={false} />,
    );

    expect(await screen.findByRole('img', { name: BAR })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: DONUT })).toBeInTheDocument();
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
      'GET /public-api/landing/amountByPeriod',
      'GET /public-api/landing/amountByProcedure',
    ])
      expect(JSON.parse(api.last(route)?.query.get('filters') ?? '{}')).toEqual({ fiscalYears: ['2024'] });
  });

  it('names each chart in Spanish and describes its real figures, pointing to the table', async () => {
    fakeApi(TWO_QUARTERS);
    renderScreen(<ChartsPanel organizationId={TEST_MONITOR} filters={{}} round={false} />);

    expect(await screen.findByRole('img', { name: BAR })).toHaveAccessibleDescription(
      '2 trimestres, de 1o 2024 a 2o 2024. Total por tipo de procedimiento: Lic. pública $3,750,000.00, ' +
        'Por invitación $1,000,000.00, Adj. directa $500,000.00. Los datos están en la tabla que sigue a la gráfica.',
    );
    expect(screen.getByRole('img', { name: DONUT })).toHaveAccessibleDescription(
      'Total $5,000,000.00 MXN: Lic. pública 75.00%, Por invitación 20.00%, Adj. directa 5.00%. ' +
        'Los datos están en la tabla que sigue a la gráfica.',
    );
    // What ECharts draws inside is not read: the image is the chart's container.
    for (const chart of screen.getAllByTestId('echart')) expect(chart.closest('[role="img"]')).not.toBeNull();
    expect(document.body.innerHTML).not.toMatch(/This is a chart|NaN/);
  });

  it('gives both tables a caption and column and row headers', async () => {
    fakeApi(TWO_QUARTERS);
    renderScreen(<ChartsPanel organizationId={TEST_MONITOR} filters={{}} round={false} />);
    await screen.findByRole('img', { name: DONUT });
    const headers = (table: HTMLElement, role: 'columnheader' | 'rowheader') =>
      within(table)
        .getAllByRole(role)
        .map((header) => [header.textContent, header.getAttribute('scope')]);

    const period = within(screen.getByTestId('chart-period')).getByRole('table', {
      name: 'Millones de pesos por trimestre',
    });
    expect(headers(period, 'columnheader')).toEqual([
      ['Trimestre', 'col'],
      ['Lic. pública', 'col'],
      ['Por invitación', 'col'],
      ['Adj. directa', 'col'],
    ]);
    expect(headers(period, 'rowheader')).toEqual([
      ['1o 2024', 'row'],
      ['2o 2024', 'row'],
    ]);

    const procedure = within(screen.getByTestId('chart-procedure')).getByRole('table', {
      name: 'Presupuesto ejercido por tipo de procedimiento',
    });
    expect(headers(procedure, 'columnheader')).toEqual([
      ['Tipo de procedimiento', 'col'],
      ['Monto', 'col'],
      ['Porcentaje', 'col'],
    ]);
    expect(headers(procedure, 'rowheader')).toEqual([
      ['Lic. pública', 'row'],
      ['Por invitación', 'row'],
      ['Adj. directa', 'row'],
    ]);
    expect(within(procedure).getByRole('row', { name: /Por invitación/ })).toHaveTextContent(
      'Por invitación$1,000,000.0020.00%',
    );
  });

  it('tells the series apart without colour: a pattern each and a white edge between segments', async () => {
    fakeApi({
      'GET /public-api/landing/amountByPeriod': periods([[2_500_000, 1_000_000, 500_000]]),
      'GET /public-api/landing/amountByProcedure': procedures([2_500_000, 1_000_000, 500_000]),
    });
    renderScreen(<ChartsPanel organizationId={TEST_MONITOR} filters={{}} round={false} />);
    await screen.findByRole('img', { name: DONUT });
    await waitFor(() => expect(drawn).toHaveLength(2));

    const bars = lastOption('bar').series.map((series) => series.itemStyle as Record<string, unknown>);
    const slices = (lastOption('pie').series[0]!.data as { itemStyle: Record<string, unknown> }[]).map(
      (slice) => slice.itemStyle,
    );
    for (const styles of [bars, slices]) {
      // The spec's colours stay (the browser test finds them), each with its own pattern.
      expect(styles.map((style) => style.color)).toEqual(CHART_SERIES.map((series) => series.color));
      expect(new Set(styles.map((style) => JSON.stringify(style.decal))).size).toBe(CHART_SERIES.length);
      for (const style of styles) {
        expect(style.decal).toEqual(expect.objectContaining({ color: expect.any(String) }));
        expect(style.borderColor).toBe('#ffffff');
        expect(style.borderWidth).toBeGreaterThanOrEqual(1);
      }
    }
    // A procedure type has the same pattern in both charts.
    expect(slices.map((style) => style.decal)).toEqual(bars.map((style) => style.decal));
  });

  it('shows whole percentages for a monitor that rounds', async () => {
    fakeApi({
      'GET /public-api/landing/amountByPeriod': periods([[1, 1, 1]]),
      'GET /public-api/landing/amountByProcedure': procedures([1, 1, 1]),
    });
    renderScreen(<ChartsPanel organizationId={TEST_MONITOR} filters={{}} round />);
    const procedure = await screen.findByTestId('chart-procedure');
    expect(await within(procedure).findByRole('row', { name: /Por invitación/ })).toHaveTextContent('33%');
    expect(screen.getByRole('img', { name: DONUT })).toHaveAccessibleDescription(
      /^Total \$3\.00 MXN: Lic\. pública 33%, Por invitación 33%, Adj\. directa 33%\./,
    );
  });

  it('says there are no data for these filters instead of drawing zeros', async () => {
    fakeApi({
      'GET /public-api/landing/amountByPeriod': periods([[0, 0, 0]]),
      'GET /public-api/landing/amountByProcedure': procedures([0, 0, 0]),
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
      'GET /public-api/landing/amountByPeriod': () => {
        if (failing) throw apiError(500, 'INTERNAL', 'Ocurrió un error inesperado.');
        return periods([[1_000_000, 0, 0]])();
      },
      'GET /public-api/landing/amountByProcedure': procedures([1_000_000, 0, 0]),
    });
    const { user } = renderScreen(<ChartsPanel organizationId={TEST_MONITOR} filters={{}} round={false} />);
    await findToast('Hubo un error al cargar el chart');
    const period = screen.getByTestId('chart-period');
    expect(within(period).getByTestId('load-error')).toHaveTextContent('No fue posible cargar la gráfica.');
    failing = false;
    await user.click(within(period).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('img', { name: BAR })).toBeInTheDocument();
    expect(api.to('GET /public-api/landing/amountByPeriod')).toHaveLength(2);
    // The first figures shown, late as they came, are not an update.
    expect(screen.getByTestId('charts-status')).toHaveTextContent(/^$/);
  });

  describe('the status a screen reader hears', () => {
    it('stays silent on the first load and says the new figures once a filter changed them', async () => {
      let release2023 = () => {};
      const arrived2023 = new Promise<void>((resolve) => {
        release2023 = resolve;
      });
      fakeApi({
        'GET /public-api/landing/amountByPeriod': byYear({
          '2024': periods([
            [2_500_000, 1_000_000, 500_000],
            [1_250_000, 0, 0],
          ]),
          '2023': async () => {
            await arrived2023;
            return periods([[1_000_000, 234_567.89, 0]])();
          },
        }),
        'GET /public-api/landing/amountByProcedure': byYear({
          '2024': procedures([3_750_000, 1_000_000, 250_000]),
          '2023': async () => {
            await arrived2023;
            return procedures([1_000_000, 234_567.89, 0])();
          },
        }),
      });
      const { rerender } = renderScreen(
        <ChartsPanel organizationId={TEST_MONITOR} filters={{ fiscalYears: ['2024'] }} round={false} />,
      );
      const status = screen.getByTestId('charts-status');
      expect(status).toHaveAttribute('role', 'status');
      expect(status).toHaveAttribute('aria-live', 'polite');
      await screen.findByRole('img', { name: DONUT });
      expect(status).toBeEmptyDOMElement();

      rerender(
        <ChartsPanel organizationId={TEST_MONITOR} filters={{ fiscalYears: ['2023'] }} round={false} />,
      );
      // While the new figures load the old ones stay on screen, and nothing is said.
      await waitFor(() => expect(screen.getByTestId('donut-total')).toBeInTheDocument());
      expect(status).toBeEmptyDOMElement();

      release2023();
      await waitFor(() =>
        expect(status).toHaveTextContent('Gráficas actualizadas: $1,234,567.89 MXN en 1 trimestre.'),
      );
      expect(screen.getByTestId('donut-total')).toHaveTextContent('Total: $1,234,567.89 MXN');

      // Back to the first filters (already fetched): said again, with their figures.
      rerender(
        <ChartsPanel organizationId={TEST_MONITOR} filters={{ fiscalYears: ['2024'] }} round={false} />,
      );
      await waitFor(() =>
        expect(status).toHaveTextContent('Gráficas actualizadas: $5,000,000.00 MXN en 2 trimestres.'),
      );
    });

    it('says when the new filters have no data, and says a repeated sentence anew', async () => {
      fakeApi({
        'GET /public-api/landing/amountByPeriod': byYear({
          '': periods([[1_000_000, 0, 0]]),
          '2023': periods([[0, 0, 0]]),
          '2022': periods([[0, 0, 0]]),
        }),
        'GET /public-api/landing/amountByProcedure': byYear({
          '': procedures([1_000_000, 0, 0]),
          '2023': procedures([0, 0, 0]),
          '2022': procedures([0, 0, 0]),
        }),
      });
      const { rerender } = renderScreen(
        <ChartsPanel organizationId={TEST_MONITOR} filters={{}} round={false} />,
      );
      const status = screen.getByTestId('charts-status');
      await screen.findByRole('img', { name: DONUT });

      rerender(
        <ChartsPanel organizationId={TEST_MONITOR} filters={{ fiscalYears: ['2023'] }} round={false} />,
      );
      await waitFor(() =>
        expect(status).toHaveTextContent('Gráficas actualizadas: sin datos para estos filtros.'),
      );
      const first = status.textContent;
      rerender(
        <ChartsPanel organizationId={TEST_MONITOR} filters={{ fiscalYears: ['2022'] }} round={false} />,
      );
      await waitFor(() => expect(status.textContent).not.toBe(first));
      expect(status).toHaveTextContent('Gráficas actualizadas: sin datos para estos filtros.');
    });

    it('says nothing when the new figures fail to load (the toast tells it)', async () => {
      fakeApi({
        'GET /public-api/landing/amountByPeriod': byYear({
          '': periods([[1_000_000, 0, 0]]),
          '2023': () => {
            throw apiError(500, 'INTERNAL', 'Ocurrió un error inesperado.');
          },
        }),
        'GET /public-api/landing/amountByProcedure': byYear({
          '': procedures([1_000_000, 0, 0]),
          '2023': procedures([2_000_000, 0, 0]),
        }),
      });
      const { rerender } = renderScreen(
        <ChartsPanel organizationId={TEST_MONITOR} filters={{}} round={false} />,
      );
      await screen.findByRole('img', { name: DONUT });
      rerender(
        <ChartsPanel organizationId={TEST_MONITOR} filters={{ fiscalYears: ['2023'] }} round={false} />,
      );
      await findToast('Hubo un error al cargar el chart');
      await waitFor(() => expect(screen.getByTestId('donut-total')).toHaveTextContent('$2,000,000.00'));
      expect(screen.getByTestId('charts-status')).toBeEmptyDOMElement();
    });
  });
});
