import { LIMITS } from '../../../shared/constants/limits';
import { pageCount } from '../../../shared/schemas/common';
import {
  DATA_LOAD_MESSAGES,
  type DataLoadInfo,
  type DataLoadRowDoc,
} from '../../../shared/schemas/data-load';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { OrganizationRow } from '../../types';
import { createNotification } from '../admin/notifications.service';
import { presentLoadInfo, presentLoadRow } from './data-load.presenter';
import {
  type DataLoadRow,
  deleteLoadFiles,
  deleteLoadRows,
  findLatestLoad,
  findOpenLoad,
  insertLoad,
  insertLoadFile,
  isOpenLoadConflict,
  lastConfirmedLoad,
  loadRowsAfter,
  lockLoad,
  pageLoadRows,
  type RowFilters,
  updateLoad,
  userName,
} from './data-load.repository';
import type { DataLoadDeps } from './data-load.types';
import { DATA_LOAD_READ_JOB } from './data-load-reading';
import {
  CORRUPT_WORKBOOK,
  declaredLastRow,
  type FileKind,
  sniffFileKind,
  TOO_LARGE_UNCOMPRESSED,
  tooManyRows,
  zipUncompressedBytes,
} from './sheet/workbook';
import type { ValidationRow } from './validations';

/**
 * The spreadsheet load (admin spec, sections 2 to 8; data-load-rules.md): an upload stores the
 * file and queues its reading; the reading job stages every row with its messages, duplicates and
 * references; the administrator reviews, corrects, cancels or confirms; confirm writes through the
 * one contract write path in one transaction. State lives in PostgreSQL (data_loads, data_load_rows),
 * so any process serves any step and a restart loses nothing.
 *
 * This file holds the requests' side: the upload, the review's reads and the cancel. The reading
 * is data-load-reading.ts, confirm data-load-confirm.ts, the review's shapes data-load.presenter.ts.
 */

// ---------------------------------------------------------------------------------------------
// Upload

export interface UploadInput {
  /** The uploaded files in order: one, or up to 20 (format-28 workbooks of several quarters or areas). */
  files: { data: Buffer; fileName: string | null }[];
  /** Corrections: the current load whose rows the files replace. */
  idDataLoad?: string;
  /** A format-28 workbook's administration period (YYYY-YYYY), applied to every row; null: by each row's year. */
  administrationPeriod?: string | null;
}

/** The file's problem, named by the file when the upload holds several. */
const ofFile = (message: string, name: string | null, several: boolean) =>
  several && name ? `«${name}»: ${message}` : message;

/** What a file is (by content) and its unzipped size and declared rows, checked before it is stored. */
function checkFile(data: Buffer, name: string | null, several: boolean) {
  if (data.length === 0) throw new AppError('BAD_REQUEST', ofFile(DATA_LOAD_MESSAGES.noFile, name, several));
  const kind = sniffFileKind(data);
  if (!kind)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', ofFile(DATA_LOAD_MESSAGES.notSpreadsheet, name, several));
  if (kind === 'xlsx' || kind === 'ods') {
    const refuse = (message: string) => new AppError('UNPROCESSABLE', ofFile(message, name, several));
    const unzipped = zipUncompressedBytes(data);
    if (unzipped === null) throw refuse(CORRUPT_WORKBOOK);
    if (unzipped > LIMITS.dataLoadUncompressedBytes) throw refuse(TOO_LARGE_UNCOMPRESSED);
    // A sheet that declares more rows than allowed (besides its headers: up to twelve rows in a
    // format-28 workbook) is refused unread; the reading counts them anyway, exactly.
    const lastRow = kind === 'xlsx' ? declaredLastRow(data) : null;
    if (lastRow !== null && lastRow - HEADER_ROWS_AT_MOST > LIMITS.dataLoadRows)
      throw refuse(tooManyRows(LIMITS.dataLoadRows));
  }
  return { kind, fileName: cleanFileName(name, kind) };
}

/** The name a load of several files shows: how many, and the first ones. */
function loadName(names: readonly string[]): string {
  if (names.length === 1) return names[0]!;
  return `${names.length} archivos: ${names.join(', ')}`.slice(0, 300);
}

/**
 * Stores the files and queues their reading; answers at once. What each file is (by content) and
 * its unzipped size are checked here; everything else is the reading job's (its messages reach the
 * screen as the load's failure).
 */
