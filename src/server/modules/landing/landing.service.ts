import { and, sql } from 'drizzle-orm';
import type { PublicFilters } from '../../../shared/schemas/filters';
import { CHART_SERIES, type PeriodAmount } from '../../../shared/schemas/landing';
import { contracts } from '../../db/schema';
import type { AppDeps, OrganizationRow } from '../../types';
import { contractConditions, countsInTotals } from '../contracts/contract-filters';
import { round } from '../contracts/contracts.presenter';
import { sumByProcedureType } from '../contracts/contracts.repository';

/**
 * Amounts per quarter and procedure type, oldest quarter first (the home bar chart). Same rule
 * for money as every total, so the bars add up to the donut and to the contracts tiles.
 */
export async function amountByPeriod(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
): Promise<PeriodAmount[]> {
  const { db } = deps.database;
  const where = await contractConditions(db, organization.id, filters);
  const amount = (type: string) =>
    sql<number>`coalesce(sum(${contracts.totalOrMaxAmount}) FILTER (WHERE ${contracts.procedureType} = ${type}), 0)`.mapWith(
      Number,
    );
  const rows = await db
    .select({
      period: contracts.period,
      totalPublic: amount('PUBLIC'),
      totalInvitation: amount('INVITATION'),
      totalNoBid: amount('NO_BID'),
    })
    .from(contracts)
    .where(and(where, countsInTotals))
    .groupBy(contracts.period);
  return rows
    .map((row) => {
      const [quarter = '', year = ''] = row.period.split(' ');
      return {
        _id: { period: quarter, year },
        totalPublic: round(row.totalPublic),
        totalInvitation: round(row.totalInvitation),
        totalNoBid: round(row.totalNoBid),
      };
    })
    .sort((a, b) => a._id.year.localeCompare(b._id.year) || a._id.period.localeCompare(b._id.period));
}

/** Budget exercised per procedure type (the home donut), in the order public, invitation, direct award. */
export async function amountByProcedure(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
) {
  const { db } = deps.database;
  const sums = await sumByProcedureType(db, await contractConditions(db, organization.id, filters));
  return {
    data: {
      labels: CHART_SERIES.map((series) => series.label),
      datasets: [
        {
          data: CHART_SERIES.map((series) => round(sums.find((row) => row.procedureType === series.key)?.amount ?? 0)),
          backgroundColor: CHART_SERIES.map((series) => series.color),
        },
      ],
    },
  };
}
