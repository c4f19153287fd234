import type { StoredRelease } from './open-data.repository';
import type { ReleaseContract, ReleaseInput } from './release';

/** The open data's states between their reading and their files (types only: shared by the server and its thread). */

export type Release = Record<string, unknown> & { ocid: string; id: string; date: string };

/** A state built: its contract's fields, its release (null for a no-procedures row), whether it counts in totals. */
export interface BuiltState {
  stored: StoredRelease;
  contract: ReleaseContract;
  release: Release | null;
  countsInTotals: boolean;
  monitorName: string;
}

/** A state with everything its release is built from (plain data: it may cross to a thread). */
export interface PreparedState {
  stored: StoredRelease;
  input: ReleaseInput;
  countsInTotals: boolean;
  monitorName: string;
}
