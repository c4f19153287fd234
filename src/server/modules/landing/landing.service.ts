import { and, sql } from 'drizzle-orm';
import type { ProcedureType } from '../../../shared/constants/enums';
import type { PublicFilters } from '../../../shared/schemas/filters';
import { CHART_SERIES, type PeriodAmount } from '../../../shared/schemas/landing';
import { contracts } from '../../db/schema';
import type { AppDeps, OrganizationRow } from '../../types';
import { contractConditions, countsInTotals } from '../contracts/contract-filters';
import { round } from '../contracts/contracts.presenter';
import { sumByProcedureType } from '../contracts/contracts.repository';
import { resultKey } from '../contracts/contracts.service';
import { cubeAmountsByPeriod, cubeTotalsByType } from '../contracts/cube-queries';
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
      if (row.procedureType === 'PUBLIC') entry.totalPublic = round(entry.totalPublic + row.amount);
      if (row.procedureType === 'INVITATION')
        entry.totalInvitation = round(entry.totalInvitation + row.amount);
      if (row.procedureType === 'NO_BID') entry.totalNoBid = round(entry.totalNoBid + row.amount);
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
  const where = await contractConditions(db, organization.id, filters);
  return db
    .select({
      period: contracts.period,
      procedureType: contracts.procedureType,
      amount: sql<number>`coalesce(sum(${contracts.totalOrMaxAmount}), 0)`.mapWith(Number),
    })
    .from(contracts)
    .where(and(where, countsInTotals))
    .groupBy(contracts.period, contracts.procedureType);
}

/** Budget exercised per procedure type (the home donut), in the order public, invitation, direct award. */
export async function amountByProcedure(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
) {
  return deps.cache.get(resultKey(organization, 'chart:procedure', filters), async () => {
    const { db } = deps.database;
    let sums: { procedureType: ProcedureType; amount: number }[];
    if (contractCubeServes(filters)) {
      await ensureFreshCubes(deps, organization);
      sums = await cubeTotalsByType(db, organization.id, filters);
    } else {
      sums = await sumByProcedureType(db, await contractConditions(db, organization.id, filters));
    }
    return {
      data: {
        labels: CHART_SERIES.map((series) => series.label),
        datasets: [
          {
            data: CHART_SERIES.map((series) =>
              round(sums.find((row) => row.procedureType === series.key)?.amount ?? 0),
            ),
            backgroundColor: CHART_SERIES.map((series) => series.color),
          },
        ],
      },
    };
  });
}
