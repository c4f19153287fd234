import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { References } from './references';
import { isBlankRow, readRow } from './sheet/rows';
import { CORRUPT_WORKBOOK, declaredLastRow, LoadFileError, openSheet } from './sheet/workbook';
import { type SerialisedRow, serialiseRow, stageRow } from './staging';

/**
 * The thread that reads a load's workbook (the CPU work: unzipping, XML, every cell's rules), so
 * the server's event loop stays free. It sends the rows in batches and waits for 'next' after
 * each one; the job answers 'next' as it starts writing a batch, so the thread reads the next
 * batch meanwhile and at most two are in memory.
 */

export interface ReadRequest {
  file: Uint8Array;
  /** The monitor's suppliers and units, to mark the new ones (references.ts). */
  references: ConstructorParameters<typeof References>[0];
  maxRows: number;
  maxUncompressedBytes: number;
  batchRows: number;
}

export type ReadMessage =
  | { type: 'opened'; total: number | null; messages: string[] }
  | { type: 'rows'; rows: SerialisedRow[]; read: number }
  | { type: 'failed'; message: string }
  | { type: 'done'; read: number };

export async function readWorkbook(
  request: ReadRequest,
  send: (message: ReadMessage) => void,
  next: () => Promise<void>,
): Promise<void> {
  const file = Buffer.from(request.file.buffer, request.file.byteOffset, request.file.byteLength);
  const sheet = await openSheet(file, request);
  if ('error' in sheet) {
    send({ type: 'failed', message: sheet.error });
    return;
  }
  const { layout } = sheet;
  const lastRow = declaredLastRow(file);
  const total = lastRow === null ? null : Math.max(0, lastRow - layout.firstDataRow + 1);
  const messages =
    layout.unknown.length > 0 ? [`Se ignoraron las columnas: ${layout.unknown.join(', ')}.`] : [];
  send({ type: 'opened', total, messages });
  const references = new References(request.references);
  let batch: SerialisedRow[] = [];
  let read = 0;
  try {
    for await (const row of sheet.rows) {
      read++;
      if (isBlankRow(layout, row.cellAt)) continue;
      batch.push(serialiseRow(stageRow(readRow(layout, row.number, row.cellAt)), references));
      if (batch.length >= request.batchRows) {
        send({ type: 'rows', rows: batch, read });
        batch = [];
        await next();
      }
    }
  } catch (error) {
    if (!(error instanceof LoadFileError)) throw error;
    send({ type: 'failed', message: error.message });
    return;
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
