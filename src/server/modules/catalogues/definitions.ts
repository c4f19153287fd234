import { and, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import {
  ORGANIZATION_MESSAGES,
  type OrganizationDoc,
  OrganizationDocSchema,
  OrganizationInputSchema,
  RESOURCE_MESSAGES,
  type ResourceDoc,
  ResourceDocSchema,
  ResourceInputSchema,
  SUPPLIER_MESSAGES,
  type SupplierDoc,
  SupplierDocSchema,
  SupplierInputSchema,
  UNIT_MESSAGES,
  type UnitDoc,
  UnitDocSchema,
  UnitInputSchema,
} from '../../../shared/schemas/catalogues';
import type { Database } from '../../db/client';
import { administrativeUnits, contracts, organizations, resources, suppliers } from '../../db/schema';
import { containsPattern } from '../../lib/sql';
import { contractCatalogue } from '../contracts/contracts.catalogue';
import type { AnyCatalogue, CatalogueDefinition } from './catalogue';

const folded = (column: unknown) => sql`lower(immutable_unaccent(${column}))`;
const iso = (value: Date) => value.toISOString();

/** Contracts (not deleted) that still name a row: a reason not to delete it. */
async function contractsUsing(db: Database, condition: ReturnType<typeof eq>): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contracts)
    .where(and(isNull(contracts.deletedAt), condition));
  return row?.total ?? 0;
}

const inUse = (what: string, total: number) =>
  `No es posible eliminar ${what}: ${total.toLocaleString('es-MX')} ${total === 1 ? 'contrato lo usa' : 'contratos lo usan'}. Reasigna o elimina esos contratos primero.`;

export const supplierCatalogue: CatalogueDefinition<
  typeof SupplierInputSchema,
  typeof suppliers.$inferSelect,
  SupplierDoc
> = {
  path: 'suppliers',
  permission: 'SUPPLIERS',
  scope: 'organization',
  table: suppliers,
  input: SupplierInputSchema,
  doc: SupplierDocSchema,
  sortable: {
    name: suppliers.name,
    rfc: suppliers.rfc,
    notes: suppliers.notes,
    createdAt: suppliers.createdAt,
  },
  search: (text) =>
    or(
      sql`${suppliers.searchName} LIKE ${containsPattern(text)}`,
      sql`lower(coalesce(${suppliers.rfc}, '')) LIKE ${containsPattern(text)}`,
    )!,
  values: (input) => ({ name: input.name, rfc: input.rfc, notes: input.notes }),
  present: (row) => ({
    _id: row.id,
    name: row.name,
    rfc: row.rfc,
    notes: row.notes,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }),
  messages: SUPPLIER_MESSAGES,
  conflicts: {
    suppliers_name_key: SUPPLIER_MESSAGES.nameTaken,
    suppliers_rfc_key: SUPPLIER_MESSAGES.rfcTaken,
  },
  async deleteGuard(db, _scope, id) {
    const total = await contractsUsing(db, eq(contracts.supplierId, id));
    return total > 0 ? inUse('el proveedor', total) : null;
  },
};

export const unitCatalogue: CatalogueDefinition<
  typeof UnitInputSchema,
  typeof administrativeUnits.$inferSelect,
  UnitDoc
> = {
  path: 'administrative-units',
  permission: 'ADMINISTRATIVE_UNITS',
  scope: 'organization',
  table: administrativeUnits,
  input: UnitInputSchema,
  doc: UnitDocSchema,
  sortable: {
    name: administrativeUnits.name,
    notes: administrativeUnits.notes,
    createdAt: administrativeUnits.createdAt,
  },
  search: (text) => sql`${folded(administrativeUnits.name)} LIKE ${containsPattern(text)}`,
  values: (input) => ({ name: input.name, notes: input.notes }),
  present: (row) => ({
    _id: row.id,
    name: row.name,
    notes: row.notes,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }),
  messages: UNIT_MESSAGES,
  conflicts: { administrative_units_name_key: UNIT_MESSAGES.nameTaken },
  async deleteGuard(db, _scope, id) {
    const total = await contractsUsing(
      db,
      or(eq(contracts.organizerAdministrativeUnitId, id), eq(contracts.applicantAdministrativeUnitId, id))!,
    );
    return total > 0 ? inUse('la unidad administrativa', total) : null;
  },
};

export const organizationCatalogue: CatalogueDefinition<
  typeof OrganizationInputSchema,
  typeof organizations.$inferSelect,
  OrganizationDoc
> = {
  path: 'organizations',
  permission: 'ORGANIZATIONS',
  scope: 'installation',
  table: organizations,
  input: OrganizationInputSchema,
  doc: OrganizationDocSchema,
  sortable: {
    name: organizations.name,
    shortName: organizations.shortName,
    createdAt: organizations.createdAt,
  },
  search: (text) =>
    or(
      sql`${folded(organizations.name)} LIKE ${containsPattern(text)}`,
      sql`${folded(organizations.shortName)} LIKE ${containsPattern(text)}`,
    )!,
  values: (input) => ({
    name: input.name,
    shortName: input.shortName,
    ...(input.color ? { color: input.color } : {}),
  }),
  present: (row) => ({
    _id: row.id,
    name: row.name,
    shortName: row.shortName,
    color: row.color,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }),
  messages: ORGANIZATION_MESSAGES,
  conflicts: { organizations_name_key: ORGANIZATION_MESSAGES.nameTaken },
  async deleteGuard(db, _scope, id) {
    const [row] = await db
      .select({ total: count() })
      .from(organizations)
      .where(and(isNull(organizations.deletedAt), ne(organizations.id, id)));
    return (row?.total ?? 0) === 0 ? ORGANIZATION_MESSAGES.lastOne : null;
  },
};

export const resourceCatalogue: CatalogueDefinition<
  typeof ResourceInputSchema,
  typeof resources.$inferSelect,
  ResourceDoc
> = {
  path: 'resources',
  permission: 'RESOURCES',
  scope: 'organization',
  table: resources,
  input: ResourceInputSchema,
  doc: ResourceDocSchema,
  sortable: {
    title: resources.title,
    url: resources.url,
    classification: resources.classification,
    createdAt: resources.createdAt,
  },
  search: (text) =>
    or(
      sql`${resources.searchTitle} LIKE ${containsPattern(text)}`,
      sql`lower(${resources.url}) LIKE ${containsPattern(text)}`,
    )!,
  values: (input) => ({ title: input.title, url: input.url, classification: input.classification }),
  present: (row) => ({
    _id: row.id,
    title: row.title,
    url: row.url,
    classification: row.classification,
    image: row.imageFileId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }),
  messages: RESOURCE_MESSAGES,
  conflicts: { resources_title_key: RESOURCE_MESSAGES.titleTaken },
};

/** Every catalogue served by the shared machinery (the access table and the app read this list). */
export const CATALOGUES: readonly AnyCatalogue[] = [
  supplierCatalogue,
  unitCatalogue,
  organizationCatalogue,
  resourceCatalogue,
  contractCatalogue,
];
