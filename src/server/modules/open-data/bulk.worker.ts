import { parentPort, workerData } from 'node:worker_threads';
import type { ReleaseSettings } from './release';
import { type BulkLines, renderBatch } from './render';
import type { PreparedState } from './states';

/**
 * The bulk files' thread (decision 0051): the JSON Lines and the CSV of a million contracts are
 * mostly building releases and writing them out, work that needs no database. The server reads and
 * prepares each batch (names, lists, copies) and sends it here; this thread gives back the batch's
 * text while the server reads and prepares the next one.
 */

export interface BulkBatch {
  id: number;
  kind: BulkLines;
  states: Omit<PreparedState, 'stored'>[];
}

const { settings } = (workerData as { data: { settings: ReleaseSettings } }).data;

parentPort?.on('message', (batch: BulkBatch) => {
  try {
    parentPort!.postMessage({ id: batch.id, text: renderBatch(batch.kind, batch.states, settings) });
  } catch (error) {
    parentPort!.postMessage({ id: batch.id, error: error instanceof Error ? error.message : String(error) });
  }
});
