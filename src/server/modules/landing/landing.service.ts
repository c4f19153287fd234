import type { ProcedureType } from '../../../shared/constants/enums';
import type { PublicFilters } from '../../../shared/schemas/filters';
import { CHART_SERIES, type PeriodAmount } from '../../../shared/schemas/landing';
import type { AppDeps, OrganizationRow } from '../../types';
import { contractConditions } from '../contracts/contract-filters';
import { round } from '../contracts/contracts.presenter';
import { sumByPeriodAndType } from '../contracts/contracts.repository';
import { contractTotals, resultKey } from '../contracts/contracts.service';
import { cubeAmountsByPeriod } from '../contracts/cube-queries';
import { contractCubeServes, ensureFreshCubes } from '../contracts/cubes';

/**
 * Amounts per quarter and procedure type, oldest quarter first (the home bar chart). Same rule
 * for money as every total, so the bars add up to the donut and to the contracts tiles.
 */
export async function amountByPeriod(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
): Promise<PeriodAmount[]> {
  return deps.cache.get(resultKey(organization, 'chart:period', filters), async () => {
    const rows = await amountsByPeriodAndType(deps, organization, filters);
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
      if (series) entry[series.periodField] = round(row.amount);
      byPeriod.set(row.period, entry);
    }
    return [...byPeriod.values()].sort(
      (a, b) => a._id.year.localeCompare(b._id.year) || a._id.period.localeCompare(b._id.period),
    );
  });
}

async function amountsByPeriodAndType(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
): Promise<{ period: string; procedureType: ProcedureType; amount: number }[]> {
  const { db } = deps.database;
  if (contractCubeServes(filters)) {
    await ensureFreshCubes(deps, organization);
    return cubeAmountsByPeriod(db, organization.id, filters);
  }
  return sumByPeriodAndType(db, await contractConditions(db, organization.id, filters));
}

/**
 * Budget exercised per procedure type (the home donut), in the order public, invitation, direct
 * award: the contracts tiles' amounts, so the donut and the tiles cannot disagree.
 */
export async function amountByProcedure(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
) {
  const totals = await contractTotals(deps, organization, filters);
  return {
    data: {
      labels: CHART_SERIES.map((series) => series.label),
      datasets: [
        {
          data: CHART_SERIES.map((series) => totals[series.key]),
          backgroundColor: CHART_SERIES.map((series) => series.color),
        },
      ],
    },
  };
}
