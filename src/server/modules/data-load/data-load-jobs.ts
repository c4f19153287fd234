import { z } from 'zod';
import type { DataLoadDeps } from './data-load.types';
import { DATA_LOAD_READ_JOB, readLoad } from './data-load-reading';

/**
 * The reading of an uploaded sheet, as a durable job: queued with the load in one transaction,
 * claimed by one process, and started over from the first row if that process dies (its rows are
 * replaced). A cancelled load stops at its next batch.
 */
export function defineDataLoadJobs(deps: DataLoadDeps): void {
  deps.jobs.define(
    DATA_LOAD_READ_JOB,
    z.object({ dataLoadId: z.uuid() }),
    async ({ dataLoadId }, context) => readLoad(deps, dataLoadId, context),
    // A reading whose process died is taken up again at the next supervision (heartbeats every 5 s), not at its expiry.
    { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 1_800, heartbeatSeconds: 10 },
  );
}
