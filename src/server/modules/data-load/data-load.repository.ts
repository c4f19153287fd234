import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DataLoadRowStatus } from '../../../shared/constants/enums';
import { LIMITS } from '../../../shared/constants/limits';
import type { Database } from '../../db/client';
import {
  administrativeUnits,
  dataLoadRows,
  dataLoads,
  files,
  organizations,
  suppliers,
  users,
} from '../../db/schema';
import { containsPattern, jsonRecordset } from '../../db/sql';
import { fileStore } from '../../lib/file-store';
import { newId } from '../../lib/ids';
import type { ObjectStore } from '../../lib/object-store';
import type { SerialisedRow } from './staging';

/** Keeps an uploaded sheet in the file store (kind DATA_LOAD): its bytes and a file naming it. */
export async function insertLoadFile(
  db: Database,
  input: { organizationId: string; fileName: string; data: Buffer; mime: string; createdBy: string },
): Promise<string> {
  const content = await fileStore(db).put(input.data, { mime: input.mime, maxBytes: LIMITS.dataLoadBytes });
  const [file] = await db
    .insert(files)
    .values({
      organizationId: input.organizationId,
      kind: 'DATA_LOAD',
      filename: input.fileName,
      contentId: content.id,
      createdBy: input.createdBy,
    })
    .returning({ id: files.id });
  return file!.id;
}

/**
 * Deletes an uploaded sheet that is no longer needed (its load was cancelled, failed or replaced by
 * corrections), and its bytes unless another file shares them. A confirmed load keeps its file.
 * `objects`: the sheet's bytes may be a backup copy's, kept in the object store (decision 0037).
 */
export async function deleteLoadFile(
  db: Database,
  objects: ObjectStore | null,
  fileId: string | null,
): Promise<void> {
  if (!fileId) return;
  const deleted = await db
    .delete(files)
    .where(and(eq(files.id, fileId), eq(files.kind, 'DATA_LOAD')))
    .returning({ contentId: files.contentId });
  for (const { contentId } of deleted) await fileStore(db, objects).deleteIfUnused(contentId);
}

/**
 * An uploaded sheet's bytes, in a buffer of their own (not a slice of Node's pool), so they can be
 * handed to the reading thread; null when the file is gone. The same bytes stored once may be a
 * backup copy's in the object store (a sheet a contract links to): `objects` reaches them.
 */
/** Deletes every file of a load (its first, and the others of an upload of several). */
export async function deleteLoadFiles(
  db: Database,
  objects: ObjectStore | null,
  load: { fileId: string | null; files: readonly { fileId: string }[] },
): Promise<void> {
  const ids = new Set([load.fileId, ...load.files.map((file) => file.fileId)]);
  for (const id of ids) await deleteLoadFile(db, objects, id);
}

export async function loadFileBytes(
  db: Database,
  objects: ObjectStore | null,
  fileId: string,
): Promise<Uint8Array | null> {
  const [file] = await db.select({ contentId: files.contentId }).from(files).where(eq(files.id, fileId));
  if (!file) return null;
  const stored = await fileStore(db, objects).get(file.contentId);
  if (!stored) return null;
  const own = new Uint8Array(stored.size);
  let offset = 0;
  for await (const chunk of stored.stream) {
    own.set(chunk as Buffer, offset);
    offset += (chunk as Buffer).length;
  }
  return own;
}

export type DataLoadRow = typeof dataLoads.$inferSelect;
export type StagedRowRecord = typeof dataLoadRows.$inferSelect;

const OPEN = ['UPLOADING', 'CURRENT'] as const;

/** Whether an error is the one-open-load-per-monitor index refusing a second load. */
export function isOpenLoadConflict(error: unknown): boolean {
  const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; message?: string };
  return cause.code === '23505' && Boolean(cause.message?.includes('data_loads_one_open_key'));
}

export async function insertLoad(
  db: Database,
  load: {
    organizationId: string;
    uploadedBy: string;
    fileName: string;
    fileId: string;
    files: { fileId: string; fileName: string }[];
    administrationPeriod: string | null;
  },
): Promise<DataLoadRow> {
  const [row] = await db.insert(dataLoads).values(load).returning();
  return row!;
}

export async function findLoad(db: Database, id: string): Promise<DataLoadRow | undefined> {
  const [row] = await db.select().from(dataLoads).where(eq(dataLoads.id, id)).limit(1);
  return row;
}

