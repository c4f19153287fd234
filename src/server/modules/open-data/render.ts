import { CONTRACT_COLUMNS, csvField } from './flat';
import type { StoredRelease } from './open-data.repository';
import { compiledRelease } from './packages';
import { buildRelease, type ReleaseSettings } from './release';
import type { BuiltState, PreparedState, Release } from './states';

/**
 * A prepared batch into releases and text (pure): run by the server for the packages and the
 * workbook, and by the bulk files' thread (bulk.worker.ts) for the JSON Lines and the CSV.
 */

/** A prepared state's release (pure: also run by the bulk files' thread). */
export function buildPrepared(
  state: Omit<PreparedState, 'stored'> & { stored?: StoredRelease },
  settings: ReleaseSettings,
): BuiltState {
  return {
    stored: state.stored as StoredRelease,
    contract: state.input.contract,
    release: buildRelease(state.input, settings) as Release | null,
    countsInTotals: state.countsInTotals,
    monitorName: state.monitorName,
  };
}

export type BulkLines = 'jsonl' | 'csv';

/**
 * A batch's text, a line at a time to `write`: one compiled release per line, or one CSV record per
 * contract. Each line is handed on as soon as it is made, so it dies young: a batch's lines kept
 * until the batch ends would outlive the young generation's collections and fill the old one.
 */
export function renderBatch(
  kind: BulkLines,
  states: readonly Omit<PreparedState, 'stored'>[],
  settings: ReleaseSettings,
  write: (line: string) => void,
): void {
  const fields: string[] = new Array(CONTRACT_COLUMNS.length);
  for (const state of states) {
    const built = buildPrepared(state, settings);
    if (kind === 'csv') {
      for (let index = 0; index < CONTRACT_COLUMNS.length; index += 1)
        fields[index] = csvField(CONTRACT_COLUMNS[index]!.value(built));
      write(`${fields.join(',')}\r\n`);
    } else if (built.release) write(`${JSON.stringify(compiledRelease([built.release]))}\n`);
  }
}
