import { and, asc, between, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProcedureType } from '../../../shared/constants/enums';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { Database } from '../../db/client';
import {
  contractCube,
  supplierCube,
  supplierRanking,
  supplierRankingTotals,
  suppliers,
} from '../../db/schema';

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

const supplierAggregates = {
  contractsCount: sql<number>`coalesce(sum(${supplierCube.contracts}), 0)`.mapWith(Number),
  publicCount: countedOf('PUBLIC').mapWith(Number),
  invitationCount: countedOf('INVITATION').mapWith(Number),
  noBidCount: countedOf('NO_BID').mapWith(Number),
  public: amountOf('PUBLIC').mapWith(Number),
  invitation: amountOf('INVITATION').mapWith(Number),
  noBid: amountOf('NO_BID').mapWith(Number),
  total: amountOf().mapWith(Number),
};

/** A page of suppliers, largest total first (name breaks ties), and how many suppliers there are. */
export async function supplierCubePage(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
  page: { offset: number; limit: number },
) {
  const where = supplierCubeWhere(organizationId, filters);
  const named = Object.fromEntries(
    Object.entries(supplierAggregates).map(([key, value]) => [key, sql`${value}`.mapWith(Number).as(key)]),
  ) as { [K in keyof typeof supplierAggregates]: SQL.Aliased<number> };
  const grouped = db
    .select({ supplierId: supplierCube.supplierId, ...named })
    .from(supplierCube)
    .where(where)
    .groupBy(supplierCube.supplierId)
    .as('grouped');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        supplierId: grouped.supplierId,
        name: suppliers.name,
        contractsCount: grouped.contractsCount,
        publicCount: grouped.publicCount,
        invitationCount: grouped.invitationCount,
        noBidCount: grouped.noBidCount,
        public: grouped.public,
        invitation: grouped.invitation,
        noBid: grouped.noBid,
        total: grouped.total,
      })
      .from(grouped)
      .innerJoin(suppliers, eq(suppliers.id, grouped.supplierId))
      .orderBy(sql`${grouped.total} DESC`, suppliers.name, grouped.supplierId)
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(DISTINCT ${supplierCube.supplierId})`.mapWith(Number) })
      .from(supplierCube)
      .where(where),
  ]);
  return { rows: rows.map((row) => numeric(row)), total: counted?.total ?? 0 };
}

/** Totals of every supplier matching the filters, or of one supplier. */
export async function supplierCubeTotals(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
  supplierId?: string,
) {
  const [row] = await db
    .select(supplierAggregates)
    .from(supplierCube)
    .where(supplierCubeWhere(organizationId, filters, supplierId));
  return numeric(
    row ?? {
      contractsCount: 0,
      publicCount: 0,
      invitationCount: 0,
      noBidCount: 0,
      public: 0,
      invitation: 0,
      noBid: 0,
      total: 0,
    },
  );
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
        contractsCount: supplierRanking.contractsCount,
        publicCount: supplierRanking.publicCount,
        invitationCount: supplierRanking.invitationCount,
        noBidCount: supplierRanking.noBidCount,
        public: supplierRanking.public,
        invitation: supplierRanking.invitation,
        noBid: supplierRanking.noBid,
        total: supplierRanking.total,
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
  const {
    suppliers: total = 0,
    organizationId: _,
    administrationPeriod: __,
    ...sums
  } = totals ?? {
    contractsCount: 0,
    publicCount: 0,
    invitationCount: 0,
    noBidCount: 0,
    public: 0,
    invitation: 0,
    noBid: 0,
    total: 0,
  };
  return { rows: rows.map((row) => numeric(row)), total, totals: numeric(sums) };
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

/** Subquery aggregates come back as text or numbers depending on the driver: always numbers. */
function numeric<T extends Record<string, unknown>>(row: T): T {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      key === 'supplierId' || key === 'name' ? value : Number(value),
    ]),
  ) as T;
}
