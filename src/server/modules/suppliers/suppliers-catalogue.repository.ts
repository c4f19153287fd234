import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contracts, suppliers } from '../../db/schema';
import { containsPattern } from '../../db/sql';
import { catalogueStore } from '../catalogues/catalogue.repository';

export type SupplierRow = typeof suppliers.$inferSelect;

/** The suppliers catalogue's table: searched by name and RFC, sorted by its indexed columns. */
export const supplierStore = catalogueStore({
  table: suppliers,
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
});

/** Contracts (not deleted) that still name the supplier: a reason not to delete it. */
export async function countContractsOfSupplier(db: Database, supplierId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contracts)
    .where(and(isNull(contracts.deletedAt), eq(contracts.supplierId, supplierId)));
  return row?.total ?? 0;
}
