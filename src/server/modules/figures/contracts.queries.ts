import { and, type SQL, sql } from 'drizzle-orm';
import type { ProcedureType } from '../../../shared/constants/enums';
import type { Database } from '../../db/client';
import { contracts } from '../../db/schema';
import { countsInTotals } from '../contracts/contract-filters.repository';
import type { PeriodFigures, TypeFigures } from './figures.types';
import { type SupplierFigures, toFigures } from './supplier-figures';
import type { FigureExpressions } from './supplier-figures.queries';
import { rankSuppliers } from './supplier-figures.queries';

/**
 * Figures summed over the contracts themselves, for the questions no pre-aggregated table can
 * answer (a search, a supplier with other filters). Each is one pass over the matching contracts.
 */

const amount = sql`coalesce(sum(${contracts.totalOrMaxAmount}) FILTER (WHERE ${countsInTotals}), 0)`;

/** Per procedure type, in one pass: every listed contract, and the count and amount under the one rule. */
export async function contractTotalsByType(db: Database, where: SQL): Promise<TypeFigures[]> {
  const rows = await db
    .select({
      procedureType: contracts.procedureType,
      listed: sql<number>`count(*)`.mapWith(Number),
      counted: sql<number>`count(*) FILTER (WHERE ${countsInTotals})`.mapWith(Number),
      amount: amount.mapWith(Number),
    })
    .from(contracts)
    .where(where)
    .groupBy(contracts.procedureType);
  return rows;
}

/** Per quarter and procedure type (the home bar chart), in one pass. */
export async function contractTotalsByPeriod(db: Database, where: SQL): Promise<PeriodFigures[]> {
  return db
    .select({
      period: contracts.period,
      procedureType: contracts.procedureType,
      listed: sql<number>`count(*)`.mapWith(Number),
      counted: sql<number>`count(*) FILTER (WHERE ${countsInTotals})`.mapWith(Number),
      amount: amount.mapWith(Number),
    })
    .from(contracts)
    .where(where)
    .groupBy(contracts.period, contracts.procedureType);
}

const inTotals = (type?: ProcedureType) =>
  type ? sql`${countsInTotals} AND ${contracts.procedureType} = ${type}` : countsInTotals;
const amountOf = (type?: ProcedureType) =>
  sql<number>`coalesce(sum(${contracts.totalOrMaxAmount}) FILTER (WHERE ${inTotals(type)}), 0)`;
const countOf = (type?: ProcedureType) => sql<number>`count(*) FILTER (WHERE ${inTotals(type)})`;

/** Per supplier: every listed contract, and the counts and sums of those that count in totals. */
const aggregates: FigureExpressions = {
  contractsCount: sql<number>`count(*)`,
  publicCount: countOf('PUBLIC'),
  invitationCount: countOf('INVITATION'),
  noBidCount: countOf('NO_BID'),
  public: amountOf('PUBLIC'),
  invitation: amountOf('INVITATION'),
  noBid: amountOf('NO_BID'),
  total: amountOf(),
};

const withSupplier = (where: SQL) => and(where, sql`${contracts.supplierId} IS NOT NULL`);

/**
 * A page of suppliers of the filtered contracts, largest total first, with the number of
 * suppliers in the whole filtered set.
 */
export function contractSupplierPage(db: Database, where: SQL, page: { offset: number; limit: number }) {
  return rankSuppliers(
    db,
    { table: contracts, supplierId: contracts.supplierId, figures: aggregates, where: withSupplier(where) },
    page,
  );
}

/** Totals of the filtered contracts with a supplier (the tiles and the TOTAL row). */
export async function contractSupplierTotals(db: Database, where: SQL): Promise<SupplierFigures> {
  const [row] = await db.select(aggregates).from(contracts).where(withSupplier(where));
  return toFigures(row);
}
