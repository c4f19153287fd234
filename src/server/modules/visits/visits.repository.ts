import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export interface VisitInput {
  organizationId: string | null;
  path: string;
  routeKey: string;
  /** Calendar day of the visit in Mexico City. */
  day: string;
}

/**
 * Stores one page view and, in the same statement, adds it to the daily count the dashboard
 * reads, so dashboard figures never need to scan the log.
 */
export async function insertVisit(db: Database, visit: VisitInput): Promise<void> {
  if (!visit.organizationId) {
    await db.execute(
      sql`INSERT INTO visits (organization_id, path, route_key) VALUES (NULL, ${visit.path}, ${visit.routeKey})`,
    );
    return;
  }
  await db.execute(sql`
    WITH logged AS (
      INSERT INTO visits (organization_id, path, route_key)
      VALUES (${visit.organizationId}, ${visit.path}, ${visit.routeKey})
    )
    INSERT INTO visit_daily_counts (organization_id, day, route_key, count)
    VALUES (${visit.organizationId}, ${visit.day}, ${visit.routeKey}, 1)
    ON CONFLICT (organization_id, day, route_key)
    DO UPDATE SET count = visit_daily_counts.count + 1`);
}
