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
  deleteLoadFile,
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
  file: Buffer | null;
  fileName: string | null;
  /** Corrections: the current load whose rows the file replaces. */
  idDataLoad?: string;
  /** A format-28 workbook's administration period (YYYY-YYYY), applied to every row; null: by each row's year. */
  administrationPeriod?: string | null;
}

/**
 * Stores the file and queues its reading; answers at once. What the file is (by content) and its
 * unzipped size are checked here; everything else is the reading job's (its messages reach the
 * screen as the load's failure).
 */
export async function uploadLoad(
  deps: DataLoadDeps,
  organization: OrganizationRow,
  actor: Actor,
  input: UploadInput,
): Promise<DataLoadInfo> {
  const { file } = input;
  if (!file || file.length === 0) throw new AppError('BAD_REQUEST', DATA_LOAD_MESSAGES.noFile);
  const kind = sniffFileKind(file);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DATA_LOAD_MESSAGES.notSpreadsheet);
  if (kind === 'xlsx' || kind === 'ods') {
    const unzipped = zipUncompressedBytes(file);
    if (unzipped === null) throw new AppError('UNPROCESSABLE', CORRUPT_WORKBOOK);
    if (unzipped > LIMITS.dataLoadUncompressedBytes)
      throw new AppError('UNPROCESSABLE', TOO_LARGE_UNCOMPRESSED);
    // A sheet that declares more rows than allowed (besides its headers: up to twelve rows in a
    // format-28 workbook) is refused unread; the reading counts them anyway, exactly.
    const lastRow = kind === 'xlsx' ? declaredLastRow(file) : null;
    if (lastRow !== null && lastRow - HEADER_ROWS_AT_MOST > LIMITS.dataLoadRows)
      throw new AppError('UNPROCESSABLE', tooManyRows(LIMITS.dataLoadRows));
  }
  const fileName = cleanFileName(input.fileName, kind);
  const mime = MIME_OF[kind];
  const { db } = deps.database;
  try {
    await db.transaction(async (tx) => {
      const storedId = await insertLoadFile(tx, {
        organizationId: organization.id,
        fileName,
        data: file,
        mime,
        createdBy: actor.userId,
      });
      let loadId: string;
      if (input.idDataLoad) {
        const load = await lockLoad(tx, input.idDataLoad);
        if (!load || load.organizationId !== organization.id || load.status !== 'CURRENT')
          throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.notAvailable);
        await deleteLoadFile(tx, deps.objects, load.fileId);
        await updateLoad(tx, load.id, {
          status: 'UPLOADING',
          fileName,
          fileId: storedId,
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
          fileId: storedId,
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
      after = page.at(-1)!.rowIndex;
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
    await deleteLoadFile(tx, deps.objects, locked.fileId);
    await createNotification(tx, {
      organizationId: organization.id,
      createdBy: actor.userId,
      status: 'INFO',
      message: `${actor.name} canceló la carga del archivo «${load.fileName}».`,
    });
  });
}
