import type { BackupReason, BackupState } from '../../../shared/constants/backups';
import { CONTRACT_DOCUMENT_FIELDS, CONTRACT_DOCUMENTS } from '../../../shared/constants/enums';
import type { DocumentBackup } from '../../../shared/schemas/backups';
import type { Database } from '../../db/client';
import { pageOffset, toPage } from '../../lib/pagination';
import { RowCache } from '../../lib/row-cache';
import { VersionsSeen } from '../../lib/versions-seen';
import type { AppDeps, OrganizationRow } from '../../types';
import type { DocumentRegistration } from '../contracts/contracts.write';
import { type DocumentField, documentLink } from '../contracts/document-links';
import { requestBackups } from './backup-jobs';
import { type CopyInfo, presentBackup } from './backups.presenter';
import {
  backupSummary,
  copiesVersionOf,
  documentsOf,
  findSources,
  registerDocuments,
  retrySources,
} from './backups.repository';

/**
 * The copies of contract documents as people read them (decision 0037): a contract's four
 * documents with their versions (public page, contract form), a monitor's summary and its list of
 * documents (administrators), and the retry an administrator asks for.
 */

const BACKUPS_PAGE_SIZE = 20;

/**
 * The contract write path's registration of documents (saveContracts takes it as a port): the
 * links are registered in the write's transaction and a run of the copies starts once it commits.
 */
export function documentRegistration(deps: Pick<AppDeps, 'jobs' | 'config'>): DocumentRegistration {
  return async (tx, organizationId, links) => {
    await registerDocuments(tx, organizationId, links);
    if (links.length > 0) await requestBackups(deps, tx);
  };
}

/**
 * What a process keeps of how many times each monitor's copies changed (AppDeps.copies): read from
 * the database, dropped by the event the copies' trigger sends (migration 0040), looked at again
 * at most every BACKUP_PAGES_SEE_COPIES_MS. A channel of its own: a backup run changes copies many
 * times a second, which must not drop the monitor's row that every request reads.
 */
export function copiesVersions(deps: Pick<AppDeps, 'database' | 'events' | 'config'>): VersionsSeen {
  const rows = new RowCache({
    events: deps.events,
    channel: 'copies',
    load: async (organizationId) => ({ version: await copiesVersionOf(deps.database.db, organizationId) }),
    maxEntries: 1_000,
  });
  return new VersionsSeen(rows, deps.config.backups.pagesSeeCopiesMs);
}

/**
 * A contract's documents, in the spec's order, each with its copies. A link with no registered
 * source (the demonstration's, seeded without the write path) has no copy and none coming: it is
 * NOT_KEPT, never PENDING, which promised a copy that never came (decision 0044).
 */
export async function contractBackups(
  db: Database,
  organizationId: string,
  values: Partial<Record<DocumentField, string | null>>,
): Promise<DocumentBackup[]> {
  const links = CONTRACT_DOCUMENTS.flatMap((document) => {
    const link = documentLink(values[CONTRACT_DOCUMENT_FIELDS[document]]);
    return link ? [{ document, link }] : [];
  });
  const found = await documentsOf(
    db,
    organizationId,
    links.map(({ link }) => link.url),
  );
  return links.map(({ document, link }) =>
    presentBackup(document, found.get(link.url) ?? unregistered(link.url, link.fetchable)),
  );
}

/**
 * The newest copy of each of some links of a monitor (an amendment's document, say): link → the
 * copy's file id, or null when none is kept (yet).
 */
export async function newestCopies(
  db: Database,
  organizationId: string,
  urls: readonly string[],
): Promise<Map<string, string | null>> {
  const links = urls.flatMap((url) => {
    const link = documentLink(url);
    return link ? [link] : [];
  });
  const found = await documentsOf(
    db,
    organizationId,
    links.map((link) => link.url),
  );
  return new Map(
    links.map((link) => {
      const copy = found.get(link.url);
      return [link.url, copy ? (presentBackup('CONTRACT', copy).versions[0]?.fileId ?? null) : null];
    }),
  );
}

/** A document as a contract shows it: a registered source's, or an unregistered link's. */

function unregistered(url: string, fetchable: boolean): CopyInfo {
  return {
    url,
    state: fetchable ? 'NOT_KEPT' : 'FAILED',
    reason: fetchable ? null : 'ADDRESS',
    lastCheckedAt: null,
    goneSince: null,
    versions: [],
  };
}

export async function summary(deps: AppDeps, organization: OrganizationRow) {
  const { states, gone, bytes } = await backupSummary(deps.database.db, organization.id);
  const sum = (state: string) =>
    states.filter((row) => row.state === state).reduce((total, row) => total + row.n, 0);
  const failedByReason: Partial<Record<BackupReason, number>> = {};
  for (const row of states)
    if (row.state === 'FAILED' && row.reason)
      failedByReason[row.reason as BackupReason] = (failedByReason[row.reason as BackupReason] ?? 0) + row.n;
  return {
    documents: states.reduce((total, row) => total + row.n, 0),
    copied: sum('COPIED'),
    pending: sum('PENDING'),
    failed: sum('FAILED'),
    failedByReason,
    gone,
    bytes,
    quotaBytes: deps.config.backups.quotaBytes,
  };
}

export async function sources(
  deps: AppDeps,
  organization: OrganizationRow,
  query: { page: number; state?: BackupState; reason?: BackupReason },
) {
  const { rows, total } = await findSources(deps.database.db, organization.id, {
    state: query.state,
    reason: query.reason,
    offset: pageOffset(query.page, BACKUPS_PAGE_SIZE),
    limit: BACKUPS_PAGE_SIZE,
  });
  const docs = rows.map((row) => ({
    _id: row.id,
    url: row.url,
    state: row.state,
    reason: row.reason as BackupReason | null,
    failures: row.failures,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    nextCheckAt: row.nextCheckAt === null ? null : new Date(row.nextCheckAt).toISOString(),
    goneSince: row.goneSince?.toISOString() ?? null,
    versions: row.versions,
    size: row.size === null ? null : Number(row.size),
  }));
  return toPage(docs, total, query.page, BACKUPS_PAGE_SIZE);
}

/** An administrator asks for some documents (or every failed one) again; the fetching starts at once. */
export async function retry(
  deps: AppDeps,
  organization: OrganizationRow,
  ids: readonly string[] | undefined,
) {
  const retried = await retrySources(deps.database.db, organization.id, ids ?? null, deps.now());
  return { retried };
}
