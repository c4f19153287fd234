import type { EChartsCoreOption } from 'echarts/core';

export type ChartOption = EChartsCoreOption;

/**
 * The option as ECharts is given it: its `aria` label always off. ECharts would write an English
 * summary ('This is a chart…', NaN for a stack) over the container's name; the Spanish name and
 * description are LazyChart's. The rest of `aria` (decal patterns) stays the caller's.
 */
export function withoutGeneratedLabel(option: ChartOption): ChartOption {
  const aria = (option.aria ?? {}) as { label?: object };
  return { ...option, aria: { ...aria, label: { ...aria.label, enabled: false } } };
}
