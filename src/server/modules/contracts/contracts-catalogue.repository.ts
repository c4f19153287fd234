import { eq, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { administrativeUnits, contracts, suppliers } from '../../db/schema';
import { containsPattern } from '../../db/sql';
import { catalogueStore } from '../catalogues/catalogue.repository';
import type { JoinedSort } from '../catalogues/catalogue-order.repository';
import { supplierNameMatch } from './contract-filters.repository';

/** The contracts catalogue's reads: the table, its joins, search and named sorts (decision 0021). */

const organizer = alias(administrativeUnits, 'organizer_unit');
const applicant = alias(administrativeUnits, 'applicant_unit');
export type ContractCatalogueRow = {
  contract: typeof contracts.$inferSelect;
  supplierName: string | null;
  organizerName: string | null;
  applicantName: string | null;
};

/** Contracts with the names of their supplier and units. */
export const selectContractsWithNames = (db: Database) =>
  db
    .select({
      contract: contracts,
      supplierName: suppliers.name,
      organizerName: organizer.name,
      applicantName: applicant.name,
    })
    .from(contracts)
    .leftJoin(suppliers, eq(suppliers.id, contracts.supplierId))
    .leftJoin(organizer, eq(organizer.id, contracts.organizerAdministrativeUnitId))
    .leftJoin(applicant, eq(applicant.id, contracts.applicantAdministrativeUnitId));

/** One contract with its names (after a save). */
export async function findContractWithNames(
  db: Database,
  id: string,
): Promise<ContractCatalogueRow | undefined> {
  const [row] = await selectContractsWithNames(db).where(eq(contracts.id, id));
  return row;
}

/** Sorted by the name of the supplier or unit a column references. */
const byName = (through: PgColumn, table: typeof suppliers | typeof administrativeUnits): JoinedSort => ({
  through,
  table,
  id: table.id,
  name: table.name,
  organizationId: table.organizationId,
});

/** The named sorts, each read through an index at a million contracts. */
const contractSorts = {
  'supplier.name': byName(contracts.supplierId, suppliers),
  'organizerAdministrativeUnit.name': byName(contracts.organizerAdministrativeUnitId, administrativeUnits),
  'applicantAdministrativeUnit.name': byName(contracts.applicantAdministrativeUnitId, administrativeUnits),
  administrationPeriod: contracts.administrationPeriod,
  fiscalYear: contracts.fiscalYear,
  procedureType: contracts.procedureType,
  procedureState: contracts.procedureState,
  contractNumber: contracts.contractNumber,
  contractDate: contracts.contractDate,
  totalOrMaxAmount: contracts.totalOrMaxAmount,
  createdAt: contracts.createdAt,
};

/** Process id, contract number and description. */
const contractSearch = (text: string) => sql`${contracts.searchText} LIKE ${containsPattern(text)}`;

/** Contracts of suppliers whose name matches: the public search's lookup (contract-filters.ts). */
async function contractsOfSuppliersNamed(db: Database, organizationId: string, text: string) {
  return (await supplierNameMatch(db, organizationId, containsPattern(text))) ?? sql`false`;
}

/** The contracts catalogue's table, read with its names, searched and sorted as above. */
export const contractStore = catalogueStore({
  table: contracts,
  select: selectContractsWithNames,
  sortable: contractSorts,
  search: contractSearch,
  searchWith: contractsOfSuppliersNamed,
});
