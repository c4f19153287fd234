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

/** A batch's text: one compiled release per line, or one CSV record per contract. */
export function renderBatch(
  kind: BulkLines,
  states: readonly Omit<PreparedState, 'stored'>[],
  settings: ReleaseSettings,
): string {
  let text = '';
  for (const state of states) {
    const built = buildPrepared(state, settings);
    if (kind === 'csv') {
      // Field by field onto the text: no array per row (a million rows).
      let line = '';
      for (let index = 0; index < CONTRACT_COLUMNS.length; index += 1)
        line += (index === 0 ? '' : ',') + csvField(CONTRACT_COLUMNS[index]!.value(built));
      text += `${line}\r\n`;
    } else if (built.release) text += `${JSON.stringify(compiledRelease([built.release]))}\n`;
  }
  return text;
}
