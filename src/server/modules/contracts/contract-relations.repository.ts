import { and, asc, count, desc, eq, exists, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  addParty,
  type ContractRelations,
  emptyRelations,
  PARTY_LIST,
  type PartyRole,
} from '../../../shared/contracts/relations';
import type { Database } from '../../db/client';
import {
  contractAmendments,
  contractBudgetLines,
  contractParties,
  contracts,
  suppliers,
} from '../../db/schema';
import { jsonRecordset, sqlArray } from '../../db/sql';
import { newId } from '../../lib/ids';

/**
 * What a contract keeps beside its fields (contract_parties, contract_amendments,
 * contract_budget_lines; issue 30), written by the one write path with the contracts and read by
 * the detail. Many rows go in with a few statements (one JSON parameter each), as contracts do.
 */

/** Rows per INSERT statement. */
const INSERT_BATCH = 5_000;

const PARTY_ROLE_ENTRIES = Object.entries(PARTY_LIST) as [PartyRole, keyof ContractRelations][];

/** The relations of one contract to write: the lists given replace the contract's; the others stay. */
export interface RelationsWrite {
  contractId: string;
  relations: Partial<ContractRelations>;
}

async function insertJson(db: Database, table: string, shape: string, rows: readonly string[]) {
  const names = sql.raw(
    shape
      .split(', ')
      .map((column) => column.split(' ')[0])
      .join(', '),
  );
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const json = `[${rows.slice(start, start + INSERT_BATCH).join(',')}]`;
    await db.execute(
      sql`INSERT INTO ${sql.raw(table)} (${names}) SELECT ${names} FROM ${jsonRecordset(json, shape)}`,
    );
  }
}

/**
 * Writes the relations of some contracts of a monitor: for each contract, every list it gives
 * replaces the stored one (`replace`: updated contracts; new ones have nothing to delete).
 */
export async function writeRelations(
  db: Database,
  organizationId: string,
  rows: readonly RelationsWrite[],
  options: { replace: boolean },
): Promise<void> {
  const parties: string[] = [];
  const amendments: string[] = [];
  const budgetLines: string[] = [];
  const replacedRoles = new Map<PartyRole, string[]>();
  const replacedAmendments: string[] = [];
  const replacedBudgetLines: string[] = [];
  for (const { contractId, relations } of rows) {
    const base = { organization_id: organizationId, contract_id: contractId };
    for (const [role, key] of PARTY_ROLE_ENTRIES) {
      const list = relations[key] as
        | { name: string; rfc?: string | null; post?: string | null; quoteAmount?: number | null }[]
        | undefined;
      if (!list) continue;
      if (options.replace) replacedRoles.set(role, [...(replacedRoles.get(role) ?? []), contractId]);
      list.forEach((party, position) => {
        parties.push(
          JSON.stringify({
            id: newId(),
            ...base,
            role,
            position,
            name: party.name,
            rfc: party.rfc ?? null,
            post: party.post ?? null,
            quote_amount: party.quoteAmount ?? null,
          }),
        );
      });
    }
    if (relations.amendments) {
      if (options.replace) replacedAmendments.push(contractId);
      relations.amendments.forEach((amendment, position) => {
        amendments.push(
          JSON.stringify({
            id: newId(),
            ...base,
            position,
            number: amendment.number,
            object: amendment.object,
            signed_date: amendment.signedDate,
            url: amendment.url,
          }),
        );
      });
    }
    if (relations.budgetLines) {
      if (options.replace) replacedBudgetLines.push(contractId);
      relations.budgetLines.forEach((line, position) => {
        budgetLines.push(JSON.stringify({ ...base, position, code: line.code }));
      });
    }
  }
  for (const [role, ids] of replacedRoles)
    await db
      .delete(contractParties)
      .where(and(inArray(contractParties.contractId, ids), eq(contractParties.role, role)));
  if (replacedAmendments.length > 0)
    await db.delete(contractAmendments).where(inArray(contractAmendments.contractId, replacedAmendments));
  if (replacedBudgetLines.length > 0)
    await db.delete(contractBudgetLines).where(inArray(contractBudgetLines.contractId, replacedBudgetLines));
  await insertJson(
    db,
    'contract_parties',
    'id uuid, organization_id uuid, contract_id uuid, role party_role, position integer, name text, rfc text, post text, quote_amount numeric',
    parties,
  );
  await insertJson(
    db,
    'contract_amendments',
    'id uuid, organization_id uuid, contract_id uuid, position integer, number text, object text, signed_date date, url text',
    amendments,
  );
  await insertJson(
    db,
    'contract_budget_lines',
    'organization_id uuid, contract_id uuid, position integer, code text',
    budgetLines,
  );
}

