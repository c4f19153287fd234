import type { CHART_SERIES } from '../../../shared/schemas/landing';

type Series = (typeof CHART_SERIES)[number];

/** The patterns' ink: dark enough to be seen on each series' colour, light enough to read through. */
const INK = 'rgba(0, 0, 0, 0.35)';

/**
 * Each procedure type's pattern (an ECharts decal) over its colour, the same in both charts and in
 * their legends, so the types are told apart without seeing colour (WCAG 1.4.1): stripes for public
 * tenders, dots for invitations, a checkerboard for direct awards.
 */
export const SERIES_DECALS: Record<Series['key'], Record<string, unknown>> = {
  PUBLIC: { color: INK, dashArrayX: [1, 0], dashArrayY: [2, 5], rotation: -Math.PI / 4 },
  INVITATION: {
    color: INK,
    symbol: 'circle',
    symbolSize: 0.8,
    dashArrayX: [
      [8, 8],
      [0, 8, 8, 0],
    ],
    dashArrayY: [6, 0],
  },
  NO_BID: {
    color: INK,
    dashArrayX: [
      [6, 6],
      [0, 6, 6, 0],
    ],
    dashArrayY: [6, 0],
  },
};

/**
 * How a series' bars or slice are drawn: its colour (the spec's), its pattern, and a white edge
 * that parts it from the segment beside it (adjacent colours differ too little, WCAG 1.4.11).
 */
export function seriesItemStyle(series: Series) {
  return { color: series.color, decal: SERIES_DECALS[series.key], borderColor: '#ffffff', borderWidth: 1 };
}