/** The monitor's load being read or waiting for review, if any. */
export async function findOpenLoad(db: Database, organizationId: string): Promise<DataLoadRow | undefined> {
  const [row] = await db
    .select()
    .from(dataLoads)
    .where(and(eq(dataLoads.organizationId, organizationId), inArray(dataLoads.status, [...OPEN])))
    .limit(1);
  return row;
}

/** The monitor's latest load (a failed one included: its message is shown once). */
export async function findLatestLoad(db: Database, organizationId: string): Promise<DataLoadRow | undefined> {
  const [row] = await db
    .select()
    .from(dataLoads)
    .where(eq(dataLoads.organizationId, organizationId))
    .orderBy(desc(dataLoads.createdAt))
    .limit(1);
  return row;
}

/** A load, locked until the transaction ends (confirm, cancel and each written batch take it). */
export async function lockLoad(db: Database, id: string): Promise<DataLoadRow | undefined> {
  const [row] = await db.select().from(dataLoads).where(eq(dataLoads.id, id)).for('update').limit(1);
  return row;
}

export async function updateLoad(db: Database, id: string, changes: Partial<DataLoadRow>): Promise<void> {
  await db
    .update(dataLoads)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(dataLoads.id, id));
}

export async function deleteLoadRows(db: Database, dataLoadId: string): Promise<void> {
  await db.delete(dataLoadRows).where(eq(dataLoadRows.dataLoadId, dataLoadId));
}

export interface RowToInsert extends SerialisedRow {
  status: DataLoadRowStatus;
  skipRow: boolean;
  willCreateDoc: boolean;
}

/**
 * Stages a batch of rows in one statement: the rows travel as one JSON text in which each row's
 * cells and contract are already JSON (made by the reading thread), so the job builds no objects.
 */
export async function insertLoadRows(db: Database, dataLoadId: string, rows: readonly RowToInsert[]) {
  if (rows.length === 0) return;
  const records = rows.map(
    (row) =>
      `{"id":${JSON.stringify(newId())},"row_index":${row.rowIndex},"position":${row.position},"file_name":${JSON.stringify(row.fileName)},"reason":${JSON.stringify(row.notContract)},"data":${row.dataJson},"has_errors":${row.hasErrors},"has_infos":${row.hasInfos},"skip_row":${row.skipRow},"will_create_doc":${row.willCreateDoc},"status":"${row.status}","identity":${JSON.stringify(row.identity)},"contract":${row.contractJson ?? 'null'},"extra":${row.extraJson ?? 'null'},"search_text":${JSON.stringify(row.searchText)}}`,
  );
  await db.execute(sql`
    INSERT INTO ${dataLoadRows} (id, data_load_id, row_index, position, file_name, reason, data, has_errors,
      has_infos, skip_row, will_create_doc, status, identity, contract, extra, search_text)
    SELECT id, ${dataLoadId}::uuid, row_index, position, file_name, reason, data, has_errors, has_infos, skip_row,
      will_create_doc, status, identity, contract, extra, search_text
    FROM ${jsonRecordset(
      `[${records.join(',')}]`,
      `id uuid, row_index integer, position integer, file_name text, reason text, data jsonb, has_errors boolean, has_infos boolean, skip_row boolean,
       will_create_doc boolean, status data_load_row_status, identity text, contract jsonb, extra jsonb,
       search_text text`,
    )}`);
}

export interface RowFilters {
  search?: string;
  showNoIssues: boolean;
  showSkipped: boolean;
  showErrors: boolean;
  /** The rows that are not contracts (format 28), listed apart: never among the others. */
  showNotContracts?: boolean;
}

function rowConditions(dataLoadId: string, filters: RowFilters) {
  const statuses: DataLoadRowStatus[] = [];
  if (filters.showNoIssues) statuses.push('NO_ISSUES');
  if (filters.showSkipped) statuses.push('SKIPPED');
  if (filters.showErrors) statuses.push('ERROR');
  if (filters.showNotContracts) statuses.push('NOT_CONTRACT');
  const search = filters.search?.trim();
  return and(
    eq(dataLoadRows.dataLoadId, dataLoadId),
    // None shown: nothing.
    statuses.length === 0 ? sql`false` : inArray(dataLoadRows.status, statuses),
    // search_text is kept lower-case and without accents, as containsPattern folds the search.
    search ? sql`${dataLoadRows.searchText} LIKE ${containsPattern(search)}` : undefined,
  );
}

