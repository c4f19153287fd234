import { Box, Paper, Skeleton, Table, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMillions, formatMoney, toMillions } from '../../../../shared/format/money';
import { CHART_SERIES, type PeriodAmount } from '../../../../shared/schemas/landing';
import { LazyChart } from '../../../components/charts/lazy-chart';
import type { ChartOption } from '../../../components/charts/option';
import { LoadError } from '../../../components/load-error';
import type { useAmountByPeriod } from '../api/landing';
import { niceAxis } from '../axis';
import { seriesItemStyle } from '../series-style';
import { CHART_UNAVAILABLE, chartState, NoData, NoRows } from './chart-state';
import classes from './charts-panel.module.css';

/** Millions of pesos per quarter, stacked by procedure type, with its numbers in a table. */
export function PeriodChart({
  periods,
  labels,
}: {
  periods: ReturnType<typeof useAmountByPeriod>;
  labels: string[];
}) {
  const { t } = useTranslation();
  const rows = useMemo(() => periods.data?.data ?? [], [periods.data]);
  // Nothing to draw once loaded: the chart and its table say so instead of zeros.
  const empty = rows.every((row) => row.totalPublic + row.totalInvitation + row.totalNoBid === 0);
  // A chart whose figures could not load shows the error state with a retry, never bars of zeros.
  const state = chartState(periods);

  const option = useMemo<ChartOption>(
    () => ({
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) => `${Number(value).toFixed(2)} M`,
      },
      legend: { top: 0 },
      grid: { left: 8, right: 8, bottom: 8, top: 40, containLabel: true },
      xAxis: { type: 'category', data: rows.map((row) => `${row._id.period} ${row._id.year}`) },
      yAxis: {
        type: 'value',
        // The highest stacked bar sets the top; six labels (spec).
        ...niceAxis(
          Math.max(
            0,
            ...rows.map((row) => toMillions(row.totalPublic + row.totalInvitation + row.totalNoBid)),
          ),
        ),
        axisLabel: { formatter: '{value} M' },
      },
      series: CHART_SERIES.map((series, index) => ({
        name: labels[index],
        type: 'bar',
        stack: 'total',
        itemStyle: seriesItemStyle(series),
        data: rows.map((row) => toMillions(row[series.periodField])),
      })),
    }),
    [rows, labels],
  );
  const description = useMemo(() => describePeriods(rows, labels, t), [rows, labels, t]);

  return (
    <Paper withBorder radius="md" p="md" className={classes.wide} data-testid="chart-period">
      <Title order={2} fz="lg">
        {t('Millones de pesos por trimestre')}
      </Title>
      {state === 'failed' ? (
        <LoadError inline message={CHART_UNAVAILABLE} onRetry={() => void periods.refetch()} />
      ) : state === 'loading' ? (
        <Skeleton height={320} mt="sm" />
      ) : empty ? (
        <NoData height={320} />
      ) : (
        <LazyChart
          option={option}
          height={320}
          label={t('Gráfica de barras: millones de pesos por trimestre y tipo de procedimiento')}
          description={description}
        />
      )}
      <details>
        <summary className={classes.summary}>{t('Ver los datos en una tabla')}</summary>
        <Box style={{ overflowX: 'auto' }}>
          <Table striped fz="xs" mt="xs" captionSide="top">
            <Table.Caption>{t('Millones de pesos por trimestre')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('Trimestre')}</Table.Th>
                {labels.map((label) => (
                  <Table.Th key={label} scope="col">
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state === 'shown' && !empty ? (
                rows.map((row) => (
                  <Table.Tr key={`${row._id.period} ${row._id.year}`}>
                    <Table.Th scope="row" fw="normal">{`${row._id.period} ${row._id.year}`}</Table.Th>
                    {CHART_SERIES.map((series) => (
                      <Table.Td key={series.key}>{formatMillions(row[series.periodField])}</Table.Td>
                    ))}
                  </Table.Tr>
                ))
              ) : (
                <NoRows state={state} columns={labels.length + 1} />
              )}
            </Table.Tbody>
          </Table>
        </Box>
      </details>
    </Paper>
  );
}

/**
 * What the bar chart shows, in words for a screen reader: which quarters, and each procedure
 * type's amount over them; the table after the chart has every figure.
 */
function describePeriods(rows: PeriodAmount[], labels: string[], t: TFunction): string {
  const quarter = (row: PeriodAmount) => `${row._id.period} ${row._id.year}`;
  const first = rows[0];
  const last = rows.at(-1);
  const quarters =
    !first || !last
      ? ''
      : rows.length === 1
        ? t('Un trimestre: {{quarter}}.', { quarter: quarter(first) })
        : t('{{quarters}} trimestres, de {{first}} a {{last}}.', {
            quarters: rows.length,
            first: quarter(first),
            last: quarter(last),
          });
  const amounts = CHART_SERIES.map(
    (series, index) =>
      `${labels[index]} ${formatMoney(rows.reduce((sum, row) => sum + row[series.periodField], 0))}`,
  ).join(', ');
  return [
    quarters,
    t('Total por tipo de procedimiento: {{amounts}}.', { amounts }),
    t('Los datos están en la tabla que sigue a la gráfica.'),
  ]
    .filter(Boolean)
    .join(' ');
}
