import { z } from 'zod';
import type { AppDeps } from '../../types';
import { figureDifferences, monitorIds, rebuildFigures } from './cube-repair.queries';

/** Rebuilds one monitor's pre-aggregated tables from its contracts (decision 0027). */
export const FIGURES_REPAIR_JOB = 'figures-repair';
/** Compares every monitor's tables with its contracts and asks for a repair where they differ. */
export const FIGURES_CHECK_JOB = 'figures-check';

const RepairPayload = z.object({ organizationId: z.uuid() });
const CheckPayload = z.object({ organizationId: z.uuid().optional() });

/**
 * The figures are kept exact by the database in every write; these jobs are the safety net. The
 * repair runs inside the pool, one at a time per monitor (queued once per monitor, and the
 * monitor's figures lock held alone while it runs), never on a request; its progress goes out on
 * the event bus like every job's. The check runs every night.
 */
export function defineFigureJobs(deps: Pick<AppDeps, 'database' | 'jobs'>): void {
  deps.jobs.define(
    FIGURES_REPAIR_JOB,
    RepairPayload,
    async ({ organizationId }, context) => {
      const { milliseconds } = await rebuildFigures(deps.database.db, organizationId, (fraction, note) =>
        context.progress(fraction, note),
      );
      context.log.info({ organizationId, milliseconds }, 'figures rebuilt');
    },
    { retryLimit: 3, retryDelaySeconds: 60, policy: 'stately', expireInSeconds: 3600 },
  );
  deps.jobs.define(
    FIGURES_CHECK_JOB,
    CheckPayload,
    async ({ organizationId }, context) => {
      const ids = organizationId ? [organizationId] : await monitorIds(deps.database.db);
      for (const [index, id] of ids.entries()) {
        const differences = await figureDifferences(deps.database.db, id);
        if (differences > 0) {
          context.log.warn(
            { organizationId: id, differences },
            'figures differ from the contracts: repair queued',
          );
          await requestFiguresRepair(deps, id);
        }
        context.progress((index + 1) / ids.length, id);
      }
    },
    { retryLimit: 1, retryDelaySeconds: 600, policy: 'singleton', cron: '41 3 * * *' },
  );
}

/** Queues a rebuild of the monitor's figures (once: a repair already waiting is not queued twice). */
export function requestFiguresRepair(deps: Pick<AppDeps, 'jobs'>, organizationId: string) {
  return deps.jobs.enqueue(FIGURES_REPAIR_JOB, { organizationId }, { singletonKey: organizationId });
}
