import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/** Counts of the monitor's catalogues: they change only with its data version (cacheable). */
export async function catalogueCounts(
  db: Database,
  organizationId: string,
): Promise<{ contracts: number; suppliers: number; units: number }> {
  const [row] = await queryRows<{ contracts: number; suppliers: number; units: number }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL) AS contracts,
      (SELECT count(*)::int FROM suppliers WHERE organization_id = ${organizationId} AND deleted_at IS NULL) AS suppliers,
      (SELECT count(*)::int FROM administrative_units WHERE organization_id = ${organizationId} AND deleted_at IS NULL) AS units`,
  );
  return row!;
}

/**
 * What changes without a data version: visits, calculations, a data load in progress. Visits
 * come from the daily counts (never the raw log), so the figure stays fast with millions of visits.
 */
export async function liveCounts(
  db: Database,
  organizationId: string,
): Promise<{ visits: number; calculations: number; currentDataLoad: boolean }> {
  const [row] = await queryRows<{ visits: number; calculations: number; currentDataLoad: boolean }>(
    db,
    sql`SELECT
      (SELECT coalesce(sum(count), 0)::int FROM visit_daily_counts WHERE organization_id = ${organizationId}) AS visits,
      (SELECT count(*)::int FROM calculations WHERE organization_id = ${organizationId} AND deleted_at IS NULL) AS calculations,
      EXISTS (SELECT 1 FROM data_loads WHERE organization_id = ${organizationId}
              AND status IN ('UPLOADING', 'CURRENT')) AS "currentDataLoad"`,
  );
  return row!;
}

/** Visits per calendar bucket (month, quarter or year, Mexico City days) since `from`. */
export async function visitsByBucket(
  db: Database,
  organizationId: string,
  unit: 'month' | 'quarter' | 'year',
  from: string,
): Promise<Map<string, number>> {
  const rows = await queryRows<{ bucket: string; total: number }>(
    db,
    sql`SELECT to_char(date_trunc(${unit}, day), 'YYYY-MM-DD') AS bucket, sum(count)::int AS total
        FROM visit_daily_counts
        WHERE organization_id = ${organizationId} AND day >= ${from}::date
        GROUP BY 1`,
  );
  return new Map(rows.map((row) => [row.bucket, row.total]));
}

/** Visits per section of the public site, most visited first. */
export async function visitsBySection(
  db: Database,
  organizationId: string,
): Promise<{ routeKey: string; total: number }[]> {
  return queryRows(
    db,
    sql`SELECT route_key AS "routeKey", sum(count)::int AS total
        FROM visit_daily_counts WHERE organization_id = ${organizationId}
        GROUP BY route_key ORDER BY total DESC, route_key`,
  );
}
