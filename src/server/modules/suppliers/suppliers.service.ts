import { and, count, desc, eq, sql } from 'drizzle-orm';
import { LIMITS } from '../../../shared/constants/limits';
import type { ProcedureType } from '../../../shared/constants/enums';
import type { PublicFilters } from '../../../shared/schemas/filters';
import {
  SUPPLIER_GROUP_SIZE,
  type SupplierContract,
  type SupplierDetailResponse,
  type SupplierListResponse,
  type SupplierTotals,
} from '../../../shared/schemas/suppliers';
import type { Database } from '../../db/client';
import { contracts } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { type Page, pageOffset, toPage } from '../../lib/pagination';
import type { AppDeps, OrganizationRow } from '../../types';
import { contractConditions } from '../contracts/contract-filters';
import { round } from '../contracts/contracts.presenter';
import { lastContractUpdate } from '../contracts/contracts.repository';
import { findSupplier, findSupplierPage, type SupplierAggregate, sumSupplierTotals } from './suppliers.repository';

function presentTotals(sums: Omit<SupplierAggregate, 'supplierId'>): SupplierTotals {
  return {
    totalCount: sums.publicCount + sums.invitationCount + sums.noBidCount,
    publicCount: sums.publicCount,
    invitationCount: sums.invitationCount,
    noBidCount: sums.noBidCount,
    total: round(sums.total),
    public: round(sums.public),
    invitation: round(sums.invitation),
    noBid: round(sums.noBid),
  };
}

/** A page of the suppliers of the filtered contracts, largest total first, with the totals of all of them. */
export async function listSuppliers(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
  page: number,
): Promise<SupplierListResponse> {
  const { db } = deps.database;
  const where = await contractConditions(db, organization.id, filters);
  const [{ rows, total }, sums, lastUpdate] = await Promise.all([
    findSupplierPage(db, where, { offset: pageOffset(page, LIMITS.pageSize), limit: LIMITS.pageSize }),
    sumSupplierTotals(db, where),
    lastContractUpdate(db, organization.id),
  ]);
  const docs = rows.map(({ supplierId, ...row }) => ({
    _id: supplierId,
    ...row,
    public: round(row.public),
    invitation: round(row.invitation),
    noBid: round(row.noBid),
    total: round(row.total),
  }));
  return {
    error: false,
    message: '',
    data: { ...toPage(docs, total, page, LIMITS.pageSize), totals: presentTotals(sums) },
    ...(lastUpdate ? { lastUpdate: lastUpdate.toISOString() } : {}),
  };
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
): Promise<SupplierDetailResponse> {
  const { db } = deps.database;
  const supplier = await findSupplier(db, organization.id, id);
  if (!supplier) throw notFound('El proveedor solicitado no existe.');
  const where = await contractConditions(db, organization.id, { ...filters, suppliers: [id] });
  const [sums, lastUpdate, ...groups] = await Promise.all([
    sumSupplierTotals(db, where),
    lastContractUpdate(db, organization.id),
    ...GROUPS.map(([, type]) => contractsOfType(db, where, type, { offset: 0, limit: SUPPLIER_GROUP_SIZE })),
  ]);
  const [publicGroup, invitationGroup, noBidGroup] = groups as Page<SupplierContract>[];
  return {
    error: false,
    message: '',
    data: {
      _id: supplier.id,
      supplier: { _id: supplier.id, name: supplier.name, updatedAt: supplier.updatedAt.toISOString() },
      totals: { ...presentTotals(sums), count: sums.contractsCount },
      public: { count: publicGroup!.total, docs: publicGroup!.docs },
      invitation: { count: invitationGroup!.total, docs: invitationGroup!.docs },
      noBid: { count: noBidGroup!.total, docs: noBidGroup!.docs },
    },
    ...(lastUpdate ? { lastUpdate: lastUpdate.toISOString() } : {}),
  };
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
  const result = await contractsOfType(db, where, procedureType, {
    offset: pageOffset(page, SUPPLIER_GROUP_SIZE),
    limit: SUPPLIER_GROUP_SIZE,
  });
  return { ...result, page, pages: Math.max(1, Math.ceil(result.total / SUPPLIER_GROUP_SIZE)) };
}

async function contractsOfType(
  db: Database,
  where: ReturnType<typeof sql>,
  procedureType: ProcedureType,
  page: { offset: number; limit: number },
): Promise<Page<SupplierContract>> {
  const ofType = and(where, eq(contracts.procedureType, procedureType));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        _id: contracts.id,
        servicesDescription: contracts.servicesDescription,
        totalOrMaxAmount: contracts.totalOrMaxAmount,
        contractDate: contracts.contractDate,
        procedureType: contracts.procedureType,
        procedureState: contracts.procedureState,
        category: contracts.category,
      })
      .from(contracts)
      .where(ofType)
      .orderBy(sql`${contracts.contractDate} DESC NULLS LAST`, desc(contracts.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(contracts).where(ofType),
  ]);
  return toPage(rows, counted?.total ?? 0, Math.floor(page.offset / page.limit) + 1, page.limit);
}
