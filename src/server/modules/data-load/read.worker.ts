import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { References } from './references';
import { isBlankRow, LoadFileError } from './sheet/sheet-reader';
import { CORRUPT_WORKBOOK } from './sheet/workbook';
import { type LoadContext, openProfile } from './sheet-profile';
import { type SerialisedRow, serialiseRow } from './staging';

/**
 * The thread that reads a load's workbook (the CPU work: unzipping, XML, every cell's rules), so
 * the server's event loop stays free. It sends the rows in batches and waits for 'next' after
 * each one; the job answers 'next' as it starts writing a batch, so the thread reads the next
 * batch meanwhile and at most two are in memory. The file is read as the sheet profile that
 * recognises it says (sheet-profile.ts: format 28, else the template).
 */

export interface ReadRequest {
  /** The upload's files in order; a name only when there are several (rows and messages then carry it). */
  files: { name: string | null; bytes: Uint8Array }[];
  /** The monitor's suppliers and units, to mark the new ones (references.ts). */
  references: ConstructorParameters<typeof References>[0];
  maxRows: number;
  maxUncompressedBytes: number;
  batchRows: number;
  /** What a row's mapping needs of the load and the monitor. */
  context: LoadContext;
}

/** A row's place in the load: its row number after the rows of the files before its own. */
export const POSITIONS_PER_FILE = 10_000_000;

export type ReadMessage =
  /** One file opened (as many times as there are files). */
  | { type: 'opened'; total: number | null; messages: string[] }
  | { type: 'rows'; rows: SerialisedRow[]; read: number }
  | { type: 'failed'; message: string }
  | { type: 'done'; read: number };

export async function readWorkbook(
  request: ReadRequest,
  send: (message: ReadMessage) => void,
  next: () => Promise<void>,
): Promise<void> {
  const references = new References(request.references);
  let batch: SerialisedRow[] = [];
  let read = 0;
  for (const [index, source] of request.files.entries()) {
    const file = Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength);
    const named = (message: string) => (source.name ? `«${source.name}»: ${message}` : message);
    const opened = await openProfile(file, request);
    if ('error' in opened) {
      send({ type: 'failed', message: named(opened.error) });
      return;
    }
    const { profile, sheet } = opened;
    send({ type: 'opened', total: sheet.total, messages: sheet.messages.map(named) });
    try {
      for await (const row of sheet.rows) {
        read++;
        if (isBlankRow(row)) continue;
        batch.push(
          serialiseRow(profile.stage(row, request.context), references, {
            position: index * POSITIONS_PER_FILE + row.rowNumber,
            fileName: source.name,
          }),
        );
        if (batch.length >= request.batchRows) {
          send({ type: 'rows', rows: batch, read });
          batch = [];
          await next();
        }
      }
    } catch (error) {
      if (!(error instanceof LoadFileError)) throw error;
      send({ type: 'failed', message: named(error.message) });
      return;
    }
  }
  if (batch.length > 0) {
    send({ type: 'rows', rows: batch, read });
    await next();
  }
  send({ type: 'done', read });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const request = (workerData as { data: ReadRequest }).data;
  let wake: (() => void) | null = null;
  port.on('message', (message: string) => {
    if (message === 'next') wake?.();
  });
  const next = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });
  // The thread never ends by itself: the job ends it once it has the last message (a thread that
  // closed its port right after its last message could be seen ending before that message).
  readWorkbook(request, (message) => port.postMessage(message), next).catch((error: unknown) => {
    // Whatever the reader met that it did not expect, the person gets the clear message.
    port.postMessage({ type: 'failed', message: CORRUPT_WORKBOOK, detail: String(error) });
  });
}
