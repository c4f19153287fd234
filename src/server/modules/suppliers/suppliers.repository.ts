import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { PROCEDURE_TYPES, type ProcedureType } from '../../../shared/constants/enums';
import type { SupplierContract } from '../../../shared/schemas/suppliers';
import type { Database } from '../../db/client';
import { contracts, suppliers } from '../../db/schema';
import { containsPattern } from '../../db/sql';
import { streamContractsInOrder } from '../contracts/contracts.repository';

export async function findSupplier(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select({ id: suppliers.id, name: suppliers.name, updatedAt: suppliers.updatedAt })
    .from(suppliers)
    .where(
      and(eq(suppliers.id, id), eq(suppliers.organizationId, organizationId), isNull(suppliers.deletedAt)),
    )
    .limit(1);
  return row;
}

/** Supplier options of the filter select: by name, optionally matching a search, bounded. */
export async function findSupplierOptions(
  db: Database,
  organizationId: string,
  options: { search?: string; onlyWithContracts: boolean; ids?: string[]; limit: number },
): Promise<{ id: string; name: string }[]> {
  const conditions = [eq(suppliers.organizationId, organizationId), isNull(suppliers.deletedAt)];
  if (options.search) conditions.push(sql`${suppliers.searchName} LIKE ${containsPattern(options.search)}`);
  if (options.ids) conditions.push(inArray(suppliers.id, options.ids));
  if (options.onlyWithContracts) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM contracts c WHERE c.organization_id = ${organizationId}
                  AND c.supplier_id = ${suppliers.id} AND c.deleted_at IS NULL)`,
    );
  }
  return (
    db
      .select({ id: suppliers.id, name: suppliers.name })
      .from(suppliers)
      .where(and(...conditions))
      // The lower-case, accent-free name: 'Ángel' and 'agua' next to 'Aguilar', whatever the collation.
      .orderBy(asc(suppliers.searchName), asc(suppliers.id))
      .limit(options.limit)
  );
}

/**
 * A page of a supplier's contracts (`where` holds the supplier) of one procedure type, most recent
 * first: uses the (organization, supplier, type, date) index, so it is fast for any supplier.
 */
export async function findSupplierContracts(
  db: Database,
  where: SQL,
  procedureType: ProcedureType,
  page: { offset: number; limit: number },
): Promise<SupplierContract[]> {
  return db
    .select({
      _id: contracts.id,
      servicesDescription: contracts.servicesDescription,
      totalOrMaxAmount: contracts.totalOrMaxAmount,
      contractDate: contracts.contractDate,
      procedureType: contracts.procedureType,
      procedureState: contracts.procedureState,
      category: contracts.category,
      countsInTotals: sql<boolean>`${contracts.countsInTotals} IS TRUE`,
    })
    .from(contracts)
    .where(and(where, eq(contracts.procedureType, procedureType)))
    .orderBy(sql`${contracts.contractDate} DESC NULLS LAST`, sql`${contracts.id} DESC NULLS LAST`)
    .offset(page.offset)
    .limit(page.limit);
}

/**
 * A supplier's contracts (`where` holds the supplier) as its page shows them: public tender,
 * invitation, direct award; newest first. In batches, for the downloads.
 */
export async function* streamSupplierContracts(db: Database, where: SQL, batchSize: number) {
  for (const type of PROCEDURE_TYPES) {
    yield* streamContractsInOrder(
      db,
      and(where, eq(contracts.procedureType, type))!,
      [sql`${contracts.contractDate} DESC NULLS LAST`, sql`${contracts.id} DESC`],
      batchSize,
    );
  }
}
