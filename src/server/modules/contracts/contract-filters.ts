import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { Database } from '../../db/client';
import { contracts, suppliers } from '../../db/schema';
import { containsPattern } from '../../lib/sql';

/** Suppliers whose name matches a search, at most this many (a search matching more is too vague to help). */
const MAX_NAME_MATCHES = 2_000;

/**
 * The WHERE clause of every public contract query: the monitor, not deleted, and each public
 * filter. The search is accent- and case-insensitive over process id, contract number and
 * description (trigram index) and over the supplier's name; the text is only ever a bound
 * parameter.
 */
export async function contractConditions(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
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
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    const named = await suppliersNamed(db, organizationId, pattern);
    conditions.push(
      named.length > 0
        ? or(sql`${contracts.searchText} LIKE ${pattern}`, inArray(contracts.supplierId, named))
        : sql`${contracts.searchText} LIKE ${pattern}`,
    );
  }
  return and(...conditions)!;
}

/**
 * Looked up first, so the contract query can combine two index scans (trigram on the contract
 * text, supplier id) instead of scanning every contract.
 */
async function suppliersNamed(db: Database, organizationId: string, pattern: SQL): Promise<string[]> {
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
    .limit(MAX_NAME_MATCHES);
  return rows.map((row) => row.id);
}

/** The one rule for money: only these contracts count in sums and money counts. */
export const countsInTotals = sql`${contracts.countsInTotals}`;
