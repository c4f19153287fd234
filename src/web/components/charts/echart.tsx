import { BarChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { type ChartOption, withoutGeneratedLabel } from './option';

echarts.use([
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  AriaComponent,
  SVGRenderer,
]);

/**
 * A tree-shaken ECharts chart that follows its container's size. Drawing only: the accessible
 * name and description belong to the element around it (LazyChart).
 */
export default function EChart({ option, height }: { option: ChartOption; height: number }) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(withoutGeneratedLabel(option), { notMerge: true });
  }, [option]);

  return <div ref={element} style={{ width: '100%', height }} data-testid="echart" />;
}
