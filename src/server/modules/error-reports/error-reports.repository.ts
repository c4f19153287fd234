import { and, asc, count, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { type Database, queryRows } from '../../db/client';
import { LOCKS } from '../../db/migrate';
import { errorReportDescriptions, errorReports, notifications, organizations } from '../../db/schema';

export interface ErrorReportInput {
  organizationId: string | null;
  fingerprint: string;
  source: string;
  message: string;
  stack: string | null;
  path: string;
  requestId: string | null;
  userAgent: string | null;
}

export interface RecordedReport {
  id: string;
  occurrences: number;
  /** Whether this call is the one that should notify the administrators. */
  notify: boolean;
}

/** The installation's oldest monitor: told of errors seen where no monitor was chosen. */
export async function findFirstMonitorId(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(isNull(organizations.deletedAt))
    .orderBy(asc(organizations.createdAt), asc(organizations.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Makes the caller the only request counting and creating error-report notifications of the
 * monitor until its transaction ends, so simultaneous reports and descriptions cannot pass the
 * hourly cap together (an advisory lock keyed by the monitor; `null`: reports with no monitor).
 */
export async function lockErrorNotifications(db: Database, organizationId: string | null): Promise<void> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(${LOCKS.errorNotifications}::int, hashtext(${organizationId ?? ''}))`,
  );
}

/**
 * How many notifications of a monitor no administrator created since `since`: those of error
 * reports and visitors' descriptions, the only ones a visitor can cause (decision 0023).
 */
export async function countVisitorNotificationsSince(
  db: Database,
  organizationId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.organizationId, organizationId),
        isNull(notifications.createdBy),
        gt(notifications.createdAt, since),
      ),
    );
  return row?.value ?? 0;
}

/**
 * Stores a report or counts one more occurrence of the same fingerprint, in one statement so
 * simultaneous repeats never make two rows. It notifies when the report is new, or when the
 * last notification of it is older than `renotifyBefore`, and only if `mayNotify` (the
 * monitor's hourly cap is not reached). `previous` reads the row as it was before the statement,
 * so the statement itself says whether it was the one that set `notified_at`.
 */
export async function recordErrorReport(
  db: Database,
  input: ErrorReportInput,
  options: { now: Date; renotifyBefore: Date; mayNotify: boolean },
): Promise<RecordedReport> {
  const { now, renotifyBefore, mayNotify } = options;
  const scope =
    input.organizationId === null
      ? sql`organization_id IS NULL`
      : sql`organization_id = ${input.organizationId}`;
  const due = (column: SQL) =>
    sql`(${column} IS NULL OR ${column} < ${renotifyBefore.toISOString()}::timestamptz)`;
  const [row] = await queryRows<{ id: string; occurrences: number; notify: boolean | null }>(
    db,
    sql`WITH previous AS (
          SELECT notified_at FROM error_reports WHERE ${scope} AND fingerprint = ${input.fingerprint}
        )
        INSERT INTO error_reports AS r (id, organization_id, fingerprint, source, message, stack, path,
          request_id, user_agent, first_seen_at, last_seen_at, notified_at)
        VALUES (${uuidv7()}, ${input.organizationId}, ${input.fingerprint}, ${input.source}, ${input.message},
          ${input.stack}, ${input.path}, ${input.requestId}, ${input.userAgent}, ${now.toISOString()}::timestamptz,
          ${now.toISOString()}::timestamptz, ${mayNotify ? now.toISOString() : null}::timestamptz)
        ON CONFLICT (organization_id, fingerprint) DO UPDATE SET
          occurrences = r.occurrences + 1,
          last_seen_at = excluded.last_seen_at,
          request_id = coalesce(excluded.request_id, r.request_id),
          notified_at = CASE WHEN ${mayNotify} AND ${due(sql`r.notified_at`)} THEN excluded.last_seen_at
                             ELSE r.notified_at END
        RETURNING r.id, r.occurrences,
          ${mayNotify} AND (r.xmax = 0 OR (r.notified_at = ${now.toISOString()}::timestamptz
            AND (SELECT ${due(sql`notified_at`)} FROM previous))) AS notify`,
  );
  return { id: row!.id, occurrences: row!.occurrences, notify: row!.notify === true };
}

/** Reports last seen before `before` are dropped with their descriptions. */
export async function pruneErrorReports(db: Database, before: Date): Promise<void> {
  await db.delete(errorReports).where(lt(errorReports.lastSeenAt, before));
}

export interface StoredReport {
  id: string;
  organizationId: string | null;
  message: string;
  path: string;
  descriptions: number;
}

/** A report with the number of descriptions it already has, or null. */
export async function findErrorReport(db: Database, id: string): Promise<StoredReport | null> {
  const [row] = await db
    .select({
      id: errorReports.id,
      organizationId: errorReports.organizationId,
      message: errorReports.message,
      path: errorReports.path,
      // Spelled out: Drizzle writes columns here unqualified, and a bare "id" would be the description's.
      descriptions: sql<number>`(SELECT count(*)::int FROM error_report_descriptions d
        WHERE d.report_id = error_reports.id)`,
    })
    .from(errorReports)
    .where(eq(errorReports.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertErrorReportDescription(
  db: Database,
  reportId: string,
  description: string,
  now: Date,
): Promise<void> {
  await db.insert(errorReportDescriptions).values({ reportId, description, createdAt: now });
}
