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

/**
 * A piece of a batch: the server sends a batch's states a few at a time (each piece's objects die
 * young here, instead of a whole batch outliving the young generation's collections) and the
 * thread answers the batch's bytes after its last piece.
 */
export interface BulkBatch {
  id: number;
  kind: BulkLines;
  states: Omit<PreparedState, 'stored'>[];
  last: boolean;
}

const encoder = new TextEncoder();
const { settings } = (workerData as { data: { settings: ReleaseSettings } }).data;

/** Buffers the server gave back once it had written them: reused, so a file's gigabytes make no garbage. */
const spare: ArrayBuffer[] = [];

/** A spare buffer of at least `size` bytes, or a new one; spares too small are dropped (a few at most are kept). */
function bufferOf(size: number): ArrayBuffer {
  while (spare.length > 0) {
    const candidate = spare.pop()!;
    if (candidate.byteLength >= size) return candidate;
  }
  return new ArrayBuffer(size);
}

/** The batch being written (its pieces come one message each): its lines so far, as UTF-8. */
let open: { id: number; buffer: ArrayBuffer; bytes: Uint8Array; length: number; failed?: string } | null =
  null;

/**
 * A line into the open batch, encoded as it comes (no batch-long text is ever made), its buffer
 * moved to one half as large again when the line might not fit (the next batches' lines are about
 * as long, so spares soon fit a whole batch).
 */
function write(line: string): void {
  const batch = open!;
  // A UTF-16 unit is at most 3 bytes of UTF-8.
  const room = batch.length + line.length * 3;
  if (room > batch.buffer.byteLength) {
    const larger = bufferOf(Math.max(room, Math.ceil(batch.buffer.byteLength * 1.5)));
    new Uint8Array(larger).set(batch.bytes.subarray(0, batch.length));
    batch.buffer = larger;
    batch.bytes = new Uint8Array(larger);
  }
  batch.length += encoder.encodeInto(line, batch.bytes.subarray(batch.length)).written;
}

parentPort?.on('message', (message: BulkBatch | { spare: ArrayBuffer }) => {
  if ('spare' in message) {
    spare.push(message.spare);
    return;
  }
  if (open?.id !== message.id) {
    const buffer = bufferOf(1 << 20);
    open = { id: message.id, buffer, bytes: new Uint8Array(buffer), length: 0 };
  }
  if (open.failed === undefined)
    try {
      renderBatch(message.kind, message.states, settings, write);
    } catch (error) {
      open.failed = error instanceof Error ? error.message : String(error);
    }
  if (!message.last) return;
  const { id, buffer, length, failed } = open;
  open = null;
  if (failed === undefined)
    // Handed over (not copied): the server writes the bytes to the file and the socket as they are.
    parentPort!.postMessage({ id, buffer, length }, [buffer]);
  else {
    spare.push(buffer);
    parentPort!.postMessage({ id, error: failed });
  }
});
