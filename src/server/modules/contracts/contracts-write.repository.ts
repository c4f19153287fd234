import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { administrativeUnits, contracts, suppliers } from '../../db/schema';
import { jsonRecordset, sqlArray } from '../../db/sql';

export type NewContract = typeof contracts.$inferInsert;

/** Rows per INSERT statement (one JSON parameter each). */
const INSERT_BATCH = 5_000;

/** Tables whose rows belong to one monitor and are deleted softly. */
type MonitorRows = typeof suppliers | typeof administrativeUnits | typeof contracts;

/** Which of these ids are live rows of the monitor in `table`. */
async function liveIds(
  db: Database,
  table: MonitorRows,
  organizationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        sql`${table.id} = ANY(${sqlArray(ids, 'uuid')})`,
        eq(table.organizationId, organizationId),
        isNull(table.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Which of these suppliers are live rows of the monitor. */
export const liveSupplierIds = (db: Database, organizationId: string, ids: readonly string[]) =>
  liveIds(db, suppliers, organizationId, ids);

/** Which of these administrative units are live rows of the monitor. */
export const liveUnitIds = (db: Database, organizationId: string, ids: readonly string[]) =>
  liveIds(db, administrativeUnits, organizationId, ids);

/** Which of these contracts are live rows of the monitor. */
export const liveContractIds = (db: Database, organizationId: string, ids: readonly string[]) =>
  liveIds(db, contracts, organizationId, ids);

/** The live contracts of the monitor whose `column` holds one of `values`: value → contract id. */
async function liveContractsBy(
  db: Database,
  organizationId: string,
  column: typeof contracts.contractNumber | typeof contracts.importFingerprint,
  values: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (values.length === 0) return found;
  const rows = await db
    .select({ id: contracts.id, value: column })
    .from(contracts)
    .where(
      and(
        eq(contracts.organizationId, organizationId),
        isNull(contracts.deletedAt),
        sql`${column} = ANY(${sqlArray(values, 'text')})`,
      ),
    );
  for (const row of rows) if (row.value !== null) found.set(row.value, row.id);
  return found;
}

/** The live contracts of the monitor holding these numbers: number → contract id. */
export const contractsNumbered = (db: Database, organizationId: string, numbers: readonly string[]) =>
  liveContractsBy(db, organizationId, contracts.contractNumber, numbers);

/** The columns a write may give (generated ones are the database's), with their SQL types. */
const WRITABLE = Object.entries(getTableColumns(contracts))
  .filter(([, column]) => !(column as { generated?: unknown }).generated)
  .map(([key, column]) => ({
    key,
    name: key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
    type: column.getSQLType(),
  }))
  .map((column) => ({ ...column, quoted: JSON.stringify(column.name) }));

/** A new contract ready for insertContracts: its given columns and their values as one JSON object. */
export interface EncodedContract {
  /** The columns the row gives, in table order, comma-joined. */
  columns: string;
  json: string;
}

/**
 * Encodes a new contract for insertContracts, apart from the statement: a data load encodes its
 * next page while the previous page's INSERT runs (issue 12). Columns the row does not give keep
 * their defaults.
 */
export function encodeContract(row: NewContract): EncodedContract {
  // Written out key by key: building an object of fifty columns to stringify cost twice as much.
  let json = '';
  let columns = '';
  for (const column of WRITABLE) {
    const value = (row as Record<string, unknown>)[column.key];
    if (value === undefined) continue;
    json += `,${column.quoted}:${JSON.stringify(value instanceof Date ? value.toISOString() : value)}`;
    columns += `,${column.name}`;
  }
  return { columns: columns.slice(1), json: `{${json.slice(1)}}` };
}

/**
 * Inserts many contracts with a few statements (never one statement per row): each batch of rows is
 * one JSON parameter (jsonRecordset), so a data load of 100,000 rows takes twenty statements (and the
 * figures' statement triggers run twenty times). A column one row gives and another does not is
 * null in the other.
 */
export async function insertContracts(db: Database, rows: readonly EncodedContract[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    // Rows of one write mostly give the same columns: each distinct list is split once.
    const givenNames = new Set(
      [...new Set(batch.map((row) => row.columns))].flatMap((list) => list.split(',')),
    );
    const given = WRITABLE.filter((column) => givenNames.has(column.name));
    const names = sql.raw(given.map((column) => `"${column.name}"`).join(', '));
    const shape = given.map((column) => `"${column.name}" ${column.type}`).join(', ');
    const json = `[${batch.map((row) => row.json).join(',')}]`;
    await db.execute(
      sql`INSERT INTO ${contracts} (${names}) SELECT ${names} FROM ${jsonRecordset(json, shape)}`,
    );
  }
}

/** Updates one live contract of the monitor; false when there is none. */
export async function updateContract(
  db: Database,
  organizationId: string,
  id: string,
  values: Partial<NewContract>,
): Promise<boolean> {
  const rows = await db
    .update(contracts)
    .set(values)
    .where(
      and(eq(contracts.id, id), eq(contracts.organizationId, organizationId), isNull(contracts.deletedAt)),
    )
    .returning({ id: contracts.id });
  return rows.length > 0;
}

/** Which of these import fingerprints live contracts of the monitor carry (contracts without a number). */
export async function contractsFingerprinted(
  db: Database,
  organizationId: string,
  fingerprints: readonly string[],
): Promise<Set<string>> {
  return new Set(
    (await liveContractsBy(db, organizationId, contracts.importFingerprint, fingerprints)).keys(),
  );
}
