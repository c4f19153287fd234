import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { calculations, organizations } from '../../db/schema';

/** The calculations of a monitor and what the index page needs around them. */

export type CalculationRow = typeof calculations.$inferSelect;

/** The monitor's live calculations, oldest first (the default index in its order). */
export function liveCalculations(db: Database, organizationId: string): Promise<CalculationRow[]> {
  return db
    .select()
    .from(calculations)
    .where(and(eq(calculations.organizationId, organizationId), isNull(calculations.deletedAt)))
    .orderBy(asc(calculations.createdAt), asc(calculations.abbreviation));
}

/** A number that grows with every write to any monitor's data (GENERAL calculations' results are keyed on it). */
export async function installationDataVersion(db: Database): Promise<number> {
  const [row] = await queryRows<{ version: string | number | null }>(
    db,
    sql`SELECT sum(${organizations.dataVersion}) AS version FROM ${organizations} WHERE ${organizations.deletedAt} IS NULL`,
  );
  return Number(row?.version ?? 0);
}
