import type { DataLoadInfo, DataLoadRowDoc } from '../../../shared/schemas/data-load';
import type { DataLoadRow, StagedRowRecord } from './data-load.repository';
import { CORRUPT_WORKBOOK } from './sheet/workbook';

/**
 * The review's shapes (admin spec, sections 2 and 7): a monitor's loads as the load screen shows
 * them, and a staged row as the review's table shows it.
 */

export interface LoadsOfMonitor {
  /** The load being read or waiting for review. */
  open: DataLoadRow | undefined;
  /** The uploader's name of the open load. */
  openUploadedBy: string | null;
  /** The latest load, whatever its status (a failed reading is shown until another upload). */
  latest: DataLoadRow | undefined;
  recent: { confirmedAt: Date; uploadedBy: string | null } | undefined;
}

export function presentLoadInfo({ open, openUploadedBy, latest, recent }: LoadsOfMonitor): DataLoadInfo {
  return {
    current: open
      ? {
          _id: open.id,
          status: open.status,
          fileName: open.fileName,
          uploadedBy: openUploadedBy,
          createdAt: open.createdAt.toISOString(),
          rowsProcessed: open.rowsProcessed,
          rowsTotal: open.rowsTotal,
          summary: open.summary ?? null,
          messages: open.messages,
        }
      : null,
    recent: recent
      ? { recentConfirmedAt: recent.confirmedAt.toISOString(), recentUploadedBy: recent.uploadedBy }
      : null,
    failed:
      !open && latest?.status === 'FAILED'
        ? {
            _id: latest.id,
            fileName: latest.fileName,
            message: latest.failureMessage ?? CORRUPT_WORKBOOK,
            createdAt: latest.createdAt.toISOString(),
          }
        : null,
  };
}

export function presentLoadRow(row: StagedRowRecord): DataLoadRowDoc {
  return {
    rowIndex: row.rowIndex,
    fileName: row.fileName,
    data: Object.fromEntries(
      Object.entries(row.data).map(([field, cell]) => [
        field,
        {
          value: cell.value === null || cell.value === undefined ? null : String(cell.value),
          errors: cell.errors ?? [],
          infos: cell.infos ?? [],
          // Only a row that will be written creates its new supplier or unit.
          shouldCreateDoc: row.status === 'NO_ISSUES' && (cell.shouldCreateDoc ?? false),
        },
      ]),
    ),
    hasErrors: row.hasErrors,
    hasInfos: row.hasInfos,
    skipRow: row.skipRow,
    willCreateDoc: row.willCreateDoc,
    status: row.status,
    reason: row.reason,
  };
}
