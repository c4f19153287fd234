import { z } from 'zod';
import { SearchTextSchema } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import { LOCKS } from '../../db/migrate';
import type { AppDeps } from '../../types';
import { figureDifferences, monitorIds, rebuildFigures, tidyAfterBulkWrite } from './cube-repair.queries';
import { keepSearch } from './search-figures.queries';

/** Rebuilds one monitor's pre-aggregated tables from its contracts (decision 0027). */
export const FIGURES_REPAIR_JOB = 'figures-repair';
/** Compares every monitor's tables with its contracts and asks for a repair where they differ. */
export const FIGURES_CHECK_JOB = 'figures-check';

/** Starts keeping the figures of a search that matched many contracts (decision 0031). */
export const FIGURES_KEEP_SEARCH_JOB = 'figures-keep-search';
/** How many searches a monitor keeps: each costs every write of its contracts a LIKE per row. */
export const KEPT_SEARCHES_PER_MONITOR = 50;

/**
 * VACUUM ANALYZE of the contracts and of the tables the triggers keep after a large write (a
 * confirm of thousands of rows): each statement rewrote the cube rows it touched, and without
 * autovacuum their dead versions and stale statistics stay, and plans go wrong.
 */
export const FIGURES_TIDY_JOB = 'figures-tidy';

const RepairPayload = z.object({ organizationId: z.uuid() });
const KeepSearchPayload = z.object({ organizationId: z.uuid(), search: SearchTextSchema });
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
    FIGURES_KEEP_SEARCH_JOB,
    KeepSearchPayload,
    async ({ organizationId, search }, context) => {
      const kept = await keepSearch(deps.database.db, organizationId, search, KEPT_SEARCHES_PER_MONITOR);
      if (kept) context.log.info({ organizationId, search }, 'search figures kept');
    },
    { retryLimit: 3, retryDelaySeconds: 30, policy: 'stately', expireInSeconds: 600 },
  );
  deps.jobs.define(
    FIGURES_TIDY_JOB,
    z.object({}),
    async (_payload, context) => {
      const started = performance.now();
      // On its own connection, which no statement timeout cuts short: VACUUM of a table of millions
      // of contracts can outlast DB_STATEMENT_TIMEOUT_MS, and a cancelled tidy leaves the planner blind.
      await deps.database.withExclusiveLock(LOCKS.tidy, (db) => tidyAfterBulkWrite(db));
      context.log.info({ milliseconds: Math.round(performance.now() - started) }, 'tables tidied');
    },
    { retryLimit: 1, retryDelaySeconds: 300, policy: 'stately', expireInSeconds: 3600 },
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

/**
 * Queues the tidying after a large write, in its transaction (`tx`): it exists only if the write
 * commits, and runs once however many large writes asked for it meanwhile.
 */
export function requestTidyAfterBulkWrite(deps: Pick<AppDeps, 'jobs'>, tx: Database) {
  return deps.jobs.enqueue(FIGURES_TIDY_JOB, {}, { singletonKey: 'tidy', tx });
}

/** Queues a rebuild of the monitor's figures (once: a repair already waiting is not queued twice). */
export function requestFiguresRepair(deps: Pick<AppDeps, 'jobs'>, organizationId: string) {
  return deps.jobs.enqueue(FIGURES_REPAIR_JOB, { organizationId }, { singletonKey: organizationId });
}

/**
 * Asks for a search's figures to be kept, after the scan that found it frequent (decision 0031),
 * without making the visitor who asked wait: the job is queued beside the answer (a failure is
 * logged, and the next scan of the search asks again), and keeps the figures afterwards. The
 * engine asks through its deps (frequentSearchSeen, this function as app.ts wires it).
 */
export function keepSearchLater(
  deps: Pick<AppDeps, 'jobs' | 'background'>,
  organizationId: string,
  search: string,
): void {
  deps.background.run(FIGURES_KEEP_SEARCH_JOB, async () => {
    await requestKeepSearch(deps, organizationId, search);
  });
}

/** Queues keeping a search's figures (once per monitor and search while one waits). */
export function requestKeepSearch(deps: Pick<AppDeps, 'jobs'>, organizationId: string, search: string) {
  return deps.jobs.enqueue(
    FIGURES_KEEP_SEARCH_JOB,
    { organizationId, search },
    { singletonKey: `${organizationId}:${search.trim().toLowerCase()}` },
  );
}
