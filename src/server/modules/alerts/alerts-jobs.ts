import { z } from 'zod';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../types';
import { analyzeOutbox, pruneOutbox } from './delivery.repository';
import { deliverAlerts } from './delivery.service';
import { monitorsFollowed } from './matching.repository';
import { matchChanges, matchNightly } from './matching.service';

/** After a monitor's red-flag refresh: its CONTRACTS and FLAG follows matched against its changes. */
export const ALERTS_MATCH_JOB = 'alerts-match';
/** Every night: the INDEX and PUBLICATION follows of every followed monitor. */
export const ALERTS_NIGHTLY_JOB = 'alerts-nightly';
/** The e-mails: after a match (IMMEDIATE rows), and Monday's digest (WEEKLY rows too). */
export const ALERTS_SEND_JOB = 'alerts-send';
/** Monday morning (Mexico City): asks for the weekly digest. */
export const ALERTS_WEEKLY_JOB = 'alerts-weekly';

/** From how many rows queued by one run the outbox's statistics are refreshed. */
const ANALYZE_AFTER_ROWS = 1_000;

/** Seconds before matching again when committed changes were still past the settled horizon. */
const SETTLE_SECONDS = 5;

/**
 * The alerts' jobs (decision 0053). Matching runs one queued and one running per monitor; the
 * e-mails one sender at a time (policy 'singleton'), retried with backoff like the other e-mails
 * while the mail server refuses them.
 */
export function defineAlertJobs(deps: AppDeps): void {
  deps.jobs.define(
    ALERTS_MATCH_JOB,
    z.object({ organizationId: z.uuid() }),
    async ({ organizationId }, job) => {
      const started = performance.now();
      const result = await matchChanges(deps, organizationId);
      if (result.queued > 0)
        job.log.info(
          { organizationId, queued: result.queued, milliseconds: Math.round(performance.now() - started) },
          'alerts matched',
        );
      if (result.queued >= ANALYZE_AFTER_ROWS) await analyzeOutbox(deps.database.db);
      if (result.immediate) await sendAlertsLater(deps);
      if (result.later) {
        await deps.jobs.enqueue(
          ALERTS_MATCH_JOB,
          { organizationId },
          { singletonKey: organizationId, startAfterSeconds: SETTLE_SECONDS },
        );
      }
    },
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 1_800, heartbeatSeconds: 30, policy: 'stately' },
  );
  deps.jobs.define(
    ALERTS_NIGHTLY_JOB,
    z.object({}),
    async (_payload, job) => {
      for (const organizationId of await monitorsFollowed(deps.database.db, ['INDEX', 'PUBLICATION'])) {
        const result = await matchNightly(deps, organizationId);
        if (result.queued > 0) job.log.info({ organizationId, queued: result.queued }, 'alerts matched');
      }
      await pruneOutbox(deps.database.db);
      // Also whatever IMMEDIATE rows an earlier send left after its last retry.
      await sendAlertsLater(deps);
    },
    {
      retryLimit: 1,
      retryDelaySeconds: 600,
      expireInSeconds: 3_600,
      policy: 'singleton',
      cron: '41 5 * * *',
    },
  );
  deps.jobs.define(
    ALERTS_SEND_JOB,
    z.object({ weekly: z.boolean().default(false) }),
    async ({ weekly }, job) => {
      const result = await deliverAlerts(deps, { weekly });
      if (result.emails > 0)
        job.log.info({ emails: result.emails, rows: result.rows, weekly }, 'alerts sent');
      // Retried with backoff: only the rows still pending are sent again.
      if (result.failure) throw result.failure;
    },
    {
      retryLimit: deps.config.jobs.mailRetryLimit,
      retryDelaySeconds: deps.config.jobs.mailRetryDelaySeconds,
      expireInSeconds: 1_800,
      heartbeatSeconds: 30,
      policy: 'singleton',
    },
  );
  deps.jobs.define(
    ALERTS_WEEKLY_JOB,
    z.object({}),
    async () => {
      await deps.jobs.enqueue(ALERTS_SEND_JOB, { weekly: true });
    },
    // 14:07 UTC: 8:07 on Monday in Mexico City.
    { retryLimit: 1, retryDelaySeconds: 600, policy: 'singleton', cron: '7 14 * * 1' },
  );
}

/**
 * Asks for the monitor's follows to be matched against its changes (one queued and one running per
 * monitor; in `tx` when given: only if the write commits).
 */
export function matchAlertsLater(
  deps: Pick<AppDeps, 'jobs'>,
  organizationId: string,
  tx?: Database,
): Promise<unknown> {
  return deps.jobs.enqueue(
    ALERTS_MATCH_JOB,
    { organizationId },
    { singletonKey: organizationId, ...(tx ? { tx } : {}) },
  );
}

/** Asks for the pending IMMEDIATE alerts to be e-mailed. */
export function sendAlertsLater(deps: Pick<AppDeps, 'jobs'>): Promise<unknown> {
  return deps.jobs.enqueue(ALERTS_SEND_JOB, { weekly: false });
}
