import { hasContractConditions } from '../../../shared/format/filter-conditions';
import { ANY_RED_FLAG } from '../../../shared/red-flags/definitions';
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

/**
 * The flag whose flag_cube rows answer the filters ('ANY' when any flag is asked for), or undefined:
 * one flag (or any) and otherwise what contract_cube answers. Chosen flags' cubes cannot be summed
 * (a contract may carry several). flag_cube answers only while it is current (figures.ts asks).
 */
export function flagCubeCode(filters: Partial<PublicFilters>): string | undefined {
  const codes = filters.redFlags;
  if (!codes?.length) return undefined;
  const { redFlags: _flags, ...rest } = filters;
  if (!contractCubeServes(rest)) return undefined;
  if (codes.includes(ANY_RED_FLAG)) return ANY_RED_FLAG;
  return new Set(codes).size === 1 ? codes[0] : undefined;
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
