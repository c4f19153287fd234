import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { LazyChart } from './lazy-chart';

vi.mock('../../lib/load-code', () => ({ loadCode: (load: () => Promise<unknown>) => load() }));
vi.mock('./echart', () => ({ default: () => <div data-testid="echart" /> }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const option = { series: [] };
// Names given as values: a test's texts are not the catalogues' (i18n/catalogues.test.ts).
const DONUT = 'Gráfica de dona: uno';
const BARS = 'Gráfica de barras: dos';

describe('LazyChart', () => {
  it('is one image with its name and description before its library loads', () => {
    // happy-dom's observer never reports the chart near the screen: it stays a skeleton.
    renderScreen(<LazyChart option={option} height={200} label={DONUT} description="Total $1.00 MXN." />);
    const image = screen.getByRole('img', { name: DONUT });
    expect(image).toHaveAccessibleDescription('Total $1.00 MXN.');
    expect(screen.queryByTestId('echart')).not.toBeInTheDocument();
    // The description is read as the image's, not a second time as text of the page.
    expect(screen.getByText('Total $1.00 MXN.')).not.toBeVisible();
  });

  it('draws the chart inside the image once it is near the screen', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderScreen(<LazyChart option={option} height={200} label={BARS} />);
    const chart = await screen.findByTestId('echart');
    const image = screen.getByRole('img', { name: BARS });
    expect(image).toContainElement(chart);
    expect(image).not.toHaveAttribute('aria-describedby');
  });
});