/** Everything one contract of a monitor keeps beside its fields (empty lists when unknown). */
export async function relationsOf(
  db: Database,
  organizationId: string,
  contractId: string,
): Promise<ContractRelations> {
  return (await relationsOfMany(db, organizationId, [contractId])).get(contractId) ?? emptyRelations();
}

/**
 * What many contracts of a monitor keep beside their fields, by contract id (the open data's
 * batches: three statements for the whole batch). A contract without any is absent from the map.
 */
export async function relationsOfMany(
  db: Database,
  organizationId: string,
  contractIds: readonly string[],
): Promise<Map<string, ContractRelations>> {
  const byContract = new Map<string, ContractRelations>();
  if (contractIds.length === 0) return byContract;
  const ids = sql`ANY(${sqlArray(contractIds, 'uuid')})`;
  const of = (id: string) => {
    let relations = byContract.get(id);
    if (!relations) {
      relations = emptyRelations();
      byContract.set(id, relations);
    }
    return relations;
  };
  // The three lists at once (on a server pool, three connections; the embedded engine queues them).
  const [parties, amendments, lines] = await Promise.all([
    db
      .select()
      .from(contractParties)
      .where(
        and(sql`${contractParties.contractId} = ${ids}`, eq(contractParties.organizationId, organizationId)),
      )
      .orderBy(asc(contractParties.contractId), asc(contractParties.role), asc(contractParties.position)),
    db
      .select({
        contractId: contractAmendments.contractId,
        number: contractAmendments.number,
        object: contractAmendments.object,
        signedDate: contractAmendments.signedDate,
        url: contractAmendments.url,
      })
      .from(contractAmendments)
      .where(
        and(
          sql`${contractAmendments.contractId} = ${ids}`,
          eq(contractAmendments.organizationId, organizationId),
        ),
      )
      .orderBy(asc(contractAmendments.contractId), asc(contractAmendments.position)),
    db
      .select({ contractId: contractBudgetLines.contractId, code: contractBudgetLines.code })
      .from(contractBudgetLines)
      .where(
        and(
          sql`${contractBudgetLines.contractId} = ${ids}`,
          eq(contractBudgetLines.organizationId, organizationId),
        ),
      )
      .orderBy(asc(contractBudgetLines.contractId), asc(contractBudgetLines.position)),
  ]);
  for (const party of parties) addParty(of(party.contractId), party);
  for (const { contractId, ...amendment } of amendments) of(contractId).amendments.push(amendment);
  for (const { contractId, code } of lines) of(contractId).budgetLines.push({ code });
  return byContract;
}

/**
 * The monitor's contracts a supplier bid for without winning (issue 30: the supplier page): a
 * bidder with its RFC (or, for a supplier without one, its name, case aside), on a contract another
 * supplier (or none) was awarded; most recent first, a page at a time, with how many there are.
 */
export async function bidsLost(
  db: Database,
  organizationId: string,
  supplier: { id: string; name: string; rfc: string | null },
  page: { offset: number; limit: number },
) {
  const bidder = supplier.rfc
    ? eq(contractParties.rfc, supplier.rfc)
    : sql`upper(${contractParties.name}) = upper(${supplier.name})`;
  const where = and(
    eq(contracts.organizationId, organizationId),
    isNull(contracts.deletedAt),
    or(isNull(contracts.supplierId), ne(contracts.supplierId, supplier.id)),
    exists(
      db
        .select({ one: sql`1` })
        .from(contractParties)
        .where(
          and(
            eq(contractParties.contractId, contracts.id),
            eq(contractParties.organizationId, organizationId),
            eq(contractParties.role, 'BIDDER'),
            bidder,
          ),
        ),
    ),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: contracts.id,
        contractId: contracts.contractId,
        contractNumber: contracts.contractNumber,
        servicesDescription: contracts.servicesDescription,
        procedureType: contracts.procedureType,
        contractDate: contracts.contractDate,
        totalOrMaxAmount: contracts.totalOrMaxAmount,
        winnerId: suppliers.id,
        winnerName: suppliers.name,
      })
      .from(contracts)
      .leftJoin(suppliers, eq(suppliers.id, contracts.supplierId))
      .where(where)
      .orderBy(sql`${contracts.contractDate} DESC NULLS LAST`, desc(contracts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(contracts).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