export async function uploadLoad(
  deps: DataLoadDeps,
  organization: OrganizationRow,
  actor: Actor,
  input: UploadInput,
): Promise<DataLoadInfo> {
  if (input.files.length === 0) throw new AppError('BAD_REQUEST', DATA_LOAD_MESSAGES.noFile);
  const several = input.files.length > 1;
  const checked = input.files.map((file) => ({ ...file, ...checkFile(file.data, file.fileName, several) }));
  const fileName = loadName(checked.map((file) => file.fileName));
  const { db } = deps.database;
  try {
    await db.transaction(async (tx) => {
      const stored: { fileId: string; fileName: string }[] = [];
      for (const file of checked)
        stored.push({
          fileId: await insertLoadFile(tx, {
            organizationId: organization.id,
            fileName: file.fileName,
            data: file.data,
            mime: MIME_OF[file.kind],
            createdBy: actor.userId,
          }),
          fileName: file.fileName,
        });
      const files = several ? stored : [];
      let loadId: string;
      if (input.idDataLoad) {
        const load = await lockLoad(tx, input.idDataLoad);
        if (!load || load.organizationId !== organization.id || load.status !== 'CURRENT')
          throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.notAvailable);
        await deleteLoadFiles(tx, deps.objects, load);
        await updateLoad(tx, load.id, {
          status: 'UPLOADING',
          fileName,
          fileId: stored[0]!.fileId,
          files,
          uploadedBy: actor.userId,
          // Corrections keep the period chosen for the first file unless another is given.
          ...(input.administrationPeriod ? { administrationPeriod: input.administrationPeriod } : {}),
          summary: null,
          rowsTotal: null,
          rowsProcessed: 0,
          messages: [],
          failureMessage: null,
        });
        loadId = load.id;
      } else {
        const load = await insertLoad(tx, {
          organizationId: organization.id,
          uploadedBy: actor.userId,
          fileName,
          fileId: stored[0]!.fileId,
          files,
          administrationPeriod: input.administrationPeriod ?? null,
        });
        loadId = load.id;
      }
      await deps.jobs.enqueue(DATA_LOAD_READ_JOB, { dataLoadId: loadId }, { tx });
    });
  } catch (error) {
    if (isOpenLoadConflict(error)) throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.inProgress);
    throw error;
  }
  return loadInfo(deps, organization);
}

/** The rows above a sheet's data at most (format 28's headers are in row 7; found within twelve). */
const HEADER_ROWS_AT_MOST = 12;

const MIME_OF: Record<FileKind, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  cfb: 'application/vnd.ms-excel',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  csv: 'text/csv',
};
const EXTENSION_OF: Record<FileKind, string> = { xlsx: 'xlsx', cfb: 'xls', ods: 'ods', csv: 'csv' };

/** The name shown for the file: the browser's, without a path or control characters, or a default. */
function cleanFileName(name: string | null, kind: FileKind): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}]/gu, '')
    .trim()
    .slice(0, 200);
  return base || `carga.${EXTENSION_OF[kind]}`;
}

// ---------------------------------------------------------------------------------------------
// Review

export async function loadInfo(deps: DataLoadDeps, organization: OrganizationRow): Promise<DataLoadInfo> {
  const { db } = deps.database;
  const [open, latest, recent] = await Promise.all([
    findOpenLoad(db, organization.id),
    findLatestLoad(db, organization.id),
    lastConfirmedLoad(db, organization.id),
  ]);
  return presentLoadInfo({
    open,
    openUploadedBy: open ? await userName(db, open.uploadedBy) : null,
    latest,
    recent,
  });
}

/** The current load, or the spec's 'not available' answer. */
export async function currentLoad(deps: DataLoadDeps, organization: OrganizationRow): Promise<DataLoadRow> {
  const load = await findOpenLoad(deps.database.db, organization.id);
  if (!load) throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.notAvailable);
  return load;
}

/**
 * The current load's rows in order, read 2,000 at a time (the validations download). The load is
 * found first, so a monitor without one gets its error before the download starts.
 */
export async function currentLoadRows(
  deps: DataLoadDeps,
  organization: OrganizationRow,
): Promise<AsyncGenerator<ValidationRow>> {
  const { id } = await currentLoad(deps, organization);
  const { db } = deps.database;
  return (async function* rows() {
    let after = 0;
    for (;;) {
      const page = await loadRowsAfter(db, id, after, 2_000);
      if (page.length === 0) return;
      after = page.at(-1)!.position;
      yield* page;
    }
  })();
}

export async function loadRowsPage(
  deps: DataLoadDeps,
  organization: OrganizationRow,
  query: RowFilters & { page: number },
): Promise<{ docs: DataLoadRowDoc[]; total: number; page: number; pages: number }> {
  // No load (confirmed or cancelled meanwhile, in another tab say): nothing to review.
  const load = await findOpenLoad(deps.database.db, organization.id);
  if (!load) return { docs: [], total: 0, page: 1, pages: 1 };
  const limit = LIMITS.dataLoadPageSize;
  const { rows, total } = await pageLoadRows(deps.database.db, load.id, { ...query, limit });

  return {
    docs: rows.map(presentLoadRow),
    total,
    page: query.page,
    pages: pageCount(total, limit),
  };
}

// ---------------------------------------------------------------------------------------------
// Cancel

export async function cancelLoad(
  deps: DataLoadDeps,
  organization: OrganizationRow,
  actor: Actor,
): Promise<void> {
  const load = await currentLoad(deps, organization);
  await deps.database.db.transaction(async (tx) => {
    const locked = await lockLoad(tx, load.id);
    if (!locked || (locked.status !== 'UPLOADING' && locked.status !== 'CURRENT'))
      throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.notAvailable);
    await deleteLoadRows(tx, load.id);
    await updateLoad(tx, load.id, {
      status: 'CANCELLED',
      cancelledAt: deps.now(),
      cancelledBy: actor.userId,
    });
    await deleteLoadFiles(tx, deps.objects, locked);
    await createNotification(tx, {
      organizationId: organization.id,
      createdBy: actor.userId,
      status: 'INFO',
      message: `${actor.name} canceló la carga del archivo «${load.fileName}».`,
    });
  });
}
