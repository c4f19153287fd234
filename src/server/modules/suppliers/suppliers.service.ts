import type { ProcedureType } from '../../../shared/constants/enums';
import { LIMITS } from '../../../shared/constants/limits';
import { roundHundredths } from '../../../shared/format/money';
import type { PublicFilters } from '../../../shared/schemas/filters';
import {
  SUPPLIER_GROUP_SIZE,
  type SupplierBid,
  type SupplierContract,
  type SupplierDetailResponse,
  type SupplierListResponse,
  type SupplierRow,
  type SupplierTotals,
} from '../../../shared/schemas/suppliers';
import { notFound } from '../../lib/errors';
import { type Page, pageOffset, toPage } from '../../lib/pagination';
import type { AppDeps, OrganizationRow } from '../../types';
import { contractConditions } from '../contracts/contract-filters.repository';
import { countMatching, supplierBidsLost } from '../contracts/contracts.service';
import { figures, sumByType } from '../figures/figures';
import { resultKey } from '../figures/result-keys';
import { supplierFlags, suppliersFlags } from '../red-flags/red-flags.service';
import { presentTotals } from './suppliers.presenter';
import { findSupplier, findSupplierContracts } from './suppliers.repository';

/** A page of the suppliers of the filtered contracts, largest total first, with the totals of all of them. */
export async function listSuppliers(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
  page: number,
): Promise<SupplierListResponse['data']> {
  return deps.cache.get(resultKey(organization, 'suppliers', filters, String(page)), async () => {
    const window = await listSupplierWindow(deps, organization, filters, {
      offset: pageOffset(page, LIMITS.pageSize),
      limit: LIMITS.pageSize,
    });
    // Each row's flagged contracts and flags by kind, under the list's filters (one query for the page).
    const flags = await suppliersFlags(
      deps,
      await contractConditions(deps.database.db, organization.id, filters),
      window.rows.map((row) => row._id),
    );
    const rows = window.rows.map((row) => ({ ...row, redFlags: flags.get(row._id)! }));
    return { ...toPage(rows, window.total, page, LIMITS.pageSize), totals: window.totals };
  });
}

/**
 * Suppliers from `offset`, largest total first, with how many there are and their totals (the
 * figures engine reads them from wherever the filters allow).
 */
export async function listSupplierWindow(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
  window: { offset: number; limit: number },
  options: { cache?: boolean } = {},
): Promise<{ rows: SupplierRow[]; total: number; totals: SupplierTotals }> {
  const ranking = await figures(deps, organization, {
    filters,
    grouping: 'supplier',
    window,
    ...(options.cache === false ? { cache: false } : {}),
  });
  const rows = ranking.rows.map(({ supplierId, ...row }) => ({
    _id: supplierId,
    ...row,
    public: roundHundredths(row.public),
    invitation: roundHundredths(row.invitation),
    noBid: roundHundredths(row.noBid),
    total: roundHundredths(row.total),
  }));
  return { rows, total: ranking.groups, totals: presentTotals(ranking.totals) };
}

const GROUPS = [
  ['public', 'PUBLIC'],
  ['invitation', 'INVITATION'],
  ['noBid', 'NO_BID'],
] as const;

/**
 * A supplier of the monitor with its totals and, per procedure type, the number of contracts and
 * the most recent ones (the rest page by page, see supplierContracts).
 */
export async function getSupplierDetail(
  deps: AppDeps,
  organization: OrganizationRow,
  id: string,
  filters: Partial<PublicFilters>,
): Promise<SupplierDetailResponse['data']> {
  const { db } = deps.database;
  const supplier = await findSupplier(db, organization.id, id);
  if (!supplier) throw notFound('El proveedor solicitado no existe.');
  return deps.cache.get(resultKey(organization, `supplier:${id}`, filters), async () => {
    const scoped = { ...filters, suppliers: [id] };
    const [byType, where] = await Promise.all([
      figures(deps, organization, { filters: scoped, grouping: 'procedureType' }),
      contractConditions(db, organization.id, scoped),
    ]);
    const sums = sumByType(byType);
    const counts = Object.fromEntries(byType.map((row) => [row.procedureType, row.listed])) as Partial<
      Record<ProcedureType, number>
    >;
    const groups = await Promise.all(
      GROUPS.map(([, type]) =>
        findSupplierContracts(db, where, type, { offset: 0, limit: SUPPLIER_GROUP_SIZE }),
      ),
    );
    const [publicDocs = [], invitationDocs = [], noBidDocs = []] = groups;
    const lost = await supplierBidsLost(deps, organization.id, supplier, {
      offset: 0,
      limit: SUPPLIER_GROUP_SIZE,
    });
    const flags = await supplierFlags(deps, where);
    return {
      _id: supplier.id,
      supplier: { _id: supplier.id, name: supplier.name, updatedAt: supplier.updatedAt.toISOString() },
      totals: { ...presentTotals(sums), count: sums.contractsCount },
      public: { count: counts.PUBLIC ?? 0, docs: publicDocs },
      invitation: { count: counts.INVITATION ?? 0, docs: invitationDocs },
      noBid: { count: counts.NO_BID ?? 0, docs: noBidDocs },
      bidsLost: { count: lost.total, docs: lost.docs },
      redFlags: flags,
    };
  });
}

/** One page of the procedures a supplier bid for without winning, most recent first (every period). */
export async function supplierBids(
  deps: AppDeps,
  organization: OrganizationRow,
  id: string,
  page: number,
): Promise<Page<SupplierBid>> {
  const supplier = await findSupplier(deps.database.db, organization.id, id);
  if (!supplier) throw notFound('El proveedor solicitado no existe.');
  const { docs, total } = await supplierBidsLost(deps, organization.id, supplier, {
    offset: pageOffset(page, SUPPLIER_GROUP_SIZE),
    limit: SUPPLIER_GROUP_SIZE,
  });
  return toPage(docs, total, page, SUPPLIER_GROUP_SIZE);
}

/** One page of a supplier's contracts of one procedure type, most recent first. */
export async function supplierContracts(
  deps: AppDeps,
  organization: OrganizationRow,
  id: string,
  procedureType: ProcedureType,
  page: number,
  filters: Partial<PublicFilters>,
): Promise<Page<SupplierContract>> {
  const { db } = deps.database;
  const supplier = await findSupplier(db, organization.id, id);
  if (!supplier) throw notFound('El proveedor solicitado no existe.');
  const where = await contractConditions(db, organization.id, { ...filters, suppliers: [id] });
  const [docs, total] = await Promise.all([
    findSupplierContracts(db, where, procedureType, {
      offset: pageOffset(page, SUPPLIER_GROUP_SIZE),
      limit: SUPPLIER_GROUP_SIZE,
    }),
    countMatching(deps, where, procedureType),
  ]);
  return toPage(docs, total, page, SUPPLIER_GROUP_SIZE);
}
