import type { ProcedureType } from '../../../shared/constants/enums';
import { LIMITS } from '../../../shared/constants/limits';
import type { ContractRelations, PublicRelations } from '../../../shared/contracts/relations';
import { ANY_RED_FLAG } from '../../../shared/red-flags/definitions';
import type {
  ContractDetailResponse,
  ContractListResponse,
  ContractTotals,
} from '../../../shared/schemas/contracts';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { SupplierBid } from '../../../shared/schemas/suppliers';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { pageOffset, toPage } from '../../lib/pagination';
import type { AppDeps, OrganizationRow } from '../../types';
import { contractBackups, newestCopies } from '../backups/backups.service';
import { figures } from '../figures/figures';
import { resultKey } from '../figures/result-keys';
import { contractFlags, listedFlags } from '../red-flags/red-flags.service';
import { type ContractConditionParts, contractConditionParts } from './contract-filters.repository';
import { bidsLost, relationsOf, relationsOfMany } from './contract-relations.repository';
import {
  presentContract,
  presentContractDetail,
  presentRelations,
  presentTotals,
} from './contracts.presenter';
import {
  type ContractDetailRow,
  countContracts,
  findContract,
  findContractPage,
  findContractPageAlongOrder,
  findFlaggedContractPage,
} from './contracts.repository';

/**
 * Rows of the list order a search page may read before its count is known: a frequent word
 * ('pavimentacion', 1% of the contracts) fills a page of 10 within about a thousand of them.
 */
const WALK_LIMIT = 10_000;

/**
 * A page of the filtered contracts list and its totals (one rule for money). A search's page is
 * first looked for along the list order while its count runs beside it (a frequent word); only
 * when the page is not among the first WALK_LIMIT rows are the matches collected and sorted (a
 * rare word, through the trigram index).
 */
export async function listContracts(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
  page: number,
): Promise<ContractListResponse['data']> {
  return deps.cache.get(resultKey(organization, 'contracts', filters, String(page)), async () => {
    const { db } = deps.database;
    const window = { offset: pageOffset(page, LIMITS.pageSize), limit: LIMITS.pageSize };
    // Built once (a search looks its suppliers up) for the walk and, when needed, the sorted page.
    const conditions = contractConditionParts(db, organization.id, filters);
    const [{ total, totals }, walked, flaggedOnly] = await Promise.all([
      countAndTotals(deps, organization, filters),
      conditions.then((parts) => searchPageAlongOrder(db, parts, window)),
      // The tile of listed contracts with red flags: the same figures with any flag asked for (what
      // following the tile lists); with flags already chosen, every listed contract has one.
      filters.redFlags?.length
        ? undefined
        : countAndTotals(deps, organization, { ...filters, redFlags: [ANY_RED_FLAG] }),
    ]);
    const rows =
      walked ??
      (window.offset < total
        ? await contractPage(db, organization.id, filters, (await conditions).where, window)
        : []);
    // Each row's red flags, for its tags (the refresh bumps the data version when they change).
    const flags = await listedFlags(
      deps,
      organization.id,
      rows.map((row) => row.id),
    );
    const listed = rows.map((row) => presentContract({ ...row, redFlags: flags.get(row.id) ?? [] }));
    return { ...toPage(listed, total, page, LIMITS.pageSize), totals, flagged: flaggedOnly?.total ?? total };
  });
}

/** A page of the list: along one red flag's rows when the filters ask for exactly one, else along the contracts. */
function contractPage(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
  where: ContractConditionParts['where'],
  window: { offset: number; limit: number },
) {
  const codes = new Set(filters.redFlags ?? []);
  const [code] = codes;
  return codes.size === 1 && code !== ANY_RED_FLAG
    ? findFlaggedContractPage(db, organizationId, code!, where, window)
    : findContractPage(db, where, window);
}

