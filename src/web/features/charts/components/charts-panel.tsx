import { SimpleGrid, VisuallyHidden } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import { CHART_SERIES } from '../../../../shared/schemas/landing';
import { toast } from '../../../lib/notifications';
import { useAmountByPeriod, useAmountByProcedure } from '../api/landing';
import { PeriodChart } from './period-chart';
import { ProcedureChart } from './procedure-chart';
import { useUpdateAnnouncement } from './update-announcement';

/**
 * The home charts (spec): millions of pesos per quarter and budget exercised per procedure type,
 * each with its numbers in a table for screen readers and anyone who prefers them. When a filter
 * changes them, a polite status says so (WCAG 4.1.3): a screen reader is not told by the redraw.
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
  const announcement = useUpdateAnnouncement(organizationId, filters, periods, procedures);

  return (
    <>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="charts-status">
        {announcement}
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <PeriodChart periods={periods} labels={labels} />
        <ProcedureChart procedures={procedures} labels={labels} round={round} />
      </SimpleGrid>
    </>
  );
}
