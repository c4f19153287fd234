import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { ProcedureType } from '../../../shared/constants/enums';
import type { Database } from '../../db/client';
import { contracts, suppliers } from '../../db/schema';
import { containsPattern } from '../../lib/sql';
import { countsInTotals } from '../contracts/contract-filters';

const inTotals = (type?: ProcedureType) =>
  type ? sql`${countsInTotals} AND ${contracts.procedureType} = ${type}` : countsInTotals;
const amountOf = (type?: ProcedureType) =>
  sql<number>`coalesce(sum(${contracts.totalOrMaxAmount}) FILTER (WHERE ${inTotals(type)}), 0)`.mapWith(
    Number,
  );
const countOf = (type?: ProcedureType) =>
  sql<number>`count(*) FILTER (WHERE ${inTotals(type)})`.mapWith(Number);

/** Per supplier: every listed contract, and the counts and sums of those that count in totals. */
const aggregates = {
  contractsCount: count(),
  publicCount: countOf('PUBLIC'),
  invitationCount: countOf('INVITATION'),
  noBidCount: countOf('NO_BID'),
  public: amountOf('PUBLIC'),
  invitation: amountOf('INVITATION'),
  noBid: amountOf('NO_BID'),
  total: amountOf(),
};

export type SupplierAggregate = { supplierId: string } & {
  [K in keyof typeof aggregates]: number;
};

/**
 * A page of suppliers of the filtered contracts, largest total first, with the number of
 * suppliers in the whole filtered set.
 */
export async function findSupplierPage(
  db: Database,
  where: SQL,
  page: { offset: number; limit: number },
): Promise<{ rows: (SupplierAggregate & { name: string })[]; total: number }> {
  const withSupplier = and(where, sql`${contracts.supplierId} IS NOT NULL`);
  const named = Object.fromEntries(
    Object.entries(aggregates).map(([key, value]) => [key, sql`${value}`.mapWith(Number).as(key)]),
  ) as { [K in keyof typeof aggregates]: SQL.Aliased<number> };
  const grouped = db
    .select({ supplierId: sql<string>`${contracts.supplierId}`.as('supplier_id'), ...named })
    .from(contracts)
    .where(withSupplier)
    .groupBy(contracts.supplierId)
    .as('grouped');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        supplierId: grouped.supplierId,
        name: suppliers.name,
        contractsCount: grouped.contractsCount,
        publicCount: grouped.publicCount,
        invitationCount: grouped.invitationCount,
        noBidCount: grouped.noBidCount,
        public: grouped.public,
        invitation: grouped.invitation,
        noBid: grouped.noBid,
        total: grouped.total,
      })
      .from(grouped)
      .innerJoin(suppliers, eq(suppliers.id, grouped.supplierId))
      .orderBy(sql`${grouped.total} DESC`, asc(suppliers.name), asc(grouped.supplierId))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(DISTINCT ${contracts.supplierId})`.mapWith(Number) })
      .from(contracts)
      .where(withSupplier),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      contractsCount: Number(row.contractsCount),
      publicCount: Number(row.publicCount),
      invitationCount: Number(row.invitationCount),
      noBidCount: Number(row.noBidCount),
      public: Number(row.public),
      invitation: Number(row.invitation),
      noBid: Number(row.noBid),
      total: Number(row.total),
    })),
    total: counted?.total ?? 0,
  };
}

/** Totals of the filtered contracts with a supplier (the tiles and the TOTAL row). */
export async function sumSupplierTotals(
  db: Database,
  where: SQL,
): Promise<Omit<SupplierAggregate, 'supplierId'>> {
  const [row] = await db
    .select(aggregates)
    .from(contracts)
    .where(and(where, sql`${contracts.supplierId} IS NOT NULL`));
  return {
    contractsCount: Number(row?.contractsCount ?? 0),
    publicCount: Number(row?.publicCount ?? 0),
    invitationCount: Number(row?.invitationCount ?? 0),
    noBidCount: Number(row?.noBidCount ?? 0),
    public: Number(row?.public ?? 0),
    invitation: Number(row?.invitation ?? 0),
    noBid: Number(row?.noBid ?? 0),
    total: Number(row?.total ?? 0),
  };
}

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
