import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PROCEDURE_TYPES, type ProcedureType } from '../../../shared/constants/enums';
import {
  CONTRACT_FIELDS,
  type ContractColumnOf,
  type PlainField,
  plainFields,
} from '../../../shared/contracts/fields';
import { DETAIL_FIELDS, LISTED_FIELDS } from '../../../shared/contracts/schema';
import { type Database, queryRows } from '../../db/client';
import { administrativeUnits, contractFlags, contracts, suppliers } from '../../db/schema';
import { containsPattern } from '../../db/sql';
import { EXPORT_BATCH_ROWS, nextTurn } from '../../lib/event-loop';

const applicant = alias(administrativeUnits, 'applicant');
const organizer = alias(administrativeUnits, 'organizer');

/** The columns of some plain fields, under the fields' names (fields.ts). */
export function fieldColumns<K extends PlainField>(keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, contracts[CONTRACT_FIELDS[key].column]])) as {
    [P in K]: (typeof contracts)[ContractColumnOf<P>];
  };
}

/** The public columns of a contract with the names it references. */
const publicColumns = {
  id: contracts.id,
  ...fieldColumns(plainFields(LISTED_FIELDS)),
  /** The one rule for money for this row, as the database computes it (exports show it). */
  countsInTotals: contracts.countsInTotals,
  supplierId: contracts.supplierId,
  supplierName: suppliers.name,
  applicantId: contracts.applicantAdministrativeUnitId,
  applicantName: applicant.name,
};

const detailColumns = {
  ...publicColumns,
  ...fieldColumns(plainFields(DETAIL_FIELDS)),
  organizerId: contracts.organizerAdministrativeUnitId,
  organizerName: organizer.name,
  /** To mark the winner among the bidders. */
  supplierRfc: suppliers.rfc,
};

export type ContractRow = Awaited<ReturnType<typeof findContractPage>>[number];
export type ContractDetailRow = NonNullable<Awaited<ReturnType<typeof findContract>>>;

/**
 * Lists are ordered by amount, largest first; the id breaks ties and makes the order total. The
 * NULLS placement matches the indexes exactly, so PostgreSQL reads them in order without sorting.
 */
const listOrder = [sql`${contracts.totalOrMaxAmount} DESC NULLS LAST`, sql`${contracts.id} DESC NULLS LAST`];

function selectPublic(db: Database) {
  return db
    .select(publicColumns)
    .from(contracts)
    .leftJoin(suppliers, eq(suppliers.id, contracts.supplierId))
    .leftJoin(applicant, eq(applicant.id, contracts.applicantAdministrativeUnitId));
}

export async function findContractPage(db: Database, where: SQL, page: { offset: number; limit: number }) {
  return selectPublic(db)
    .where(where)
    .orderBy(...listOrder)
    .offset(page.offset)
    .limit(page.limit);
}

/**
 * A page of the contracts raising one red flag (and matching `where`, which says so too), read
 * along the flag's rows in the list's order (contract_flags keeps each contract's amount): walking
 * every contract in order would pass hundreds of thousands before a flag of small contracts.
 */
export async function findFlaggedContractPage(
  db: Database,
  organizationId: string,
  code: string,
  where: SQL,
  page: { offset: number; limit: number },
) {
  return selectPublic(db)
    .innerJoin(contractFlags, and(eq(contractFlags.contractId, contracts.id), eq(contractFlags.code, code)))
    .where(and(eq(contractFlags.organizationId, organizationId), where))
    .orderBy(sql`${contractFlags.amount} DESC NULLS LAST`, sql`${contractFlags.contractId} DESC NULLS LAST`)
    .offset(page.offset)
    .limit(page.limit);
}

/**
 * A page of the contracts matching `matches` among the first `bound` contracts of `base` in the
 * list order, reading the order index and stopping once the page is full: a frequent search word
 * fills a page within a few thousand rows, without waiting for its count. Fewer rows than asked
 * mean the page is not within the bound (or the matches end): ask findContractPage then.
 */
export async function findContractPageAlongOrder(
  db: Database,
  base: SQL,
  matches: SQL,
  page: { offset: number; limit: number },
  bound: number,
) {
  // The subquery keeps the table's name, so the list's columns and `matches` read its rows.
  const first = db
    .select()
    .from(contracts)
    .where(base)
    .orderBy(...listOrder)
    .limit(bound)
    .as('contracts');
  return db
    .select(publicColumns)
    .from(first)
    .leftJoin(suppliers, eq(suppliers.id, contracts.supplierId))
    .leftJoin(applicant, eq(applicant.id, contracts.applicantAdministrativeUnitId))
    .where(matches)
    .orderBy(...listOrder)
    .offset(page.offset)
    .limit(page.limit);
}

/** How many contracts match, optionally of one procedure type only. */
export async function countContracts(
  db: Database,
  where: SQL,
  procedureType?: ProcedureType,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contracts)
    .where(procedureType ? and(where, eq(contracts.procedureType, procedureType)) : where);
  return row?.total ?? 0;
}

export async function findContract(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select(detailColumns)
    .from(contracts)
    .leftJoin(suppliers, eq(suppliers.id, contracts.supplierId))
    .leftJoin(applicant, eq(applicant.id, contracts.applicantAdministrativeUnitId))
    .leftJoin(organizer, eq(organizer.id, contracts.organizerAdministrativeUnitId))
    .where(
      and(eq(contracts.id, id), eq(contracts.organizationId, organizationId), isNull(contracts.deletedAt)),
    )
    .limit(1);
  return row;
}

