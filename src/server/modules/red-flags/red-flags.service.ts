import {
  DEFAULT_RED_FLAG_PARAMETERS,
  RED_FLAG_CODES,
  type RedFlagCode,
  type RedFlagParameters,
  RedFlagParametersSchema,
} from '../../../shared/red-flags/definitions';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../types';
import type { FlagRegistration } from '../contracts/contracts.write';
import { holidaysBetween } from './calendar';
import { type FlagInputs, ROW_FLAGS, replaceFlags, storedSettings } from './red-flags.repository';

/**
 * The red flags (issue 32, decision 0052): a monitor's settings, the flags a write decides in its
 * own transaction, and the whole monitor's recomputation the refresh job runs. Flags are never
 * computed in a visitor's request: the pages read what these keep.
 */

export type RedFlagsDeps = Pick<AppDeps, 'database' | 'jobs' | 'now'>;

/** A monitor's parameters (the defaults until an administrator sets them) and the method's version. */
export interface RedFlagSettings {
  parameters: RedFlagParameters;
  methodVersion: number;
}

export async function settingsOf(db: Database, organizationId: string): Promise<RedFlagSettings> {
  const stored = await storedSettings(db, organizationId);
  if (!stored) return { parameters: structuredClone(DEFAULT_RED_FLAG_PARAMETERS), methodVersion: 1 };
  const parsed = RedFlagParametersSchema.safeParse(stored.parameters);
  return {
    parameters: parsed.success ? parsed.data : structuredClone(DEFAULT_RED_FLAG_PARAMETERS),
    methodVersion: stored.methodVersion,
  };
}

/** Every holiday from 2000 to next year: the dates a contract may carry (a few hundred). */
function holidays(now: Date) {
  return holidaysBetween('2000-01-01', `${now.getUTCFullYear() + 1}-12-31`);
}

async function inputsOf(db: Database, organizationId: string, now: Date): Promise<FlagInputs> {
  const { parameters, methodVersion } = await settingsOf(db, organizationId);
  return { parameters, methodVersion, holidays: holidays(now) };
}

/** The queue of the monitor-wide recomputation, one queued and one running per monitor. */
export const RED_FLAGS_REFRESH_JOB = 'red-flags-refresh';

/** Asks for the monitor's flags to be recomputed (in `tx` when given: only if the write commits). */
export function refreshFlagsLater(
  deps: Pick<AppDeps, 'jobs'>,
  organizationId: string,
  tx?: Database,
): Promise<unknown> {
  return deps.jobs.enqueue(
    RED_FLAGS_REFRESH_JOB,
    { organizationId },
    { singletonKey: organizationId, ...(tx ? { tx } : {}) },
  );
}

/**
 * What a contract write does about flags, in its transaction (the write path's port, like the
 * documents' registration): the flags its own rows decide are replaced now, and the monitor-wide
 * ones (chains, shares, fences, shared RFCs, gone documents) are recomputed by the refresh job once
 * the write commits. A deletion only asks for the recomputation (a deleted contract's flags are
 * never read).
 */
export function flagRegistration(deps: Pick<AppDeps, 'jobs' | 'now'>): FlagRegistration {
  return async (tx, organizationId, contractIds) => {
    if (contractIds.length === 0) return;
    const inputs = await inputsOf(tx, organizationId, deps.now());
    await replaceFlags(tx, { organizationId, contractIds }, ROW_FLAGS, inputs);
    await refreshFlagsLater(deps, organizationId, tx);
  };
}

/** Recomputes every flag of the monitor's contracts, in one transaction (readers see the old flags until it commits). */
export async function refreshMonitorFlags(
  deps: Pick<AppDeps, 'database' | 'now'>,
  organizationId: string,
  codes: readonly RedFlagCode[] = RED_FLAG_CODES,
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const inputs = await inputsOf(tx, organizationId, deps.now());
    await replaceFlags(tx, { organizationId, contractIds: null }, codes, inputs);
  });
}
