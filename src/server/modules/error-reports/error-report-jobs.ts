import { z } from 'zod';
import type { AppDeps } from '../../types';
import { pruneErrorReports } from './error-reports.repository';

export const ERROR_REPORTS_PRUNE_JOB = 'error-reports-prune';

/** Reports not seen for this long are dropped (decision 0023). */
const KEEP_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Drops the error reports nobody has seen for 90 days, once an hour for the whole installation,
 * instead of on the way of every new report.
 */
export function defineErrorReportJobs(deps: AppDeps): void {
  deps.jobs.define(
    ERROR_REPORTS_PRUNE_JOB,
    z.object({}),
    async () => {
      await pruneErrorReports(deps.database.db, new Date(deps.now().getTime() - KEEP_MS));
    },
    { retryLimit: 2, retryDelaySeconds: 60, policy: 'singleton', cron: '17 * * * *' },
  );
}
