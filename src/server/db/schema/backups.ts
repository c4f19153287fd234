import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BACKUP_STATES } from '../../../shared/constants/backups';
import { createdAt, id } from './columns';
import { files, organizations } from './organizations';

export const backupStateEnum = pgEnum('backup_state', BACKUP_STATES);

/**
 * A web document a monitor's contracts link to (decision 0037): one row per monitor and address,
 * whatever the number of contracts that link to it. It says whether a copy exists, when it is
 * checked next, who is fetching it (a lease, so that several processes never fetch it twice at
 * once), and what the source said last (ETag, Last-Modified, since when it is gone).
 */
export const documentSources = pgTable(
  'document_sources',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    /** The address's host name, lower case: the per-host limit counts by it. */
    host: text().notNull(),
    state: backupStateEnum().notNull().default('PENDING'),
    /** Why the last attempt failed (shared/constants/backups), null after a success. */
    reason: text(),
    /** Failures in a row: the wait before the next attempt grows with them. */
    failures: integer().notNull().default(0),
    /** When the document is fetched or checked next ('infinity': not until the link changes or an administrator asks). */
    nextCheckAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A process fetching it holds it until then; after a fetch, the host's pause. */
    leaseUntil: timestamp({ withTimezone: true }),
    lastCheckedAt: timestamp({ withTimezone: true }),
    etag: text(),
    lastModified: text(),
    /** The source stopped serving the document (404 or 410) while a copy is kept. */
    goneSince: timestamp({ withTimezone: true }),
    currentVersionId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_sources_url_idx').on(t.organizationId, t.url),
    index('document_sources_due_idx').on(t.nextCheckAt),
    index('document_sources_lease_idx').on(t.leaseUntil),
    index('document_sources_state_idx').on(t.organizationId, t.state),
  ],
);

/** A copy of a document as it was at a moment: a new one each time its bytes change. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: id(),
    sourceId: uuid()
      .notNull()
      .references(() => documentSources.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    sha256: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    mimeType: text().notNull(),
    copiedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('document_versions_source_idx').on(t.sourceId, t.copiedAt)],
);

/** Every attempt to fetch or check a document, with its outcome. */
export const documentAttempts = pgTable(
  'document_attempts',
  {
    id: id(),
    sourceId: uuid()
      .notNull()
      .references(() => documentSources.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
    /** COPIED (first copy), CHANGED (a new version), UNCHANGED, GONE, FAILED. */
    outcome: text().notNull(),
    reason: text(),
    httpStatus: integer(),
    bytes: bigint({ mode: 'number' }),
    durationMs: integer().notNull(),
  },
  (t) => [index('document_attempts_source_idx').on(t.sourceId, t.at)],
);

/**
 * How many times what a monitor's visitors see of its document copies changed (a copy kept, a
 * check's date, a failure, gone from the source): the contract pages' answers are kept and
 * revalidated by it with the data version (decision 0054). A table of its own, bumped by a trigger
 * on document_sources (migration 0040), so the backup runner never waits for the monitor's row
 * that a data load holds while it writes.
 */
export const documentCopiesVersions = pgTable('document_copies_versions', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
