import { LIMITS } from '../../../shared/constants/limits';
import type {
  ContractDetailResponse,
  ContractListResponse,
  ContractTotals,
} from '../../../shared/schemas/contracts';
import type { PublicFilters } from '../../../shared/schemas/filters';
import { notFound } from '../../lib/errors';
import { pageOffset, toPage } from '../../lib/pagination';
import { cacheKeyOf } from '../../lib/result-cache';
import type { AppDeps, OrganizationRow } from '../../types';
import { contractConditions } from './contract-filters';
import { presentContract, presentContractDetail, presentTotals } from './contracts.presenter';
import {
  type ContractWhere,
  countContracts,
  findContract,
  findContractPage,
  sumByProcedureType,
} from './contracts.repository';
import { cubeTotalsByType, supplierCubeTotalsByType } from './cube-queries';
import { contractCubeServes, ensureFreshCubes, supplierCubeServes } from './cubes';

/** Cache key of a computed result: the monitor, its data version, what and with which filters. */
export function resultKey(organization: OrganizationRow, kind: string, filters: object, extra = ''): string {
  return `${organization.id}@${organization.dataVersion}|${kind}|${cacheKeyOf(filters as Record<string, unknown>)}|${extra}`;
}

/** 'Última actualización' of the monitor's contracts, kept by triggers on the organization row. */
export function lastUpdateOf(organization: OrganizationRow): { lastUpdate?: string } {
  return organization.contractsUpdatedAt ? { lastUpdate: organization.contractsUpdatedAt.toISOString() } : {};
}

/** A page of the filtered contracts list, its totals (one rule for money) and the last update. */
export async function listContracts(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
  page: number,
): Promise<ContractListResponse> {
  return deps.cache.get(resultKey(organization, 'contracts', filters, String(page)), async () => {
    const where = await contractConditions(deps.database.db, organization.id, filters);
    const [rows, { total, totals }] = await Promise.all([
      findContractPage(deps.database.db, where, {
        offset: pageOffset(page, LIMITS.pageSize),
        limit: LIMITS.pageSize,
      }),
      countAndTotals(deps, organization, filters, where),
    ]);
    return {
      error: false as const,
      message: '',
      data: { ...toPage(rows.map(presentContract), total, page, LIMITS.pageSize), totals },
      ...lastUpdateOf(organization),
    };
  });
}

/**
 * How many contracts match (every state) and their totals under the one rule for money: from the
 * pre-aggregated cube when the filters allow it, otherwise from the contracts themselves.
 */
export async function countAndTotals(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
  where: ContractWhere,
): Promise<{ total: number; totals: ContractTotals }> {
  const { db } = deps.database;
  const cube = contractCubeServes(filters)
    ? cubeTotalsByType
    : supplierCubeServes(filters)
      ? supplierCubeTotalsByType
      : null;
  if (cube) {
    await ensureFreshCubes(deps, organization);
    const rows = await cube(db, organization.id, filters);
    const listed = (row: (typeof rows)[number]) => (filters.countedOnly ? row.count : row.contracts);
    return { total: rows.reduce((sum, row) => sum + listed(row), 0), totals: presentTotals(rows) };
  }
  const [total, sums] = await Promise.all([countContracts(db, where), sumByProcedureType(db, where)]);
  return { total, totals: presentTotals(sums) };
}

export async function contractTotals(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
): Promise<ContractTotals> {
  return deps.cache.get(resultKey(organization, 'contract-totals', filters), async () => {
    const where = await contractConditions(deps.database.db, organization.id, filters);
    return (await countAndTotals(deps, organization, filters, where)).totals;
  });
}

/** One contract of the monitor; another monitor's contract does not exist here (404). */
export async function getContract(
  deps: AppDeps,
  organization: OrganizationRow,
  id: string,
): Promise<ContractDetailResponse> {
  const row = await findContract(deps.database.db, organization.id, id);
  if (!row) throw notFound('El contrato solicitado no existe.');
  return { error: false, message: '', data: presentContractDetail(row), ...lastUpdateOf(organization) };
}
