import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHART_SERIES } from '../../../../shared/schemas/landing';
import { fakeApi } from '../../../test/api';
import { renderScreen, TEST_MONITOR } from '../../../test/render';
import { ChartsPanel } from './charts-panel';

vi.mock('../../../lib/load-code', () => ({ loadCode: (load: () => Promise<unknown>) => load() }));

// The real ECharts draws its SVG here. happy-dom has no layout: every element is given a size,
// and charts load at once (no IntersectionObserver).
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', undefined);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(320);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the home charts as ECharts draws them', () => {
  it('keeps the series colours, adds each pattern to the shapes and the legend, and writes no English', async () => {
    fakeApi({
      'GET /public-api/landing/amountByPeriod': () => ({
        error: false,
        data: [
          { _id: { period: '1o', year: '2024' }, totalPublic: 2e6, totalInvitation: 1e6, totalNoBid: 5e5 },
          { _id: { period: '2o', year: '2024' }, totalPublic: 1e6, totalInvitation: 5e5, totalNoBid: 2e5 },
        ],
      }),
      'GET /public-api/landing/amountByProcedure': () => ({
        error: false,
        data: {
          data: {
            labels: CHART_SERIES.map((series) => series.label),
            datasets: [{ data: [3e6, 1.5e6, 7e5], backgroundColor: [] }],
          },
        },
      }),
    });
    renderScreen(<ChartsPanel organizationId={TEST_MONITOR} filters={{}} round={false} />);

    for (const [testId, shapes] of [
      ['chart-period', 2], // two quarters
      ['chart-procedure', 1], // one slice
    ] as const) {
      const chart = screen.getByTestId(testId);
      await waitFor(() => expect(chart.querySelectorAll('svg path[fill^="url("]').length).toBeGreaterThan(0));
      for (const series of CHART_SERIES) {
        // Each shape and its legend mark in the plain colour (what the browser test looks for)…
        expect(chart.querySelectorAll(`svg path[fill="${series.color}"]`)).toHaveLength(shapes + 1);
      }
      // …and over each, its pattern.
      expect(chart.querySelectorAll('svg path[fill^="url("]')).toHaveLength(
        (shapes + 1) * CHART_SERIES.length,
      );
      expect(chart.querySelectorAll('svg pattern').length).toBeGreaterThanOrEqual(CHART_SERIES.length);
      expect(within(chart).getByRole('img').outerHTML).not.toMatch(/This is a chart|NaN/);
    }
  });
});
