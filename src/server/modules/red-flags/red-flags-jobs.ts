import { z } from 'zod';
import { RED_FLAG_CODES } from '../../../shared/red-flags/definitions';
import type { AppDeps } from '../../types';
import { matchAlertsLater } from '../alerts/alerts-jobs';
import { liveMonitorIds, monitorsNeverFlagged } from './lists.repository';
import { fetchList } from './lists.service';
import { GROUP_FLAGS } from './red-flags.repository';
import { RED_FLAGS_REFRESH_JOB, refreshFlagsLater, refreshMonitorFlags } from './red-flags.service';

/** Every week: the configured supplier lists fetched (SAT_69B_URL, SANCTIONS_URL) and loaded when they changed. */
export const RED_FLAGS_LISTS_FETCH_JOB = 'red-flags-lists-fetch';

/** Every night: each live monitor's flags recomputed whole (the safety net of decision 0052). */
export const RED_FLAGS_NIGHTLY_JOB = 'red-flags-nightly';

/**
 * The red flags' jobs (decision 0052): the refresh recomputes a monitor's flags after a write or a
 * change of its parameters or of a list; every night each monitor is recomputed whole, the safety
 * net for whatever a write could not see (a document gone at its source, the calendar's next year).
 */
export function defineRedFlagJobs(deps: AppDeps): void {
  deps.jobs.define(
    RED_FLAGS_REFRESH_JOB,
    // A job queued before refreshes had kinds recomputes the whole monitor.
    z.object({ organizationId: z.uuid(), kind: z.enum(['writes', 'whole']).default('whole') }),
    async ({ organizationId, kind }, job) => {
      const started = performance.now();
      // Once the new flags are committed, the monitor's follows are matched (decision 0053), while
      // the refresh goes on rebuilding the list's cube.
      const { changed, steps } = await refreshMonitorFlags(deps, organizationId, {
        codes: kind === 'writes' ? GROUP_FLAGS : RED_FLAG_CODES,
        applied: () => matchAlertsLater(deps, organizationId),
      });
      job.log.info(
        { organizationId, kind, changed, steps, milliseconds: Math.round(performance.now() - started) },
        'red flags refreshed',
      );
    },
    // A refresh whose process died is retried after 30 s, not at its hour's expiry: until then the
    // stately queue let no other refresh of the monitor start (seen when a server was killed).
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 3_600, heartbeatSeconds: 30, policy: 'stately' },
  );
  deps.jobs.define(
    RED_FLAGS_NIGHTLY_JOB,
    z.object({}),
    async () => {
      for (const id of await liveMonitorIds(deps.database.db)) await refreshFlagsLater(deps, id);
    },
    { retryLimit: 1, retryDelaySeconds: 600, policy: 'singleton', cron: '17 4 * * *' },
  );
  deps.jobs.define(
    RED_FLAGS_LISTS_FETCH_JOB,
    z.object({}),
    async (_payload, job) => {
      const { sat69bUrl, sanctionsUrl } = deps.config.supplierLists;
      const signal = AbortSignal.timeout(300_000);
      for (const [kind, url] of [
        ['SAT_69B', sat69bUrl],
        ['SANCTIONS', sanctionsUrl],
      ] as const) {
        if (!url) continue;
        const loaded = await fetchList(deps, kind, url, signal);
        job.log.info(
          { kind, url, loaded: loaded ? { cutOff: loaded.cutOff, rows: loaded.rows } : 'unchanged' },
          'supplier list fetched',
        );
      }
    },
    { retryLimit: 3, retryDelaySeconds: 3_600, policy: 'singleton', cron: '23 5 * * 1' },
  );
}

/**
 * At start, after the queue: the monitors whose contracts arrived without the write path (the
 * demonstration seed, a bulk load) get their flags computed, instead of waiting for the night.
 */
export async function flagUnflaggedMonitors(deps: Pick<AppDeps, 'database' | 'jobs'>): Promise<void> {
  for (const id of await monitorsNeverFlagged(deps.database.db)) await refreshFlagsLater(deps, id);
}
