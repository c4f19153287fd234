import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { ProcedureType } from '../../../shared/constants/enums';
import type { SupplierContract } from '../../../shared/schemas/suppliers';
import type { Database } from '../../db/client';
import { contracts, suppliers } from '../../db/schema';

export async function findSupplier(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select({ id: suppliers.id, name: suppliers.name, rfc: suppliers.rfc, updatedAt: suppliers.updatedAt })
    .from(suppliers)
    .where(
      and(eq(suppliers.id, id), eq(suppliers.organizationId, organizationId), isNull(suppliers.deletedAt)),
    )
    .limit(1);
  return row;
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
