import { Box, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../../../shared/format/money';
import { CHART_SERIES } from '../../../../shared/schemas/landing';
import { LazyChart } from '../../../components/charts/lazy-chart';
import type { ChartOption } from '../../../components/charts/option';
import { LoadError } from '../../../components/load-error';
import { MoneyRuleNote } from '../../../components/money-rule-note';
import type { useAmountByProcedure } from '../api/landing';
import { seriesItemStyle } from '../series-style';
import { CHART_UNAVAILABLE, chartState, NoData, NoRows } from './chart-state';
import classes from './charts-panel.module.css';

/** Budget exercised per procedure type: a donut, its total, and its amounts and shares in a table. */
export function ProcedureChart({
  procedures,
  labels,
  round,
}: {
  procedures: ReturnType<typeof useAmountByProcedure>;
  labels: string[];
  round: boolean;
}) {
  const { t } = useTranslation();
  const values = useMemo(() => procedures.data?.data.data.datasets[0]?.data ?? [0, 0, 0], [procedures.data]);
  const total = values.reduce((sum, value) => sum + value, 0);
  const empty = total === 0;
  const state = chartState(procedures);

  // The shares go in the legend, not around the ring: outside labels collide with the legend on a phone.
  const option = useMemo<ChartOption>(
    () => ({
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
            itemStyle: seriesItemStyle(series),
          })),
        },
      ],
    }),
    [values, labels, total, round],
  );
  const description = useMemo(() => describeProcedures(values, labels, round, t), [values, labels, round, t]);

  return (
    <Paper withBorder radius="md" p="md" data-testid="chart-procedure">
      <Title order={2} fz="lg">
        {t('Presupuesto ejercido por tipo de procedimiento')}
      </Title>
      {state === 'failed' ? (
        <LoadError inline message={CHART_UNAVAILABLE} onRetry={() => void procedures.refetch()} />
      ) : state === 'loading' ? (
        <Skeleton height={260} mt="sm" />
      ) : empty ? (
        // Three equal thirds labelled 0.00% would look like data: say there is none.
        <NoData height={260} />
      ) : (
        <LazyChart
          option={option}
          height={260}
          label={t('Gráfica de dona: presupuesto ejercido por tipo de procedimiento')}
          description={description}
        />
      )}
      {state === 'shown' && !empty ? (
        <Text ta="center" fw={800} fz="lg" data-testid="donut-total">
          {t('Total:')} {formatMoney(total)} MXN
        </Text>
      ) : null}
      <details>
        <summary className={classes.summary}>{t('Ver los datos en una tabla')}</summary>
        <Box style={{ overflowX: 'auto' }}>
          <Table fz="xs" mt="xs" captionSide="top">
            <Table.Caption>{t('Presupuesto ejercido por tipo de procedimiento')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('Tipo de procedimiento')}</Table.Th>
                <Table.Th scope="col">{t('Monto')}</Table.Th>
                <Table.Th scope="col">{t('Porcentaje')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state === 'shown' && !empty ? (
                labels.map((label, index) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row" fw="normal">
                      {label}
                    </Table.Th>
                    <Table.Td>{formatMoney(values[index] ?? 0)}</Table.Td>
                    <Table.Td>{formatPercent(values[index] ?? 0, total, round)}</Table.Td>
                  </Table.Tr>
                ))
              ) : (
                <NoRows state={state} columns={3} />
              )}
            </Table.Tbody>
          </Table>
        </Box>
      </details>
      <MoneyRuleNote />
    </Paper>
  );
}

/**
 * What the donut shows, in words for a screen reader: the total and each procedure type's share
 * (rounded as the monitor rounds); the table after the chart has every figure.
 */
function describeProcedures(values: number[], labels: string[], round: boolean, t: TFunction): string {
  const total = values.reduce((sum, value) => sum + value, 0);
  const shares = labels
    .map((label, index) => `${label} ${formatPercent(values[index] ?? 0, total, round)}`)
    .join(', ');
  return [
    t('Total {{total}} MXN: {{shares}}.', { total: formatMoney(total), shares }),
    t('Los datos están en la tabla que sigue a la gráfica.'),
  ].join(' ');
}
