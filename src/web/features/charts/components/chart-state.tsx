import { Center, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { msg } from '../../../i18n/msg';
import { cannotShow } from '../../../lib/load-state';

export const CHART_UNAVAILABLE = msg('No fue posible cargar la gráfica.');

export type ChartState = 'loading' | 'failed' | 'shown';

/** Whether a chart's figures are shown, still loading, or could not load (lib/load-state). */
export function chartState(query: Parameters<typeof cannotShow>[0]): ChartState {
  if (cannotShow(query)) return 'failed';
  return query.data === undefined ? 'loading' : 'shown';
}

/** In place of a chart with nothing to draw, at the chart's height so the page does not jump. */
export function NoData({ height }: { height: number }) {
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
export function NoRows({ state, columns }: { state: ChartState; columns: number }) {
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
