import { Box, Center, Paper, SimpleGrid, Skeleton, Table, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMillions, formatMoney, formatPercent, toMillions } from '../../../../shared/format/money';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import { CHART_SERIES } from '../../../../shared/schemas/landing';
import type { ChartOption } from '../../../components/charts/echart';
import { LazyChart } from '../../../components/charts/lazy-chart';
import { LoadError } from '../../../components/load-error';
import { MoneyRuleNote } from '../../../components/money-rule-note';
import { msg } from '../../../i18n/msg';
import { cannotShow } from '../../../lib/load-state';
import { toast } from '../../../lib/notifications';
import { useAmountByPeriod, useAmountByProcedure } from '../api/landing';
import { niceAxis } from '../axis';
import classes from './charts-panel.module.css';

const CHART_UNAVAILABLE = msg('No fue posible cargar la gráfica.');

/**
 * The home charts (spec): millions of pesos per quarter and budget exercised per procedure type,
 * each with its numbers in a table for screen readers and anyone who prefers them.
 */
export function ChartsPanel({
  organizationId,
  filters,
  round,
}: {
  organizationId: string;
  filters: Partial<PublicFilters>;
  round: boolean;
}) {
  const { t } = useTranslation();
  const periods = useAmountByPeriod(organizationId, filters);
  const procedures = useAmountByProcedure(organizationId, filters);
  // The spec's toast for a chart that could not load, besides the note in the chart's place.
  const failure = periods.error ?? procedures.error;
  useEffect(() => {
    if (failure) toast('danger', 'Hubo un error al cargar el chart', { detail: failure.message });
  }, [failure]);
  const rows = useMemo(() => periods.data?.data ?? [], [periods.data]);
  const values = useMemo(() => procedures.data?.data.data.datasets[0]?.data ?? [0, 0, 0], [procedures.data]);
  const total = values.reduce((sum, value) => sum + value, 0);
  // Nothing to draw once loaded: the charts, their tables and the total say so instead of zeros.
  const periodsEmpty = rows.every((row) => row.totalPublic + row.totalInvitation + row.totalNoBid === 0);
  const proceduresEmpty = total === 0;
  const labels = useMemo(() => CHART_SERIES.map((series) => t(series.label)), [t]);
  // A chart whose figures could not load shows the error state with a retry, never bars of zeros.
  const periodsState = chartState(periods);
  const proceduresState = chartState(procedures);

  const barOption = useMemo<ChartOption>(
    () => ({
      aria: { enabled: true },
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
        itemStyle: { color: series.color },
        data: rows.map((row) => toMillions(row[series.periodField])),
      })),
    }),
    [rows, labels],
  );

  // The shares go in the legend, not around the ring: outside labels collide with the legend on a phone.
  const donutOption = useMemo<ChartOption>(
    () => ({
      aria: { enabled: true },
      tooltip: { trigger: 'item', valueFormatter: (value: unknown) => formatMoney(Number(value)) },
      legend: {
        bottom: 0,
        formatter: (name: string) => {
          const index = labels.indexOf(name);
          return `${name} ${formatPercent(values[index] ?? 0, total, round)}`;
        },
      },
      series: [
        {
          type: 'pie',
          radius: ['45%', '72%'],
          center: ['50%', '44%'],
          label: { show: false },
          data: CHART_SERIES.map((series, index) => ({
            name: labels[index],
            value: values[index] ?? 0,
            itemStyle: { color: series.color },
          })),
        },
      ],
    }),
    [values, labels, total, round],
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Paper withBorder radius="md" p="md" className={classes.wide} data-testid="chart-period">
        <Title order={2} fz="lg">
          {t('Millones de pesos por trimestre')}
        </Title>
        {periodsState === 'failed' ? (
          <LoadError inline message={CHART_UNAVAILABLE} onRetry={() => void periods.refetch()} />
        ) : periodsState === 'loading' ? (
          <Skeleton height={320} mt="sm" />
        ) : periodsEmpty ? (
          <NoData height={320} />
        ) : (
          <LazyChart
            option={barOption}
            height={320}
            label={t('Gráfica de barras: millones de pesos por trimestre y tipo de procedimiento')}
          />
        )}
        <details>
          <summary className={classes.summary}>{t('Ver los datos en una tabla')}</summary>
          <Box style={{ overflowX: 'auto' }}>
            <Table striped fz="xs" mt="xs" captionSide="top">
              <Table.Caption>{t('Millones de pesos por trimestre')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Trimestre')}</Table.Th>
                  {labels.map((label) => (
                    <Table.Th key={label}>{label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {periodsState === 'shown' && !periodsEmpty ? (
                  rows.map((row) => (
                    <Table.Tr key={`${row._id.period} ${row._id.year}`}>
                      <Table.Td>{`${row._id.period} ${row._id.year}`}</Table.Td>
                      {CHART_SERIES.map((series) => (
                        <Table.Td key={series.key}>{formatMillions(row[series.periodField])}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                ) : (
                  <NoRows state={periodsState} columns={labels.length + 1} />
                )}
              </Table.Tbody>
            </Table>
          </Box>
        </details>
      </Paper>
      <Paper withBorder radius="md" p="md" data-testid="chart-procedure">
        <Title order={2} fz="lg">
          {t('Presupuesto ejercido por tipo de procedimiento')}
        </Title>
        {proceduresState === 'failed' ? (
          <LoadError inline message={CHART_UNAVAILABLE} onRetry={() => void procedures.refetch()} />
        ) : proceduresState === 'loading' ? (
          <Skeleton height={260} mt="sm" />
        ) : proceduresEmpty ? (
          // Three equal thirds labelled 0.00% would look like data: say there is none.
          <NoData height={260} />
        ) : (
          <LazyChart
            option={donutOption}
            height={260}
            label={t('Gráfica de dona: presupuesto ejercido por tipo de procedimiento')}
          />
        )}
        {proceduresState === 'shown' && !proceduresEmpty ? (
          <Text ta="center" fw={800} fz="lg" data-testid="donut-total">
            {t('Total:')} {formatMoney(total)} MXN
          </Text>
        ) : null}
        <details>
          <summary className={classes.summary}>{t('Ver los datos en una tabla')}</summary>
          <Table fz="xs" mt="xs">
            <Table.Tbody>
              {proceduresState === 'shown' && !proceduresEmpty ? (
                labels.map((label, index) => (
                  <Table.Tr key={label}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td>{formatMoney(values[index] ?? 0)}</Table.Td>
                    <Table.Td>{formatPercent(values[index] ?? 0, total, round)}</Table.Td>
                  </Table.Tr>
                ))
              ) : (
                <NoRows state={proceduresState} columns={3} />
              )}
            </Table.Tbody>
          </Table>
        </details>
        <MoneyRuleNote />
      </Paper>
    </SimpleGrid>
  );
}

/** In place of a chart with nothing to draw, at the chart's height so the page does not jump. */
function NoData({ height }: { height: number }) {
  const { t } = useTranslation();
  return (
    <Center h={height} mt="sm" data-testid="chart-empty">
      <Text c="dimmed" fw={600}>
        {t('Sin datos para estos filtros')}
      </Text>
    </Center>
  );
}

/**
 * The one row of a chart's table while it has no figures to list: the same words as the chart's
 * place (no data, or it could not load), never rows of zeros that read as data.
 */
function NoRows({ state, columns }: { state: ChartState; columns: number }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td colSpan={columns} ta="center" c="dimmed" data-testid="chart-table-empty">
        {state === 'loading'
          ? t('Cargando')
          : state === 'failed'
            ? t(CHART_UNAVAILABLE)
            : t('Sin datos para estos filtros')}
      </Table.Td>
    </Table.Tr>
  );
}

type ChartState = 'loading' | 'failed' | 'shown';

/** Whether a chart's figures are shown, still loading, or could not load (lib/load-state). */
function chartState(query: Parameters<typeof cannotShow>[0]): ChartState {
  if (cannotShow(query)) return 'failed';
  return query.data === undefined ? 'loading' : 'shown';
}
