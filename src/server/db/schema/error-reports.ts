import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { organizations } from './organizations';

/**
 * Unexpected errors seen by browsers (decision 0023): one row per monitor and fingerprint, with
 * how often and when it was last seen, so a repeated error counts instead of adding rows. Texts
 * are scrubbed of personal data before they get here; the visitor's address is not kept.
 */
export const errorReports = pgTable(
  'error_reports',
  {
    id: id(),
    /** The monitor whose administrators are told (null only when the installation has none). */
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    /** sha256 of the source, message and first stack frames, derived by the server. */
    fingerprint: text().notNull(),
    source: text().notNull(),
    message: text().notNull(),
    stack: text(),
    /** Screen where it was first seen (path only). */
    path: text().notNull(),
    /** Request id of the latest failed call that came with it, to find the server's log line. */
    requestId: text(),
    userAgent: text(),
    occurrences: integer().notNull().default(1),
    firstSeenAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When administrators were last notified of it (null: the monitor's hourly cap was reached). */
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('error_reports_org_fingerprint_key').on(t.organizationId, t.fingerprint).nullsNotDistinct(),
    index('error_reports_last_seen_idx').on(t.lastSeenAt),
    index('error_reports_org_notified_idx').on(t.organizationId, t.notifiedAt),
  ],
);

/** What visitors wrote in the unexpected-error modal about a report. */
export const errorReportDescriptions = pgTable(
  'error_report_descriptions',
  {
    id: id(),
    reportId: uuid()
      .notNull()
      .references(() => errorReports.id, { onDelete: 'cascade' }),
    description: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('error_report_descriptions_report_idx').on(t.reportId)],
);
