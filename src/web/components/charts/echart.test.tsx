import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import EChart from './echart';
import { withoutGeneratedLabel } from './option';

describe('EChart', () => {
  // The real library, drawing SVG in happy-dom; with no layout there, the chart is given its size.
  it("never lets ECharts write its English summary over the container's name", async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(320);
    render(
      <EChart
        height={320}
        option={{
          aria: { enabled: true },
          xAxis: { type: 'category', data: ['1o 2024', '2o 2024'] },
          yAxis: { type: 'value' },
          series: ['#6ec284', '#ffc043'].map((color) => ({
            type: 'bar',
            stack: 'total',
            data: [1, 2],
            itemStyle: { color },
          })),
        }}
      />,
    );
    const chart = screen.getByTestId('echart');
    await waitFor(() => expect(chart.querySelector('svg path[fill="#6ec284"]')).not.toBeNull());
    expect(chart).not.toHaveAttribute('aria-label');
    expect(chart).not.toHaveAttribute('role');
    expect(chart.outerHTML).not.toMatch(/This is a chart|NaN/);
  });

  it("turns off only the generated label, keeping the caller's decal patterns", () => {
    expect(withoutGeneratedLabel({ aria: { decal: { show: true } }, series: [] })).toEqual({
      aria: { decal: { show: true }, label: { enabled: false } },
      series: [],
    });
    expect(withoutGeneratedLabel({}).aria).toEqual({ label: { enabled: false } });
  });
});
