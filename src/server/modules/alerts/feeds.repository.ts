import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DataLoadSummary } from '../../../shared/schemas/data-load';
import type { Database } from '../../db/client';
import { administrativeUnits, contractFlags, contracts, dataLoads, suppliers } from '../../db/schema';

/**
 * The reads of the Atom feeds (decision 0053): a monitor's most recent contracts of one scope and
 * its confirmed data loads, newest first, at most `limit`. "Most recent" is the order of the
 * contracts' ids: UUID v7 minted when the write path creates the contract (lib/ids `newId`), so id
 * order is creation order, and every scope has an index ending in the id that a backward walk
 * stops reading after `limit` rows, however old or rare the scope's contracts are: the monitor's
 * (`contracts_org_id_idx`), a supplier's (`contracts_org_supplier_id_idx`), a unit's as applicant
 * and as organizer (`contracts_org_applicant_unit_idx`, `contracts_org_organizer_unit_idx`, merged)
 * and a flag's (`contract_flags_org_code_idx`, one walk per code, merged).
 */

export type FeedScope =
  | { kind: 'monitor' }
  | { kind: 'supplier'; id: string }
  | { kind: 'unit'; id: string }
  | { kind: 'flag'; codes: readonly string[] };

export interface FeedContractRow {
  id: string;
  contractNumber: string | null;
  processId: string | null;
  description: string | null;
  procedureType: string;
  contractType: string | null;
  amount: number | null;
  contractDate: string | null;
  supplier: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FeedLoadRow {
  id: string;
  summary: DataLoadSummary | null;
  confirmedAt: Date;
}

/** The live contracts (rows saying no procedures were held left out) of `k` walked newest first. */
const LIVE = sql`k.deleted_at IS NULL AND NOT k.is_empty`;

/** The ids of the scope's `limit` newest live contracts, each part read along its own index. */
function candidates(organizationId: string, scope: FeedScope, limit: number): SQL {
  const newest = (condition: SQL) =>
    sql`(SELECT k.id FROM contracts k WHERE k.organization_id = ${organizationId} AND ${LIVE} AND ${condition}
          ORDER BY k.id DESC LIMIT ${limit})`;
  switch (scope.kind) {
    case 'monitor':
      return newest(sql`TRUE`);
    case 'supplier':
      return newest(sql`k.supplier_id = ${scope.id}`);
    case 'unit':
      return sql.join(
        [
          newest(sql`k.applicant_administrative_unit_id = ${scope.id}`),
          newest(sql`k.organizer_administrative_unit_id = ${scope.id}`),
        ],
        sql` UNION `,
      );
    case 'flag':
      return sql.join(
        scope.codes.map(
          (code) =>
            sql`(SELECT f.contract_id FROM contract_flags f JOIN contracts k ON k.id = f.contract_id
                  WHERE f.organization_id = ${organizationId} AND f.code = ${code} AND ${LIVE}
                  ORDER BY f.contract_id DESC LIMIT ${limit})`,
        ),
        sql` UNION `,
      );
  }
}

/** The monitor's `limit` most recently created live contracts of `scope`, newest first. */
export async function recentContracts(
  db: Database,
  organizationId: string,
  scope: FeedScope,
  limit: number,
): Promise<FeedContractRow[]> {
  if (scope.kind === 'flag' && scope.codes.length === 0) return [];
  return db
    .select({
      id: contracts.id,
      contractNumber: contracts.contractNumber,
      processId: contracts.contractId,
      description: contracts.servicesDescription,
      procedureType: contracts.procedureType,
      contractType: contracts.contractType,
      amount: contracts.totalOrMaxAmount,
      contractDate: contracts.contractDate,
      supplier: suppliers.name,
      createdAt: contracts.createdAt,
      updatedAt: contracts.updatedAt,
    })
    .from(contracts)
    .leftJoin(suppliers, eq(suppliers.id, contracts.supplierId))
    .where(
      and(
        eq(contracts.organizationId, organizationId),
        sql`${contracts.id} IN (${candidates(organizationId, scope, limit)})`,
      ),
    )
    .orderBy(desc(contracts.id))
    .limit(limit);
}

/** The stored flags among `codes` of the given contracts (what the flags' feeds say of each). */
export async function flagsOfContracts(
  db: Database,
  organizationId: string,
  contractIds: readonly string[],
  codes: readonly string[],
): Promise<{ contractId: string; code: string; evidence: Record<string, unknown> }[]> {
  if (contractIds.length === 0 || codes.length === 0) return [];
  return db
    .select({
      contractId: contractFlags.contractId,
      code: contractFlags.code,
      evidence: contractFlags.evidence,
    })
    .from(contractFlags)
    .where(
      and(
        eq(contractFlags.organizationId, organizationId),
        inArray(contractFlags.contractId, [...contractIds]),
        inArray(contractFlags.code, [...codes]),
      ),
    );
}

/** The monitor's `limit` most recently confirmed data loads (`data_loads_org_confirmed_idx`). */
export async function recentLoads(
  db: Database,
  organizationId: string,
  limit: number,
): Promise<FeedLoadRow[]> {
  const rows = await db
    .select({ id: dataLoads.id, summary: dataLoads.summary, confirmedAt: dataLoads.confirmedAt })
    .from(dataLoads)
    .where(
      and(
        eq(dataLoads.organizationId, organizationId),
        eq(dataLoads.status, 'CONFIRMED'),
        sql`${dataLoads.confirmedAt} IS NOT NULL`,
      ),
    )
    .orderBy(desc(dataLoads.confirmedAt))
    .limit(limit);
  return rows.flatMap((row) => (row.confirmedAt ? [{ ...row, confirmedAt: row.confirmedAt }] : []));
}

/** A live supplier's name in the monitor, or undefined. */
export async function supplierName(
  db: Database,
  organizationId: string,
  id: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: suppliers.name })
    .from(suppliers)
    .where(
      and(eq(suppliers.id, id), eq(suppliers.organizationId, organizationId), isNull(suppliers.deletedAt)),
    );
  return row?.name;
}

/** A live administrative unit's name in the monitor, or undefined. */
export async function unitName(
  db: Database,
  organizationId: string,
  id: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: administrativeUnits.name })
    .from(administrativeUnits)
    .where(
      and(
        eq(administrativeUnits.id, id),
        eq(administrativeUnits.organizationId, organizationId),
        isNull(administrativeUnits.deletedAt),
      ),
    );
  return row?.name;
}
