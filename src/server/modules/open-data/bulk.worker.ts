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

/** Buffers the server gave back once it had written them: reused, so a file's gigabytes make no garbage. */
const spare: ArrayBuffer[] = [];

/**
 * The text as UTF-8 in a spare buffer large enough, or a new one with a quarter more room (the
 * next batches' texts are about as long); spares too small for it are dropped, so a few at most are kept.
 */
function encoded(text: string): { buffer: ArrayBuffer; length: number } {
  const needed = Buffer.byteLength(text);
  let buffer: ArrayBuffer | undefined;
  while (spare.length > 0 && !buffer) {
    const candidate = spare.pop()!;
    if (candidate.byteLength >= needed) buffer = candidate;
  }
  buffer ??= new ArrayBuffer(Math.max(Math.ceil(needed * 1.25), 1 << 20));
  const { written } = encoder.encodeInto(text, new Uint8Array(buffer));
  return { buffer, length: written };
}

parentPort?.on('message', (message: BulkBatch | { spare: ArrayBuffer }) => {
  if ('spare' in message) {
    spare.push(message.spare);
    return;
  }
  try {
    // Handed over (not copied): the server writes the bytes to the file and the socket as they are.
    const { buffer, length } = encoded(renderBatch(message.kind, message.states, settings));
    parentPort!.postMessage({ id: message.id, buffer, length }, [buffer]);
  } catch (error) {
    parentPort!.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
