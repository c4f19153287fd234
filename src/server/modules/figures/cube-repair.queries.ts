import { eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { cubeVersions } from '../../db/schema';
import type { AppDeps, OrganizationRow } from '../../types';

/**
 * The pre-aggregated tables (contract_cube, supplier_cube) of a monitor are valid for one data
 * version. They are rebuilt from the contracts when older than the monitor's version: once, by
 * one process (advisory lock), in one repeatable-read transaction so the cubes and the version
 * they record describe the same snapshot.
 */
const freshVersions = new Map<string, number>();

/** Makes sure the monitor's cubes are at least as recent as the version the request saw. */
export async function ensureFreshCubes(
  deps: Pick<AppDeps, 'database'>,
  organization: OrganizationRow,
): Promise<void> {
  const known = freshVersions.get(organization.id);
  if (known !== undefined && known >= organization.dataVersion) return;
  const { db } = deps.database;
  const [built] = await db
    .select({ version: cubeVersions.dataVersion })
    .from(cubeVersions)
    .where(eq(cubeVersions.organizationId, organization.id));
  if (built && built.version >= organization.dataVersion) {
    freshVersions.set(organization.id, built.version);
    return;
  }
  const version = await deps.database.withExclusiveLock(lockKey(organization.id), (lockedDb) =>
    rebuildCubes(lockedDb, organization.id),
  );
  freshVersions.set(organization.id, version);
}

/** One advisory lock per monitor: two monitors rebuild at the same time, one monitor never twice. */
function lockKey(organizationId: string): number {
  return 7_240_000_000_000 + Number.parseInt(organizationId.replaceAll('-', '').slice(-10), 16);
}

/** Rebuilds both cubes if they are older than the monitor's data; returns the version they now have. */
export async function rebuildCubes(db: Database, organizationId: string): Promise<number> {
  return db.transaction(
    async (tx) => {
      const [current] = await queryRows<{ version: number }>(
        tx as unknown as Database,
        sql`SELECT data_version::float8 AS version FROM organizations WHERE id = ${organizationId}`,
      );
      const [built] = await queryRows<{ version: number }>(
        tx as unknown as Database,
        sql`SELECT data_version::float8 AS version FROM cube_versions WHERE organization_id = ${organizationId}`,
      );
      const version = current?.version ?? 0;
      if (built && built.version >= version) return built.version;
      const started = performance.now();
      await tx.execute(sql`DELETE FROM contract_cube WHERE organization_id = ${organizationId}`);
      await tx.execute(sql`
        INSERT INTO contract_cube (organization_id, administration_period, fiscal_year, period, procedure_type,
          applicant_administrative_unit_id, organizer_administrative_unit_id, contracts, counted, amount)
        SELECT organization_id, administration_period, fiscal_year, period, procedure_type,
          applicant_administrative_unit_id, organizer_administrative_unit_id,
          count(*), count(*) FILTER (WHERE counts_in_totals),
          coalesce(sum(total_or_max_amount) FILTER (WHERE counts_in_totals), 0)
        FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL
        GROUP BY 1, 2, 3, 4, 5, 6, 7`);
      await tx.execute(sql`DELETE FROM supplier_cube WHERE organization_id = ${organizationId}`);
      await tx.execute(sql`
        INSERT INTO supplier_cube (organization_id, administration_period, procedure_type, supplier_id,
          contracts, counted, amount)
        SELECT organization_id, administration_period, procedure_type, supplier_id,
          count(*), count(*) FILTER (WHERE counts_in_totals),
          coalesce(sum(total_or_max_amount) FILTER (WHERE counts_in_totals), 0)
        FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL AND supplier_id IS NOT NULL
        GROUP BY 1, 2, 3, 4`);
      await tx.execute(sql`DELETE FROM supplier_ranking WHERE organization_id = ${organizationId}`);
      await tx.execute(sql`DELETE FROM supplier_ranking_totals WHERE organization_id = ${organizationId}`);
      for (const period of [sql`c.administration_period`, sql`''`]) {
        await tx.execute(sql`
          INSERT INTO supplier_ranking (organization_id, administration_period, supplier_id, rank, name, contracts_count,
            public_count, invitation_count, no_bid_count, public, invitation, no_bid, total)
          SELECT organization_id, period, supplier_id,
            row_number() OVER (PARTITION BY period ORDER BY total DESC, name, supplier_id),
            name, contracts_count, public_count, invitation_count, no_bid_count, public, invitation, no_bid, total
          FROM (
            SELECT c.organization_id, ${period} AS period, c.supplier_id, s.name,
              sum(c.contracts) AS contracts_count,
              coalesce(sum(c.counted) FILTER (WHERE c.procedure_type = 'PUBLIC'), 0) AS public_count,
              coalesce(sum(c.counted) FILTER (WHERE c.procedure_type = 'INVITATION'), 0) AS invitation_count,
              coalesce(sum(c.counted) FILTER (WHERE c.procedure_type = 'NO_BID'), 0) AS no_bid_count,
              coalesce(sum(c.amount) FILTER (WHERE c.procedure_type = 'PUBLIC'), 0) AS public,
              coalesce(sum(c.amount) FILTER (WHERE c.procedure_type = 'INVITATION'), 0) AS invitation,
              coalesce(sum(c.amount) FILTER (WHERE c.procedure_type = 'NO_BID'), 0) AS no_bid,
              sum(c.amount) AS total
            FROM supplier_cube c JOIN suppliers s ON s.id = c.supplier_id
            WHERE c.organization_id = ${organizationId}
            GROUP BY 1, 2, 3, 4) per_supplier`);
      }
      await tx.execute(sql`
        INSERT INTO supplier_ranking_totals (organization_id, administration_period, suppliers, contracts_count,
          public_count, invitation_count, no_bid_count, public, invitation, no_bid, total)
        SELECT organization_id, administration_period, count(*), sum(contracts_count), sum(public_count),
          sum(invitation_count), sum(no_bid_count), sum(public), sum(invitation), sum(no_bid), sum(total)
        FROM supplier_ranking WHERE organization_id = ${organizationId}
        GROUP BY 1, 2`);
      const milliseconds = Math.round(performance.now() - started);
      await tx.execute(sql`
        INSERT INTO cube_versions (organization_id, data_version, built_at, milliseconds)
        VALUES (${organizationId}, ${version}, now(), ${milliseconds})
        ON CONFLICT (organization_id) DO UPDATE
        SET data_version = excluded.data_version, built_at = excluded.built_at, milliseconds = excluded.milliseconds`);
      return version;
    },
    { isolationLevel: 'repeatable read' },
  );
}
