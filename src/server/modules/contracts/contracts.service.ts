import { LIMITS } from '../../../shared/constants/limits';
import type {
  ContractDetailResponse,
  ContractListResponse,
  ContractTotals,
} from '../../../shared/schemas/contracts';
import type { PublicFilters } from '../../../shared/schemas/filters';
import { notFound } from '../../lib/errors';
import { pageOffset, toPage } from '../../lib/pagination';
import type { AppDeps, OrganizationRow } from '../../types';
import { contractConditions, listOrderWalk } from '../figures/contract-filters.queries';
import { figures } from '../figures/figures';
import { resultKey } from '../figures/result-keys';
import { presentContract, presentContractDetail, presentTotals } from './contracts.presenter';
import { findContract, findContractPage } from './contracts.repository';

/** A page of the filtered contracts list and its totals (one rule for money). */
export async function listContracts(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
  page: number,
): Promise<ContractListResponse['data']> {
  return deps.cache.get(resultKey(organization, 'contracts', filters, String(page)), async () => {
    const { db } = deps.database;
    const offset = pageOffset(page, LIMITS.pageSize);
    const { total, totals } = await countAndTotals(deps, organization, filters);
    const window = { offset, limit: LIMITS.pageSize };
    const population = filters.search ? (await countAndTotals(deps, organization, {})).total : total;
    const where = await contractConditions(db, organization.id, filters, {
      walkListOrder: listOrderWalk(filters, window, { matching: total, population }),
    });
    const rows = offset < total ? await findContractPage(db, where, window) : [];
    return { ...toPage(rows.map(presentContract), total, page, LIMITS.pageSize), totals };
  });
}

/** How many contracts match (every state) and their totals under the one rule for money. */
export async function countAndTotals(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
): Promise<{ total: number; totals: ContractTotals }> {
  const rows = await figures(deps, organization, { filters, grouping: 'procedureType' });
  return { total: rows.reduce((sum, row) => sum + row.listed, 0), totals: presentTotals(rows) };
}

export async function contractTotals(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
): Promise<ContractTotals> {
  return (await countAndTotals(deps, organization, filters)).totals;
}

/** One contract of the monitor; another monitor's contract does not exist here (404). */
export async function getContract(
  deps: AppDeps,
  organization: OrganizationRow,
  id: string,
): Promise<ContractDetailResponse['data']> {
  const row = await findContract(deps.database.db, organization.id, id);
  if (!row) throw notFound('El contrato solicitado no existe.');
  return presentContractDetail(row);
}
