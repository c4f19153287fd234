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
import { contractConditions } from './contract-filters';
import { presentContract, presentContractDetail, presentTotals } from './contracts.presenter';
import {
  countContracts,
  findContract,
  findContractPage,
  lastContractUpdate,
  sumByProcedureType,
} from './contracts.repository';

/** A page of the filtered contracts list, its totals (one rule for money) and the last update. */
export async function listContracts(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
  page: number,
): Promise<ContractListResponse> {
  const { db } = deps.database;
  const where = await contractConditions(db, organization.id, filters);
  const [rows, total, sums, lastUpdate] = await Promise.all([
    findContractPage(db, where, { offset: pageOffset(page, LIMITS.pageSize), limit: LIMITS.pageSize }),
    countContracts(db, where),
    sumByProcedureType(db, where),
    lastContractUpdate(db, organization.id),
  ]);
  return {
    error: false,
    message: '',
    data: { ...toPage(rows.map(presentContract), total, page, LIMITS.pageSize), totals: presentTotals(sums) },
    ...(lastUpdate ? { lastUpdate: lastUpdate.toISOString() } : {}),
  };
}

export async function contractTotals(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
): Promise<ContractTotals> {
  const { db } = deps.database;
  return presentTotals(await sumByProcedureType(db, await contractConditions(db, organization.id, filters)));
}

/** One contract of the monitor; another monitor's contract does not exist here (404). */
export async function getContract(
  deps: AppDeps,
  organization: OrganizationRow,
  id: string,
): Promise<ContractDetailResponse> {
  const { db } = deps.database;
  const [row, lastUpdate] = await Promise.all([
    findContract(db, organization.id, id),
    lastContractUpdate(db, organization.id),
  ]);
  if (!row) throw notFound('El contrato solicitado no existe.');
  return {
    error: false,
    message: '',
    data: presentContractDetail(row),
    ...(lastUpdate ? { lastUpdate: lastUpdate.toISOString() } : {}),
  };
}
