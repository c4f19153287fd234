import { hasContractConditions } from '../../../shared/format/filter-conditions';
import type { PublicFilters } from '../../../shared/schemas/filters';

/**
 * Which pre-aggregated table can answer a question, from its filters alone. The tables are kept
 * exact by the database in every write (decision 0027), so the choice never depends on freshness.
 */

/**
 * Whether filters can be answered from contract_cube (every public filter but supplier and search;
 * with countedOnly the number of listed contracts is the cube's counted column).
 */
export function contractCubeServes(filters: Partial<PublicFilters>): boolean {
  return !filters.suppliers?.length && !filters.search && !hasContractConditions(filters);
}

/** Whether filters can be answered from supplier_cube (administration periods, procedure types, suppliers). */
export function supplierCubeServes(filters: Partial<PublicFilters>): boolean {
  return (
    !filters.search &&
    !filters.countedOnly &&
    !hasContractConditions(filters) &&
    !filters.fiscalYears?.length &&
    !filters.trimonths?.length &&
    !filters.administrativeUnits?.length
  );
}

/** Whether the suppliers list can be read from supplier_ranking (at most one administration period, nothing else). */
export function supplierRankingServes(filters: Partial<PublicFilters>): boolean {
  return (
    supplierCubeServes(filters) &&
    !filters.suppliers?.length &&
    !filters.procedureTypes?.length &&
    (filters.administrationPeriods?.length ?? 0) <= 1
  );
}

/**
 * Whether a search's figures per procedure type can be read from its kept figures (decision 0031),
 * when the monitor keeps that search: the search, with at most procedure types and countedOnly.
 */
export function keptSearchServes(filters: Partial<PublicFilters>): filters is Partial<PublicFilters> & {
  search: string;
} {
  return (
    Boolean(filters.search) &&
    !hasContractConditions(filters) &&
    !filters.administrationPeriods?.length &&
    !filters.fiscalYears?.length &&
    !filters.trimonths?.length &&
    !filters.administrativeUnits?.length &&
    !filters.suppliers?.length
  );
}
