import { z } from 'zod';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../types';
import { moveCopiesOutOfDatabase, runBackups } from './backup-runner';

/** Fetches the documents that are due (new links, retries, re-checks), then ends. */
export const BACKUPS_RUN_JOB = 'backups-run';

/** How long one run goes on before it ends and the next one takes over (the leases make that safe). */
const RUN_BUDGET_MS = 5 * 60_000;

/**
 * The backups' durable job (decision 0037): every minute, and at once after contracts with new
 * links are written; at most one queued and one running (stately), so asking twice costs nothing.
 * A run that dies leaves its claims to their leases: the documents are due again when they end.
 */
export function defineBackupJobs(
  deps: Pick<AppDeps, 'database' | 'jobs' | 'config' | 'outbound' | 'now' | 'objects'>,
): void {
  deps.jobs.define(
    BACKUPS_RUN_JOB,
    z.object({}),
    async (_payload, context) => {
      if (!deps.config.backups.enabled) return;
      const moved = await moveCopiesOutOfDatabase(deps, {
        signal: context.signal,
        budgetMs: 60_000,
        log: context.log,
      });
      if (moved > 0) context.log.info({ moved }, 'backup copies moved out of the embedded database');
      const summary = await runBackups(deps, {
        signal: context.signal,
        budgetMs: RUN_BUDGET_MS,
        log: context.log,
      });
      if (summary.attempts > 0) context.log.info(summary, 'document backups run');
    },
    {
      retryLimit: 2,
      retryDelaySeconds: 60,
      policy: 'stately',
      expireInSeconds: Math.ceil((RUN_BUDGET_MS + deps.config.backups.timeoutMs) / 1000) + 120,
      heartbeatSeconds: 30,
      ...(deps.config.backups.enabled ? { cron: '* * * * *' } : {}),
    },
  );
}

/** Starts a run (in `tx` when given: only if the write that needs it commits). */
export async function requestBackups(deps: Pick<AppDeps, 'jobs' | 'config'>, tx?: Database): Promise<void> {
  if (!deps.config.backups.enabled) return;
  await deps.jobs.enqueue(BACKUPS_RUN_JOB, {}, { singletonKey: 'backups', ...(tx ? { tx } : {}) });
}