/**
 * Rows of a filtered list, in list order, in batches read by keyset (never OFFSET), so an export
 * of hundreds of thousands of contracts costs the same per batch and holds no transaction open.
 * The event loop turns between batches: on the embedded database a query blocks it while it runs.
 */
export async function* streamContracts(
  db: Database,
  where: SQL,
  batchSize: number = EXPORT_BATCH_ROWS.pglite,
): AsyncGenerator<ContractRow> {
  // Two passes in list order: contracts with an amount (largest first), then those without. A
  // single "after this row" condition would need `amount IS NULL OR (amount, id) < (…)`, which no
  // index can answer, so each batch would rescan everything already sent.
  const amount = contracts.totalOrMaxAmount;
  let after: { amount: number; id: string } | undefined;
  for (;;) {
    const keyset = after ? sql`(${amount}, ${contracts.id}) < (${after.amount}, ${after.id})` : undefined;
    const rows = await selectPublic(db)
      .where(and(where, isNotNull(amount), keyset))
      .orderBy(...listOrder)
      .limit(batchSize);
    yield* rows;
    if (rows.length < batchSize) break;
    const last = rows[rows.length - 1]!;
    after = { amount: last.totalOrMaxAmount!, id: last.id };
    await nextTurn();
  }
  let afterId: string | undefined;
  for (;;) {
    const rows = await selectPublic(db)
      .where(and(where, isNull(amount), afterId ? lt(contracts.id, afterId) : undefined))
      .orderBy(desc(contracts.id))
      .limit(batchSize);
    yield* rows;
    if (rows.length < batchSize) return;
    afterId = rows[rows.length - 1]!.id;
    await nextTurn();
  }
}

/**
 * A supplier's contracts (`where` holds the supplier) as its page shows them: public tender,
 * invitation, direct award; newest first. In batches, for the downloads. OFFSET is fine here: the
 * set is bounded by one supplier, and the (organization, supplier, type, date) index serves the order.
 */
export async function* streamSupplierContracts(
  db: Database,
  where: SQL,
  batchSize: number = EXPORT_BATCH_ROWS.pglite,
): AsyncGenerator<ContractRow> {
  for (const type of PROCEDURE_TYPES) {
    const ofType = and(where, eq(contracts.procedureType, type));
    for (let offset = 0; ; offset += batchSize) {
      const rows = await selectPublic(db)
        .where(ofType)
        .orderBy(sql`${contracts.contractDate} DESC NULLS LAST`, sql`${contracts.id} DESC`)
        .limit(batchSize)
        .offset(offset);
      yield* rows;
      if (rows.length < batchSize) break;
      await nextTurn();
    }
  }
}

/** Columns whose distinct values feed the filter selects. */
export type OptionColumn = 'administration_period' | 'fiscal_year' | 'period' | 'procedure_type';

/**
 * Distinct values of a column for the monitor, read with a "loose index scan" (one index probe
 * per distinct value), so a million contracts cost a handful of lookups, not a full scan.
 */
export async function distinctValues(
  db: Database,
  organizationId: string,
  column: OptionColumn,
  supplierId?: string,
): Promise<string[]> {
  const col = sql.raw(column);
  if (supplierId) {
    const rows = await queryRows<{ v: string }>(
      db,
      sql`SELECT DISTINCT ${col}::text AS v FROM contracts
          WHERE organization_id = ${organizationId} AND supplier_id = ${supplierId} AND deleted_at IS NULL`,
    );
    return rows.map((row) => row.v);
  }
  const rows = await queryRows<{ v: string }>(
    db,
    sql`WITH RECURSIVE t AS (
          (SELECT ${col} AS v FROM contracts
           WHERE organization_id = ${organizationId} AND deleted_at IS NULL ORDER BY ${col} LIMIT 1)
          UNION ALL
          SELECT (SELECT ${col} FROM contracts
                  WHERE organization_id = ${organizationId} AND deleted_at IS NULL AND ${col} > t.v
                  ORDER BY ${col} LIMIT 1)
          FROM t WHERE t.v IS NOT NULL)
        SELECT v::text AS v FROM t WHERE v IS NOT NULL`,
  );
  return rows.map((row) => row.v);
}

/** Administrative units that convene or request any contract of the monitor (or of one supplier). */
export async function referencedUnits(
  db: Database,
  organizationId: string,
  supplierId?: string,
): Promise<{ id: string; name: string }[]> {
  const scope = supplierId ? sql`AND c.supplier_id = ${supplierId}` : sql``;
  return queryRows(
    db,
    sql`SELECT u.id, u.name FROM administrative_units u
        WHERE u.organization_id = ${organizationId} AND u.deleted_at IS NULL
          AND (EXISTS (SELECT 1 FROM contracts c WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL
                         AND c.applicant_administrative_unit_id = u.id ${scope})
            OR EXISTS (SELECT 1 FROM contracts c WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL
                         AND c.organizer_administrative_unit_id = u.id ${scope}))
        ORDER BY u.name, u.id`,
  );
}

/**
 * Supplier options of the contracts' filter select: by name, optionally matching a search, only
 * those with contracts for the filter, bounded.
 */
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