async function searchPageAlongOrder(
  db: Database,
  { base, search }: ContractConditionParts,
  window: { offset: number; limit: number },
) {
  if (!search || window.offset + window.limit > WALK_LIMIT) return undefined;
  const rows = await findContractPageAlongOrder(db, base, search, window, WALK_LIMIT);
  return rows.length === window.limit ? rows : undefined;
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

/** One contract of the monitor with its joined names; another monitor's contract does not exist here (404). */
async function existingContract(deps: Pick<AppDeps, 'database'>, organizationId: string, id: string) {
  const row = await findContract(deps.database.db, organizationId, id);
  if (!row) throw notFound('El contrato solicitado no existe.');
  return row;
}

/** One contract of the monitor; another monitor's contract does not exist here (404). */
export async function getContract(
  deps: AppDeps,
  organization: OrganizationRow,
  id: string,
): Promise<ContractDetailResponse['data']> {
  const row = await existingContract(deps, organization.id, id);
  const relations = await relationsWithCopies(deps, organization.id, row);
  return presentContractDetail(
    row,
    await contractBackups(deps.database.db, organization.id, row),
    relations,
    await contractFlags(deps, organization.id, row.id, {
      procedureType: row.procedureType,
      procedureState: row.procedureState,
      fiscalYear: row.fiscalYear,
      contractDate: row.contractDate,
      informationDate: row.informationDate,
      amount: row.totalOrMaxAmount,
      countsInTotals: row.countsInTotals === true,
      category: row.category,
      supplierId: row.supplierId,
      supplierRfc: row.supplierRfc,
      bidders: relations.bidders.length,
      limitExceeded: row.limitExceeded,
    }),
  );
}

/** What a contract keeps beside its fields, with its amendments' kept copies, as the detail gives it. */
async function relationsWithCopies(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
  row: ContractDetailRow,
): Promise<PublicRelations> {
  const { db } = deps.database;
  const relations = await relationsOf(db, organizationId, row.id);
  const links = relations.amendments.flatMap((amendment) => (amendment.url ? [amendment.url] : []));
  return presentRelations(
    relations,
    { name: row.supplierName, rfc: row.supplierRfc },
    links.length > 0 ? await newestCopies(db, organizationId, links) : new Map(),
  );
}

/** What one of the monitor's contracts keeps beside its fields, as the detail gives it (the contract form); 404 if it is not one. */
export async function contractRelations(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
  contractId: string,
): Promise<PublicRelations> {
  return relationsWithCopies(deps, organizationId, await existingContract(deps, organizationId, contractId));
}

/** What many of the monitor's contracts keep beside their fields, by contract id (absent: nothing). */
export function relationsOfContracts(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
  contractIds: readonly string[],
): Promise<Map<string, ContractRelations>> {
  return relationsOfMany(deps.database.db, organizationId, contractIds);
}

/** A page of the contracts a supplier of the monitor bid for without winning (the supplier page). */
export async function supplierBidsLost(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
  supplier: { id: string; name: string; rfc: string | null },
  page: { offset: number; limit: number },
): Promise<{ docs: SupplierBid[]; total: number }> {
  const { rows, total } = await bidsLost(deps.database.db, organizationId, supplier, page);
  return {
    total,
    docs: rows.map((row) => ({
      _id: row.id,
      contractId: row.contractId,
      contractNumber: row.contractNumber,
      servicesDescription: row.servicesDescription,
      procedureType: row.procedureType,
      contractDate: row.contractDate,
      totalOrMaxAmount: row.totalOrMaxAmount,
      winner: row.winnerId && row.winnerName ? { _id: row.winnerId, name: row.winnerName } : null,
    })),
  };
}

/** How many contracts match `where` (the contract filters' condition), optionally of one procedure type only. */
export function countMatching(
  deps: Pick<AppDeps, 'database'>,
  where: ContractConditionParts['where'],
  procedureType?: ProcedureType,
): Promise<number> {
  return countContracts(deps.database.db, where, procedureType);
}

/** The four documents of one of the monitor's contracts and their copies (the contract form); 404 if it is not one. */
export async function contractDocumentCopies(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
  contractId: string,
) {
  const contract = await existingContract(deps, organizationId, contractId);
  return contractBackups(deps.database.db, organizationId, contract);
}
