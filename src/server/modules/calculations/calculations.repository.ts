import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { calculations, indexCube, organizations } from '../../db/schema';

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

/** The administration periods the monitor has concluded contracts in, newest first. */
export async function administrationPeriodsOf(db: Database, organizationId: string): Promise<string[]> {
  const rows = await queryRows<{ period: string }>(
    db,
    sql`SELECT DISTINCT ${indexCube.administrationPeriod} AS period FROM ${indexCube}
        WHERE ${indexCube.organizationId} = ${organizationId}::uuid ORDER BY 1 DESC`,
  );
  return rows.map((row) => row.period);
}

/** A number that grows with every write to any monitor's data (GENERAL calculations' results are keyed on it). */
export async function installationDataVersion(db: Database): Promise<number> {
  const [row] = await queryRows<{ version: string | number | null }>(
    db,
    sql`SELECT sum(${organizations.dataVersion}) AS version FROM ${organizations} WHERE ${organizations.deletedAt} IS NULL`,
  );
  return Number(row?.version ?? 0);
}
