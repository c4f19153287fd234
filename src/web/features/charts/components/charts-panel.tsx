import { SimpleGrid } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import { CHART_SERIES } from '../../../../shared/schemas/landing';
import { toast } from '../../../lib/notifications';
import { useAmountByPeriod, useAmountByProcedure } from '../api/landing';
import { PeriodChart } from './period-chart';
import { ProcedureChart } from './procedure-chart';

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
  const labels = useMemo(() => CHART_SERIES.map((series) => t(series.label)), [t]);

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <PeriodChart periods={periods} labels={labels} />
      <ProcedureChart procedures={procedures} labels={labels} round={round} />
    </SimpleGrid>
  );
}
