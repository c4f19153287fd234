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
  // Lines gathered and joined once: a text grown piece by piece is a rope the encoder must flatten.
  const lines: string[] = [];
  const fields: string[] = new Array(CONTRACT_COLUMNS.length);
  for (const state of states) {
    const built = buildPrepared(state, settings);
    if (kind === 'csv') {
      for (let index = 0; index < CONTRACT_COLUMNS.length; index += 1)
        fields[index] = csvField(CONTRACT_COLUMNS[index]!.value(built));
      lines.push(fields.join(','));
    } else if (built.release) lines.push(JSON.stringify(compiledRelease([built.release])));
  }
  if (lines.length === 0) return '';
  return kind === 'csv' ? `${lines.join('\r\n')}\r\n` : `${lines.join('\n')}\n`;
}
