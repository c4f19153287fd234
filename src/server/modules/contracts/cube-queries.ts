import { and, asc, between, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProcedureType } from '../../../shared/constants/enums';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { Database } from '../../db/client';
import { contractCube, supplierCube, supplierRanking, supplierRankingTotals } from '../../db/schema';
import {
  type FigureExpressions,
  pick,
  rankSuppliers,
  type SupplierFigures,
  toFigures,
} from '../suppliers/supplier-figures';

/** contract_cube rows matching the filters (callers check contractCubeServes first). */
function contractCubeWhere(organizationId: string, filters: Partial<PublicFilters>): SQL {
  const conditions: (SQL | undefined)[] = [eq(contractCube.organizationId, organizationId)];
  if (filters.administrationPeriods?.length) {
    conditions.push(inArray(contractCube.administrationPeriod, filters.administrationPeriods));
  }
  if (filters.fiscalYears?.length) conditions.push(inArray(contractCube.fiscalYear, filters.fiscalYears));
  if (filters.trimonths?.length) conditions.push(inArray(contractCube.period, filters.trimonths));
  if (filters.procedureTypes?.length)
    conditions.push(inArray(contractCube.procedureType, filters.procedureTypes));
  if (filters.administrativeUnits?.length) {
    conditions.push(
      or(
        inArray(contractCube.applicantAdministrativeUnitId, filters.administrativeUnits),
        inArray(contractCube.organizerAdministrativeUnitId, filters.administrativeUnits),
      ),
    );
  }
  return and(...conditions)!;
}

const sumInt = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

type TypeTotals = { procedureType: ProcedureType; contracts: number; count: number; amount: number };

/** Per procedure type, from either cube: every listed contract, and the count and amount under the one rule. */
function totalsByType(
  db: Database,
  cube: typeof contractCube | typeof supplierCube,
  where: SQL | undefined,
): Promise<TypeTotals[]> {
  return db
    .select({
      procedureType: cube.procedureType,
      contracts: sumInt(cube.contracts),
      count: sumInt(cube.counted),
      amount: sumInt(cube.amount),
    })
    .from(cube)
    .where(where)
    .groupBy(cube.procedureType);
}

/** Per procedure type: every listed contract, and the count and amount under the one rule for money. */
export function cubeTotalsByType(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
): Promise<TypeTotals[]> {
  return totalsByType(db, contractCube, contractCubeWhere(organizationId, filters));
}

/** Amount under the one rule, per quarter and procedure type. */
export async function cubeAmountsByPeriod(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
): Promise<{ period: string; procedureType: ProcedureType; amount: number }[]> {
  return db
    .select({
      period: contractCube.period,
      procedureType: contractCube.procedureType,
      amount: sumInt(contractCube.amount),
    })
    .from(contractCube)
    .where(contractCubeWhere(organizationId, filters))
    .groupBy(contractCube.period, contractCube.procedureType);
}

/** supplier_cube rows matching administration periods and procedure types (see supplierCubeServes). */
function supplierCubeWhere(
  organizationId: string,
  filters: Partial<PublicFilters>,
  supplierId?: string,
): SQL {
  const conditions: (SQL | undefined)[] = [eq(supplierCube.organizationId, organizationId)];
  if (supplierId) conditions.push(eq(supplierCube.supplierId, supplierId));
  if (filters.suppliers?.length) conditions.push(inArray(supplierCube.supplierId, filters.suppliers));
  if (filters.administrationPeriods?.length) {
    conditions.push(inArray(supplierCube.administrationPeriod, filters.administrationPeriods));
  }
  if (filters.procedureTypes?.length)
    conditions.push(inArray(supplierCube.procedureType, filters.procedureTypes));
  return and(...conditions)!;
}

const countedOf = (type?: ProcedureType) =>
  type
    ? sql<number>`coalesce(sum(${supplierCube.counted}) FILTER (WHERE ${supplierCube.procedureType} = ${type}), 0)`
    : sql<number>`coalesce(sum(${supplierCube.counted}), 0)`;
const amountOf = (type?: ProcedureType) =>
  type
    ? sql<number>`coalesce(sum(${supplierCube.amount}) FILTER (WHERE ${supplierCube.procedureType} = ${type}), 0)`
    : sql<number>`coalesce(sum(${supplierCube.amount}), 0)`;

const supplierAggregates: FigureExpressions = {
  contractsCount: sql<number>`coalesce(sum(${supplierCube.contracts}), 0)`,
  publicCount: countedOf('PUBLIC'),
  invitationCount: countedOf('INVITATION'),
  noBidCount: countedOf('NO_BID'),
  public: amountOf('PUBLIC'),
  invitation: amountOf('INVITATION'),
  noBid: amountOf('NO_BID'),
  total: amountOf(),
};

/** A page of suppliers, largest total first (name breaks ties), and how many suppliers there are. */
export function supplierCubePage(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
  page: { offset: number; limit: number },
) {
  return rankSuppliers(
    db,
    {
      table: supplierCube,
      supplierId: supplierCube.supplierId,
      figures: supplierAggregates,
      where: supplierCubeWhere(organizationId, filters),
    },
    page,
  );
}

/** Totals of every supplier matching the filters, or of one supplier. */
export async function supplierCubeTotals(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
  supplierId?: string,
): Promise<SupplierFigures> {
  const [row] = await db
    .select(supplierAggregates)
    .from(supplierCube)
    .where(supplierCubeWhere(organizationId, filters, supplierId));
  return toFigures(row);
}

/** Per procedure type, like cubeTotalsByType, for filters that include suppliers (see supplierCubeServes). */
export function supplierCubeTotalsByType(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
): Promise<TypeTotals[]> {
  return totalsByType(db, supplierCube, supplierCubeWhere(organizationId, filters));
}

/**
 * A page of the suppliers ranking (see supplierRankingServes) as a range of stored ranks, with the
 * number of suppliers and their stored totals: two index lookups, whatever the page.
 */
export async function supplierRankingPage(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
  page: { offset: number; limit: number },
) {
  const period = filters.administrationPeriods?.[0] ?? '';
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        supplierId: supplierRanking.supplierId,
        name: supplierRanking.name,
        ...pick(supplierRanking),
      })
      .from(supplierRanking)
      .where(
        and(
          eq(supplierRanking.organizationId, organizationId),
          eq(supplierRanking.administrationPeriod, period),
          between(supplierRanking.rank, page.offset + 1, page.offset + page.limit),
        ),
      )
      .orderBy(asc(supplierRanking.rank)),
    db
      .select()
      .from(supplierRankingTotals)
      .where(
        and(
          eq(supplierRankingTotals.organizationId, organizationId),
          eq(supplierRankingTotals.administrationPeriod, period),
        ),
      ),
  ]);
  return {
    rows: rows.map((row) => ({ supplierId: row.supplierId, name: row.name, ...toFigures(row) })),
    total: totals?.suppliers ?? 0,
    totals: toFigures(totals),
  };
}

/** How many listed contracts a supplier has of each procedure type. */
export async function supplierCubeContractsByType(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
  supplierId: string,
): Promise<Partial<Record<ProcedureType, number>>> {
  const rows = await db
    .select({ procedureType: supplierCube.procedureType, contracts: sumInt(supplierCube.contracts) })
    .from(supplierCube)
    .where(supplierCubeWhere(organizationId, filters, supplierId))
    .groupBy(supplierCube.procedureType);
  return Object.fromEntries(rows.map((row) => [row.procedureType, row.contracts]));
}
