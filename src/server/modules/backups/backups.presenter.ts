import type { DocumentCopyState } from '../../../shared/constants/backups';
import type { DocumentBackup } from '../../../shared/schemas/backups';
import type { DocumentBackupInfo } from './backups.repository';

/** A document's copies as the service finds them (NOT_KEPT for a link with no registered source). */
export type CopyInfo = Omit<DocumentBackupInfo, 'state'> & { state: DocumentCopyState };

/** A contract document with its copies, as the public page and the contract form read it. */
export function presentBackup(document: DocumentBackup['document'], info: CopyInfo): DocumentBackup {
  return {
    document,
    url: info.url,
    state: info.state,
    reason: info.reason,
    lastCheckedAt: info.lastCheckedAt?.toISOString() ?? null,
    goneSince: info.goneSince?.toISOString() ?? null,
    versions: info.versions.map((version) => ({
      fileId: version.fileId,
      sha256: version.sha256,
      size: version.size,
      mimeType: version.mimeType,
      copiedAt: version.copiedAt.toISOString(),
    })),
  };
}
