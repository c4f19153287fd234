import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { Database } from '../../db/client';
import { contracts, suppliers } from '../../db/schema';
import { containsPattern } from '../../db/sql';

/** Up to this many suppliers matching a search are looked up first and passed as a list of ids. */
const MAX_NAME_MATCHES = 2_000;

/**
 * The WHERE clause of every public contract query: the monitor, not deleted, and each public
 * filter. The search is accent- and case-insensitive over process id, contract number and
 * description (trigram index) and over the supplier's name; the text is only ever a bound
 * parameter. `walkListOrder` is for a page of a search with many matches (see listOrderWalk).
 */
export async function contractConditions(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
  options: { walkListOrder?: boolean } = {},
): Promise<SQL> {
  const conditions: (SQL | undefined)[] = [
    eq(contracts.organizationId, organizationId),
    isNull(contracts.deletedAt),
  ];
  if (filters.administrationPeriods?.length) {
    conditions.push(inArray(contracts.administrationPeriod, filters.administrationPeriods));
  }
  if (filters.fiscalYears?.length) conditions.push(inArray(contracts.fiscalYear, filters.fiscalYears));
  if (filters.trimonths?.length) conditions.push(inArray(contracts.period, filters.trimonths));
  if (filters.procedureTypes?.length)
    conditions.push(inArray(contracts.procedureType, filters.procedureTypes));
  if (filters.administrativeUnits?.length) {
    conditions.push(
      or(
        inArray(contracts.applicantAdministrativeUnitId, filters.administrativeUnits),
        inArray(contracts.organizerAdministrativeUnitId, filters.administrativeUnits),
      ),
    );
  }
  if (filters.suppliers?.length) conditions.push(inArray(contracts.supplierId, filters.suppliers));
  if (filters.countedOnly) conditions.push(countsInTotals);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    const named = await supplierNameMatch(db, organizationId, pattern);
    // Walking the list order: the same test, written so the trigram index cannot serve it and the
    // planner reads the order index, checking each row, instead of collecting every match and sorting.
    const text = options.walkListOrder
      ? sql`(${contracts.searchText} || '') LIKE ${pattern}`
      : sql`${contracts.searchText} LIKE ${pattern}`;
    conditions.push(named ? or(text, named) : text);
  }
  return and(...conditions)!;
}

/**
 * Looked up first, so the contract query can combine two index scans (trigram on the contract
 * text, supplier id) instead of scanning every contract. A vague search matching more suppliers
 * than that ('many') still finds all their contracts, through a subquery.
 */
async function suppliersNamed(
  db: Database,
  organizationId: string,
  pattern: SQL,
): Promise<string[] | 'many'> {
  const rows = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.organizationId, organizationId),
        isNull(suppliers.deletedAt),
        sql`${suppliers.searchName} LIKE ${pattern}`,
      ),
    )
    .orderBy(asc(suppliers.id))
    .limit(MAX_NAME_MATCHES + 1);
  return rows.length > MAX_NAME_MATCHES ? 'many' : rows.map((row) => row.id);
}

/**
 * Contracts whose supplier's name matches `pattern` (containsPattern), or undefined when no live
 * supplier of the monitor does: the public search and the contracts catalogue's search both use it.
 */
export async function supplierNameMatch(
  db: Database,
  organizationId: string,
  pattern: SQL,
): Promise<SQL | undefined> {
  const named = await suppliersNamed(db, organizationId, pattern);
  if (named === 'many') return namedSubquery(organizationId, pattern);
  return named.length > 0 ? inArray(contracts.supplierId, named) : undefined;
}

function namedSubquery(organizationId: string, pattern: SQL): SQL {
  return sql`${contracts.supplierId} IN (SELECT ${suppliers.id} FROM ${suppliers}
    WHERE ${suppliers.organizationId} = ${organizationId} AND ${suppliers.deletedAt} IS NULL
      AND ${suppliers.searchName} LIKE ${pattern})`;
}

/**
 * The one rule for money (COUNTED_PROCEDURE_STATE and AMENDMENT_CATEGORIES in shared, as the
 * generated column `counts_in_totals`): only these contracts count in sums and money counts.
 */
export const countsInTotals = sql`${contracts.countsInTotals}`;

/** The filtered contracts a query reads, as contractConditions builds them: services pass it along unread. */
export type ContractWhere = SQL;

/** Rows a page may read along the list order before collecting the matches and sorting them is cheaper. */
const WALK_LIMIT = 10_000;

/**
 * Whether a page of a search should walk the list-order index (reading about
 * (offset + limit) × population / matching rows) rather than collect every match through the
 * trigram index and sort them: a frequent word ('pavimentacion', 1% of 5 million contracts) is
 * found in a few thousand steps along the order, a rare one only through its index.
 */
export function listOrderWalk(
  filters: Partial<PublicFilters>,
  page: { offset: number; limit: number },
  counts: { matching: number; population: number },
): boolean {
  if (!filters.search || counts.matching === 0) return false;
  return ((page.offset + page.limit) * counts.population) / counts.matching <= WALK_LIMIT;
}
