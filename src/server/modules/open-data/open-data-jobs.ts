import { z } from 'zod';
import type { AppDeps } from '../../types';
import { keepFiles } from './bulk';

export const OPEN_DATA_FILES_JOB = 'open-data-files';

/**
 * Builds the bulk files of a monitor (or of the whole installation) for its current data version,
 * so the open data page can say each file's size (issue 31). Asked by the page when a file is
 * missing; one queued and one running per scope (a second ask while it runs waits for it).
 */
export function defineOpenDataJobs(deps: AppDeps): void {
  deps.jobs.define(
    OPEN_DATA_FILES_JOB,
    z.object({ organizationId: z.string().nullable() }),
    async ({ organizationId }, job) => {
      if (organizationId === null) return keepFiles(deps, { kind: 'installation' }, job.signal);
      const organization = await deps.organizations.get(organizationId);
      if (organization) await keepFiles(deps, { kind: 'monitor', organization }, job.signal);
    },
    { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 3_600, heartbeatSeconds: 30, policy: 'stately' },
  );
}

/** Asks for a scope's missing files to be built (once per scope at a time). */
export function keepFilesLater(deps: Pick<AppDeps, 'jobs'>, organizationId: string | null): Promise<unknown> {
  return deps.jobs.enqueue(
    OPEN_DATA_FILES_JOB,
    { organizationId },
    { singletonKey: organizationId ?? 'installation' },
  );
}
