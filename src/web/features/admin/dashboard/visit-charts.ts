import type { VisitsChart } from '../../../../shared/schemas/admin';

/** The visits per period as bars. */
export function barOption(chart: VisitsChart) {
  return {
    aria: { enabled: true },
    grid: { left: 48, right: 16, top: 24, bottom: 48 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: chart.labels, axisLabel: { rotate: chart.labels.length > 6 ? 35 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: chart.datasets.map((dataset) => ({
      name: dataset.name,
      // Bars: the public charts already load them, so the dashboard adds no chart type to ECharts.
      type: 'bar',
      barMaxWidth: 28,
      data: dataset.data,
    })),
  };
}

/** Colours of the sections, shared by the donut and its legend. */
const SECTION_COLORS = [
  '#1c7ed6',
  '#37b24d',
  '#f59f00',
  '#e03131',
  '#7048e8',
  '#0ca678',
  '#f76707',
  '#d6336c',
  '#1098ad',
  '#74b816',
  '#ae3ec9',
  '#495057',
];
export const sectionColor = (index: number) => SECTION_COLORS[index % SECTION_COLORS.length]!;

export function donutOption(chart: VisitsChart) {
  return {
    aria: { enabled: true },
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    // The legend is the list under the chart: it wraps on any width instead of scrolling.
    legend: { show: false },
    series: [
      {
        name: 'Visitas',
        type: 'pie',
        radius: ['45%', '75%'],
        center: ['50%', '50%'],
        label: { show: false },
        data: chart.labels.map((label, index) => ({
          name: label,
          value: chart.datasets[0]?.data[index] ?? 0,
          itemStyle: { color: sectionColor(index) },
        })),
      },
    ],
  };
}
