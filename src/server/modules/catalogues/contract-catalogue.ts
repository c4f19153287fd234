import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  CONTRACT_FIELD_KEYS,
  CONTRACT_FIELDS,
  isPlainField,
  type ReferenceField,
} from '../../../shared/contracts/fields';
import {
  CONTRACT_MESSAGES,
  type ContractDoc,
  ContractDocSchema,
  ContractFieldsSchema,
  withContractRules,
} from '../../../shared/schemas/catalogues';
import type { Database } from '../../db/client';
import { administrativeUnits, contracts, suppliers } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { containsPattern } from '../../lib/sql';
import type { CatalogueDefinition, Scope } from './catalogue';
import type { JoinedSort } from './catalogue-order';

const organizer = alias(administrativeUnits, 'organizer_unit');
/** Suppliers a search looks among by name (a name matching more is not a useful search). */
const SUPPLIER_MATCHES = 500;
const applicant = alias(administrativeUnits, 'applicant_unit');

type ContractRow = {
  contract: typeof contracts.$inferSelect;
  supplierName: string | null;
  organizerName: string | null;
  applicantName: string | null;
};
type ContractValues = z.output<ReturnType<typeof withContractRules<typeof ContractFieldsSchema>>>;

/** A checked contract as the table's columns (each field in its column). */
export function contractColumnValues(input: ContractValues): Record<string, unknown> {
  return Object.fromEntries(CONTRACT_FIELD_KEYS.map((key) => [CONTRACT_FIELDS[key].column, input[key]]));
}

/** Sorted by the name of the supplier or unit a column references. */
const byName = (through: PgColumn, table: typeof suppliers | typeof administrativeUnits): JoinedSort => ({
  through,
  table,
  id: table.id,
  name: table.name,
  organizationId: table.organizationId,
});

const named = (id: string | null, name: string | null) => (id && name !== null ? { _id: id, name } : null);

/** Rows of other monitors, or deleted ones, cannot be referenced: 400 naming the field. */
async function checkReferences(db: Database, scope: Scope, values: Record<string, unknown>): Promise<void> {
  const errors: { path: string; message: string }[] = [];
  const supplierId = values.supplierId as string | null;
  if (supplierId) {
    const [found] = await db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(
          eq(suppliers.id, supplierId),
          eq(suppliers.organizationId, scope.organizationId!),
          isNull(suppliers.deletedAt),
        ),
      );
    if (!found) errors.push({ path: 'body.supplier', message: CONTRACT_MESSAGES.supplierUnknown });
  }
  const unitIds = [values.organizerAdministrativeUnitId, values.applicantAdministrativeUnitId] as string[];
  const units = await db
    .select({ id: administrativeUnits.id })
    .from(administrativeUnits)
    .where(
      and(
        inArray(administrativeUnits.id, unitIds),
        eq(administrativeUnits.organizationId, scope.organizationId!),
        isNull(administrativeUnits.deletedAt),
      ),
    );
  const known = new Set(units.map((unit) => unit.id));
  for (const [field, id] of [
    ['organizerAdministrativeUnit', unitIds[0]],
    ['applicantAdministrativeUnit', unitIds[1]],
  ] as const) {
    if (!known.has(id!)) errors.push({ path: `body.${field}`, message: CONTRACT_MESSAGES.unitUnknown });
  }
  if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
}

/**
 * Contracts entered or corrected by hand (CONTRACTS). Listed with the supplier's and units' names;
 * searched by process id, contract number, description and supplier name.
 */
export const contractCatalogue: CatalogueDefinition<typeof ContractFieldsSchema, ContractRow, ContractDoc> = {
  path: 'contracts',
  permission: 'CONTRACTS',
  scope: 'organization',
  table: contracts,
  input: ContractFieldsSchema,
  rules: (schema) => withContractRules(schema as unknown as typeof ContractFieldsSchema),
  doc: ContractDocSchema,
  select: (db) =>
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
      .leftJoin(applicant, eq(applicant.id, contracts.applicantAdministrativeUnitId)),
  checkReferences,
  // The named sorts (decision 0021), each read through an index at a million contracts.
  sortable: {
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
  },

  search: (text) => sql`${contracts.searchText} LIKE ${containsPattern(text)}`,
  // Suppliers whose name matches, looked up first: a literal list lets PostgreSQL combine the
  // trigram index with the supplier index (a sub-select in an OR made it walk every contract).
  async searchWith(db, scope, text) {
    const found = await db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(
          eq(suppliers.organizationId, scope.organizationId!),
          isNull(suppliers.deletedAt),
          sql`${suppliers.searchName} LIKE ${containsPattern(text)}`,
        ),
      )
      .limit(SUPPLIER_MATCHES);
    if (found.length === 0) return sql`false`;
    // A name shared by more suppliers than listed: the (slower) sub-select keeps the search exact.
    if (found.length >= SUPPLIER_MATCHES)
      return sql`${contracts.supplierId} IN (SELECT ${suppliers.id} FROM ${suppliers} WHERE ${suppliers.organizationId} = ${scope.organizationId} AND ${suppliers.searchName} LIKE ${containsPattern(text)})`;
    return sql`${contracts.supplierId} = ANY(${`{${found.map((row) => row.id).join(',')}}`}::uuid[])`;
  },
  countByDataVersion: true,
  values: (raw) => contractColumnValues(raw as unknown as ContractValues),
  present: ({ contract: row, supplierName, organizerName, applicantName }) => {
    const names: Record<ReferenceField, string | null> = {
      supplier: supplierName,
      organizerAdministrativeUnit: organizerName,
      applicantAdministrativeUnit: applicantName,
    };
    const fields = Object.fromEntries(
      CONTRACT_FIELD_KEYS.map((key) => {
        const column = row[CONTRACT_FIELDS[key].column];
        return [key, isPlainField(key) ? column : named(column as string | null, names[key])];
      }),
    );
    return {
      _id: row.id,
      ...(fields as Omit<ContractDoc, '_id' | 'createdAt' | 'updatedAt'>),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  },
  messages: CONTRACT_MESSAGES,
  conflicts: { contracts_number_key: CONTRACT_MESSAGES.numberTaken },
};
