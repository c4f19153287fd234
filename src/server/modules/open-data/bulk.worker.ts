import { parentPort, workerData } from 'node:worker_threads';
import type { ReleaseSettings } from './release';
import { type BulkLines, renderBatch } from './render';
import type { PreparedState } from './states';

/**
 * The bulk files' thread (decision 0051): the JSON Lines and the CSV of a million contracts are
 * mostly building releases and writing them out, work that needs no database. The server reads and
 * prepares each batch (names, lists, copies) and sends it here; this thread gives back the batch's
 * text, as bytes, while the server reads and prepares the next one.
 */

export interface BulkBatch {
  id: number;
  kind: BulkLines;
  states: Omit<PreparedState, 'stored'>[];
}

const encoder = new TextEncoder();
const { settings } = (workerData as { data: { settings: ReleaseSettings } }).data;

parentPort?.on('message', (batch: BulkBatch) => {
  try {
    // As UTF-8 bytes, handed over (not copied): the server writes them to the file and the socket as they are.
    const bytes = encoder.encode(renderBatch(batch.kind, batch.states, settings));
    parentPort!.postMessage({ id: batch.id, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id: batch.id, error: error instanceof Error ? error.message : String(error) });
  }
});
