import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { suppliers } from '../../db/schema';
import { FIGURE_KEYS, pick, type SupplierFigures, toFigures } from './supplier-figures';

/** The SQL aggregate of each supplier figure, over the rows a ranking reads. */
export type FigureExpressions = { [K in keyof SupplierFigures]: SQL<number> };

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
    FIGURE_KEYS.map((key) => [key, sql`${source.figures[key]}`.mapWith(Number).as(key)]),
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
