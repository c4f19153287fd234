import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProcedureType } from '../../../shared/constants/enums';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { Database } from '../../db/client';
import {
  contractCube,
  flagCube,
  flagCubeState,
  supplierCube,
  supplierRanking,
  supplierRankingTotals,
} from '../../db/schema';
import type { PeriodFigures, TypeFigures } from './figures.types';
import { pick, type SupplierFigures, toFigures } from './supplier-figures';
import type { FigureExpressions } from './supplier-figures.queries';
import { rankSuppliers } from './supplier-figures.queries';

/** A cube over contract_cube's dimensions: contract_cube itself, or flag_cube (one flag's contracts). */
type DimensionCube = typeof contractCube | typeof flagCube;

/**
 * The cube's rows matching the filters (callers check contractCubeServes, or flagCubeCode, first):
 * contract_cube's, or with a flag ('ANY' for any) flag_cube's rows of that flag.
 */
function cubeWhere(organizationId: string, filters: Partial<PublicFilters>, flag?: string): SQL {
  const cube: DimensionCube = flag ? flagCube : contractCube;
  const conditions: (SQL | undefined)[] = [eq(cube.organizationId, organizationId)];
  if (flag) conditions.push(eq(flagCube.code, flag));
  if (filters.administrationPeriods?.length) {
    conditions.push(inArray(cube.administrationPeriod, filters.administrationPeriods));
  }
  if (filters.fiscalYears?.length) conditions.push(inArray(cube.fiscalYear, filters.fiscalYears));
  if (filters.trimonths?.length) conditions.push(inArray(cube.period, filters.trimonths));
  if (filters.procedureTypes?.length) conditions.push(inArray(cube.procedureType, filters.procedureTypes));
  if (filters.administrativeUnits?.length) {
    conditions.push(
      or(
        inArray(cube.applicantAdministrativeUnitId, filters.administrativeUnits),
        inArray(cube.organizerAdministrativeUnitId, filters.administrativeUnits),
      ),
    );
  }
  return and(...conditions)!;
}

const sumInt = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** Per procedure type, from either cube: every listed contract, and the count and amount under the one rule. */
function totalsByType(
  db: Database,
  cube: DimensionCube | typeof supplierCube,
  where: SQL | undefined,
): Promise<TypeFigures[]> {
  return db
    .select({
      procedureType: cube.procedureType,
      listed: sumInt(cube.contracts),
      counted: sumInt(cube.counted),
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
  flag?: string,
): Promise<TypeFigures[]> {
  return totalsByType(db, flag ? flagCube : contractCube, cubeWhere(organizationId, filters, flag));
}

/** Per quarter and procedure type: listed contracts, and the count and amount under the one rule. */
export async function cubeTotalsByPeriod(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
  flag?: string,
): Promise<PeriodFigures[]> {
  const cube: DimensionCube = flag ? flagCube : contractCube;
  return db
    .select({
      period: cube.period,
      procedureType: cube.procedureType,
      listed: sumInt(cube.contracts),
      counted: sumInt(cube.counted),
      amount: sumInt(cube.amount),
    })
    .from(cube)
    .where(cubeWhere(organizationId, filters, flag))
    .groupBy(cube.period, cube.procedureType);
}

/** Whether the monitor's flag_cube was built at this data version of the monitor (else it must not answer). */
export async function flagCubeCurrent(
  db: Database,
  organizationId: string,
  dataVersion: number,
): Promise<boolean> {
  const rows = await db
    .select({ dataVersion: flagCubeState.dataVersion })
    .from(flagCubeState)
    .where(eq(flagCubeState.organizationId, organizationId));
  return rows[0]?.dataVersion === dataVersion;
}

/** supplier_cube rows matching administration periods and procedure types (see supplierCubeServes). */
function supplierCubeWhere(organizationId: string, filters: Partial<PublicFilters>): SQL {
  const conditions: (SQL | undefined)[] = [eq(supplierCube.organizationId, organizationId)];
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

/** Totals of every supplier matching the filters. */
export async function supplierCubeTotals(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
): Promise<SupplierFigures> {
  const [row] = await db
    .select(supplierAggregates)
    .from(supplierCube)
    .where(supplierCubeWhere(organizationId, filters));
  return toFigures(row);
}

/** Per procedure type, like cubeTotalsByType, for filters that include suppliers (see supplierCubeServes). */
export function supplierCubeTotalsByType(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
): Promise<TypeFigures[]> {
  return totalsByType(db, supplierCube, supplierCubeWhere(organizationId, filters));
}

/**
 * A page of the suppliers ranking (see supplierRankingServes): an ordered read of the index on
 * (monitor, period, total DESC, name, supplier), with the number of suppliers and their totals
 * stored per period. The trigger keeps all three exact in every write (decision 0027).
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
        ),
      )
      .orderBy(
        sql`${supplierRanking.total} DESC NULLS LAST`,
        asc(supplierRanking.name),
        asc(supplierRanking.supplierId),
      )
      .offset(page.offset)
      .limit(page.limit),
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
