import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { suppliers } from '../../db/schema';

/**
 * The figures of a row of the suppliers list (and of their totals): every listed contract, and the
 * counts and amounts per procedure type under the one rule for money. Computed from the contracts
 * or from the supplier cube, read from the ranking: one shape for all three.
 */
export interface SupplierFigures {
  contractsCount: number;
  publicCount: number;
  invitationCount: number;
  noBidCount: number;
  public: number;
  invitation: number;
  noBid: number;
  total: number;
}
export type FigureExpressions = { [K in keyof SupplierFigures]: SQL<number> };

const KEYS = [
  'contractsCount',
  'publicCount',
  'invitationCount',
  'noBidCount',
  'public',
  'invitation',
  'noBid',
  'total',
] as const satisfies readonly (keyof SupplierFigures)[];

/** Aggregates come back as text or numbers depending on the driver (and zero rows as nothing): numbers. */
export function toFigures(row: Partial<Record<keyof SupplierFigures, unknown>> | undefined): SupplierFigures {
  return Object.fromEntries(KEYS.map((key) => [key, Number(row?.[key] ?? 0)])) as unknown as SupplierFigures;
}

/**
 * A page of suppliers ranked by total (largest first, then name), with the figures aggregated
 * from `source` rows, and how many suppliers there are.
 */
export async function rankSuppliers(
  db: Database,
  source: { table: PgTable; supplierId: AnyPgColumn; figures: FigureExpressions; where: SQL | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: (SupplierFigures & { supplierId: string; name: string })[]; total: number }> {
  const aliased = Object.fromEntries(
    KEYS.map((key) => [key, sql`${source.figures[key]}`.mapWith(Number).as(key)]),
  ) as { [K in keyof SupplierFigures]: SQL.Aliased<number> };
  const grouped = db
    .select({ supplierId: sql<string>`${source.supplierId}`.as('supplier_id'), ...aliased })
    .from(source.table)
    .where(source.where)
    .groupBy(source.supplierId)
    .as('grouped');
  const [rows, [counted]] = await Promise.all([
    db
      .select({ supplierId: grouped.supplierId, name: suppliers.name, ...pick(grouped) })
      .from(grouped)
      .innerJoin(suppliers, eq(suppliers.id, grouped.supplierId))
      .orderBy(sql`${grouped.total} DESC`, suppliers.name, grouped.supplierId)
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(DISTINCT ${source.supplierId})`.mapWith(Number) })
      .from(source.table)
      .where(source.where),
  ]);
  return {
    rows: rows.map((row) => ({ supplierId: row.supplierId, name: row.name, ...toFigures(row) })),
    total: counted?.total ?? 0,
  };
}

/** The figure columns of a subquery or table, by name. */
export function pick<T extends Record<keyof SupplierFigures, unknown>>(source: T) {
  return Object.fromEntries(KEYS.map((key) => [key, source[key]])) as Pick<T, keyof SupplierFigures>;
}
