import { createHash } from 'node:crypto';
import {
  ERROR_REPORT_LIMITS,
  ERROR_REPORT_MESSAGES,
  type ErrorReportBody,
} from '../../../shared/schemas/error-reports';
import { scrubText } from '../../../shared/scrub';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AppDeps, OrganizationRow } from '../../types';
import { createNotification } from '../admin/notifications.service';
import { browserSummary } from './browser-summary';
import {
  countVisitorNotificationsSince,
  findErrorReport,
  findFirstMonitorId,
  insertErrorReportDescription,
  lockErrorNotifications,
  recordErrorReport,
} from './error-reports.repository';

const HOUR_MS = 60 * 60_000;
/** A repeated error notifies again at most once a day (with its count); otherwise it only counts. */
const RENOTIFY_AFTER_MS = 24 * HOUR_MS;
/**
 * Notifications of error reports and descriptions together, per monitor and hour: a flood from
 * many addresses cannot bury the bell.
 */
const NOTIFICATIONS_PER_HOUR = 20;
/** Descriptions kept per report (each one notifies). */
const DESCRIPTIONS_PER_REPORT = 20;
/** Longest excerpt of the error message or description in a notification. */
const EXCERPT = 200;

/** The first lines of a stack identify where the error was thrown (later ones depend on the caller). */
export function errorFingerprint(body: Pick<ErrorReportBody, 'source' | 'message' | 'stack'>): string {
  const frames = (body.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at ') || line.includes('@'))
    .slice(0, 3);
  return createHash('sha256')
    .update([body.source, body.message, ...frames].join('\n'))
    .digest('hex');
}

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT - 1)}…` : line;
}

/**
 * Records an unexpected error seen by a browser and tells the administrators of the monitor the
 * visitor was on (or of the installation's first monitor when none was chosen, decision 0023).
 * Repeats of the same error count on one row and do not notify again within a day.
 */
export async function reportError(
  deps: AppDeps,
  organization: OrganizationRow | null,
  body: ErrorReportBody,
  userAgent: string | undefined,
): Promise<{ id: string }> {
  const { db } = deps.database;
  const now = deps.now();
  const organizationId = organization?.id ?? (await findFirstMonitorId(db));
  const input = {
    organizationId,
    fingerprint: errorFingerprint(body),
    source: body.source,
    message: body.message,
    stack: body.stack?.trim() || null,
    path: body.path,
    requestId: body.requestId ?? null,
    userAgent: userAgent ? scrubText(userAgent.slice(0, ERROR_REPORT_LIMITS.userAgent)) : null,
  };
  return db.transaction(async (tx) => {
    if (organizationId) await lockErrorNotifications(tx, organizationId);
    const mayNotify = organizationId !== null && (await underHourlyCap(tx, organizationId, now));
    const report = await recordErrorReport(tx, input, {
      now,
      renotifyBefore: new Date(now.getTime() - RENOTIFY_AFTER_MS),
      mayNotify,
    });
    if (report.notify && organizationId) {
      const seen = report.occurrences > 1 ? ` (visto ${report.occurrences} veces)` : '';
      const request = input.requestId ? ` · solicitud ${input.requestId}` : '';
      await createNotification(tx, {
        organizationId,
        createdBy: null,
        createdAt: now,
        status: 'DANGER',
        message:
          `Error inesperado${seen} en ${input.path}: ${excerpt(input.message)}` +
          `${request} · ${browserSummary(input.userAgent)}`,
      });
    }
    return { id: report.id };
  });
}

/**
 * Adds the visitor's description of what happened to a report and tells the administrators,
 * within the monitor's hourly cap of notifications (shared with the reports themselves).
 */
export async function describeError(deps: AppDeps, reportId: string, description: string): Promise<void> {
  const { db } = deps.database;
  const now = deps.now();
  await db.transaction(async (tx) => {
    const found = await findErrorReport(tx, reportId);
    if (!found) throw new AppError('NOT_FOUND', ERROR_REPORT_MESSAGES.notFound);
    // The monitor's lock comes before the counts are read (again), so simultaneous descriptions
    // pass neither cap.
    await lockErrorNotifications(tx, found.organizationId);
    const report = (await findErrorReport(tx, reportId)) ?? found;
    // Past the cap the description is dropped quietly: the visitor has nothing to fix.
    if (report.descriptions >= DESCRIPTIONS_PER_REPORT) return;
    await insertErrorReportDescription(tx, report.id, description, now);
    if (report.organizationId && (await underHourlyCap(tx, report.organizationId, now))) {
      await createNotification(tx, {
        organizationId: report.organizationId,
        createdBy: null,
        createdAt: now,
        status: 'INFO',
        message:
          `Un visitante describió el error «${excerpt(report.message)}» en ${report.path}: ` +
          `«${excerpt(description)}»`,
      });
    }
  });
}

/**
 * Whether the monitor may get one more error notification this hour. The caller holds the
 * monitor's lock (lockErrorNotifications) until its transaction ends, so the count and the
 * notification that follows it are one step for every process.
 */
async function underHourlyCap(tx: Database, organizationId: string, now: Date): Promise<boolean> {
  const recent = await countVisitorNotificationsSince(tx, organizationId, new Date(now.getTime() - HOUR_MS));
  return recent < NOTIFICATIONS_PER_HOUR;
}