/** One page of the load's rows in sheet order, and how many match. */
export async function pageLoadRows(
  db: Database,
  dataLoadId: string,
  filters: RowFilters & { page: number; limit: number },
): Promise<{ rows: StagedRowRecord[]; total: number }> {
  const where = rowConditions(dataLoadId, filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(dataLoadRows)
      .where(where)
      .orderBy(asc(dataLoadRows.position))
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit),
    db.select({ total: count() }).from(dataLoadRows).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The load's rows after `afterRowIndex`, in sheet order (the validations download reads them in
 * pages): the rows that are not contracts stay out (loaded back, they would be rows with errors).
 */
export function loadRowsAfter(db: Database, dataLoadId: string, afterPosition: number, limit: number) {
  return db
    .select()
    .from(dataLoadRows)
    .where(
      and(
        eq(dataLoadRows.dataLoadId, dataLoadId),
        gt(dataLoadRows.position, afterPosition),
        ne(dataLoadRows.status, 'NOT_CONTRACT'),
      ),
    )
    .orderBy(asc(dataLoadRows.position))
    .limit(limit);
}

/** The rows confirm writes: no errors, not skipped. */
export function importableRowsAfter(db: Database, dataLoadId: string, afterPosition: number, limit: number) {
  return db
    .select({
      position: dataLoadRows.position,
      contract: dataLoadRows.contract,
      identity: dataLoadRows.identity,
    })
    .from(dataLoadRows)
    .where(
      and(
        eq(dataLoadRows.dataLoadId, dataLoadId),
        gt(dataLoadRows.position, afterPosition),
        eq(dataLoadRows.status, 'NO_ISSUES'),
        isNotNull(dataLoadRows.contract),
      ),
    )
    .orderBy(asc(dataLoadRows.position))
    .limit(limit);
}

/** The monitor's last confirmed load: when, and who uploaded it. */
export async function lastConfirmedLoad(
  db: Database,
  organizationId: string,
): Promise<{ confirmedAt: Date; uploadedBy: string | null } | undefined> {
  const [row] = await db
    .select({
      confirmedAt: dataLoads.confirmedAt,
      uploadedBy: sql<string | null>`${users.name} || ' ' || ${users.lastName}`,
    })
    .from(dataLoads)
    .leftJoin(users, eq(users.id, dataLoads.uploadedBy))
    .where(and(eq(dataLoads.organizationId, organizationId), eq(dataLoads.status, 'CONFIRMED')))
    .orderBy(desc(dataLoads.confirmedAt))
    .limit(1);
  return row?.confirmedAt ? { confirmedAt: row.confirmedAt, uploadedBy: row.uploadedBy } : undefined;
}

export async function userName(db: Database, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db
    .select({ name: sql<string>`${users.name} || ' ' || ${users.lastName}` })
    .from(users)
    .where(eq(users.id, id));
  return row?.name ?? null;
}

/** The monitor's live suppliers and administrative units (the load matches names against them). */
/** The monitor's default administration period, if it has one (a format-28 row's period is found among its periods). */
export async function defaultPeriodOf(db: Database, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ period: organizations.defaultAdministrationPeriod })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.period ?? null;
}

export async function monitorReferences(db: Database, organizationId: string) {
  // One after the other: inside confirm's transaction this is one connection.
  const supplierRows = await db
    .select({ id: suppliers.id, name: suppliers.name, rfc: suppliers.rfc })
    .from(suppliers)
    .where(and(eq(suppliers.organizationId, organizationId), isNull(suppliers.deletedAt)));
  const unitRows = await db
    .select({ id: administrativeUnits.id, name: administrativeUnits.name })
    .from(administrativeUnits)
    .where(
      and(eq(administrativeUnits.organizationId, organizationId), isNull(administrativeUnits.deletedAt)),
    );
  return { suppliers: supplierRows, units: unitRows };
}

const INSERT_BATCH = 500;

export async function insertSuppliers(
  db: Database,
  rows: readonly {
    id: string;
    organizationId: string;
    name: string;
    rfc: string | null;
    createdBy: string;
  }[],
) {
  for (let start = 0; start < rows.length; start += INSERT_BATCH)
    await db.insert(suppliers).values(rows.slice(start, start + INSERT_BATCH));
}

export async function insertUnits(
  db: Database,
  rows: readonly { id: string; organizationId: string; name: string; createdBy: string }[],
) {
  for (let start = 0; start < rows.length; start += INSERT_BATCH)
    await db.insert(administrativeUnits).values(rows.slice(start, start + INSERT_BATCH));
}
