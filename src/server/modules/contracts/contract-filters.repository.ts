import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONTRACT_DOCUMENT_FIELDS, type ContractDocument } from '../../../shared/constants/enums';
import { CONTRACT_FIELDS } from '../../../shared/contracts/fields';
import { ANY_RED_FLAG } from '../../../shared/red-flags/definitions';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { Database } from '../../db/client';
import { contracts, suppliers } from '../../db/schema';
import { containsPattern, sqlArray } from '../../db/sql';

/** Up to this many suppliers matching a search are looked up first and passed as a list of ids. */
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
  return (await contractConditionParts(db, organizationId, filters)).where;
}

export interface ContractConditionParts {
  base: SQL;
  search?: SQL;
  where: SQL;
}

/**
 * The same WHERE, and apart its two parts: every filter but the search (`base`) and the search
 * alone (`search`), for a page that first walks the list order (contracts.service).
 */
export async function contractConditionParts(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
): Promise<ContractConditionParts> {
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
  if (filters.procedureStates?.length)
    conditions.push(inArray(contracts.procedureState, filters.procedureStates));
  if (filters.categories?.length) conditions.push(inArray(contracts.category, filters.categories));
  for (const document of filters.withoutDocuments ?? []) conditions.push(absent(documentColumn(document)));
  if (filters.limitExceeded) conditions.push(sql`${contracts.limitExceeded} IS TRUE`);
  if (filters.withoutFolio) conditions.push(absent(contracts.contractId));
  if (filters.redFlags?.length) conditions.push(flagged(filters.redFlags));
  const base = and(...conditions)!;
  if (!filters.search) return { base, where: base };
  const search = await searchCondition(db, organizationId, filters.search);
  return { base, search, where: and(base, search)! };
}

/** The contract raised one of these red flags, or any ('ANY'): the flags the refresh keeps (decision 0052). */
function flagged(codes: readonly string[]): SQL {
  const any = codes.includes(ANY_RED_FLAG);
  return sql`EXISTS (SELECT 1 FROM contract_flags f WHERE f.contract_id = ${contracts.id}${
    any ? sql`` : sql` AND f.code = ANY(${sqlArray(codes, 'text')})`
  })`;
}

/** The column of a document's link (shared CONTRACT_DOCUMENT_FIELDS, the field's column). */
const documentColumn = (document: ContractDocument): AnyPgColumn =>
  contracts[CONTRACT_FIELDS[CONTRACT_DOCUMENT_FIELDS[document]].column];

/** Empty or missing text: a link or folio the contract does not have (the index's variables count the same way). */
export const absent = (column: AnyPgColumn): SQL => sql`coalesce(${column}, '') = ''`;

/** The search alone: the contract's text, or its supplier's name, contains the words. */
function searchCondition(db: Database, organizationId: string, search: string): Promise<SQL> {
  return patternCondition(db, organizationId, containsPattern(search));
}

/**
 * The search by its LIKE pattern (containsPattern's, as a monitor keeps it, decision 0031): the
 * contract's text, or its live supplier's name, is LIKE it.
 */
export async function patternCondition(db: Database, organizationId: string, pattern: SQL): Promise<SQL> {
  const named = await supplierNameMatch(db, organizationId, pattern);
  const text = sql`${contracts.searchText} LIKE ${pattern}`;
  return named ? or(text, named)! : text;
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
