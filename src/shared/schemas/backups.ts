import { z } from 'zod';
import { BACKUP_REASONS, BACKUP_STATES, DOCUMENT_COPY_STATES } from '../constants/backups';
import { CONTRACT_DOCUMENTS } from '../constants/enums';
import { PaginationSchema, successEnvelope } from './common';

/** Backup copies of contract documents (decision 0037). */

export const DocumentVersionSchema = z.object({
  /** Downloadable at /public-api/files/download/{fileId}. */
  fileId: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  copiedAt: z.string(),
});

/** One document of a contract and its copies, newest first. */
export const DocumentBackupSchema = z.object({
  document: z.enum(CONTRACT_DOCUMENTS),
  url: z.string(),
  /** NOT_KEPT: the link was never registered, so no copy is kept nor coming (decision 0044). */
  state: z.enum(DOCUMENT_COPY_STATES),
  /** Why there is no copy, or why the last check failed. */
  reason: z.enum(BACKUP_REASONS).nullable(),
  lastCheckedAt: z.string().nullable(),
  /** The source stopped serving it (404, 410) on this date; the last copy is kept. */
  goneSince: z.string().nullable(),
  versions: z.array(DocumentVersionSchema),
});
export type DocumentBackup = z.infer<typeof DocumentBackupSchema>;

export const BackupSummarySchema = z.object({
  documents: z.number().int(),
  copied: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  /** Documents without a copy, per reason. */
  failedByReason: z.partialRecord(z.enum(BACKUP_REASONS), z.number().int()),
  /** Copied documents their source no longer serves. */
  gone: z.number().int(),
  /** Space the copies take (every version). */
  bytes: z.number(),
  quotaBytes: z.number(),
});
export const BackupSummaryResponseSchema = successEnvelope(BackupSummarySchema);

export const BackupSourcesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  state: z.enum(BACKUP_STATES).optional(),
  reason: z.enum(BACKUP_REASONS).optional(),
});

export const BackupSourceSchema = z.object({
  _id: z.string(),
  url: z.string(),
  state: z.enum(BACKUP_STATES),
  reason: z.enum(BACKUP_REASONS).nullable(),
  failures: z.number().int(),
  lastCheckedAt: z.string().nullable(),
  /** Null: not until the link changes or someone asks for a retry. */
  nextCheckAt: z.string().nullable(),
  goneSince: z.string().nullable(),
  versions: z.number().int(),
  size: z.number().nullable(),
});
export const BackupSourcesResponseSchema = successEnvelope(
  PaginationSchema.extend({ docs: z.array(BackupSourceSchema) }),
);

export const BackupRetryBodySchema = z.object({
  /** The documents to ask for again; without them, every failed one of the monitor. */
  ids: z
    .array(z.uuid({ message: 'El documento no es válido.' }))
    .max(500)
    .optional(),
});
export const BackupRetryResponseSchema = successEnvelope(z.object({ retried: z.number().int() }));

export const ContractBackupsResponseSchema = successEnvelope(z.array(DocumentBackupSchema));
