import { roundHundredths } from '../../../shared/format/money';
import type { PublicFilters } from '../../../shared/schemas/filters';
import { CHART_SERIES, type PeriodAmount } from '../../../shared/schemas/landing';
import type { AppDeps, OrganizationRow } from '../../types';
import { figures } from '../figures/figures';

/**
 * Amounts per quarter and procedure type, oldest quarter first (the home bar chart). Same rule
 * for money as every total, so the bars add up to the donut and to the contracts tiles.
 */
export async function amountByPeriod(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
): Promise<PeriodAmount[]> {
  const rows = await figures(deps, organization, { filters, grouping: 'periodAndType' });
  const byPeriod = new Map<string, PeriodAmount>();
  for (const row of rows) {
    const [quarter = '', year = ''] = row.period.split(' ');
    const entry = byPeriod.get(row.period) ?? {
      _id: { period: quarter, year },
      totalPublic: 0,
      totalInvitation: 0,
      totalNoBid: 0,
    };
    const series = CHART_SERIES.find((item) => item.key === row.procedureType);
    if (series) entry[series.periodField] = roundHundredths(row.amount);
    byPeriod.set(row.period, entry);
  }
  return [...byPeriod.values()].sort(
    (a, b) => a._id.year.localeCompare(b._id.year) || a._id.period.localeCompare(b._id.period),
  );
}

/**
 * Budget exercised per procedure type (the home donut), in the order public, invitation, direct
 * award: the same figures as the contracts tiles' amounts, so the donut and the tiles cannot disagree.
 */
export async function amountByProcedure(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
) {
  const rows = await figures(deps, organization, { filters, grouping: 'procedureType' });
  const amountOf = (type: string) =>
    roundHundredths(rows.find((row) => row.procedureType === type)?.amount ?? 0);
  return {
    data: {
      labels: CHART_SERIES.map((series) => series.label),
      datasets: [
        {
          data: CHART_SERIES.map((series) => amountOf(series.key)),
          backgroundColor: CHART_SERIES.map((series) => series.color),
        },
      ],
    },
  };
}
