import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded when a workbook is first written (an export, the template, a validations file)
 * rather than when the server starts: it takes about 30 MB, and most processes never write one.
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/** Rows a streamed workbook writes between two waits for its zip and its reader (catchUp). */
export const ROWS_PER_CATCH_UP = 256;

/** A stream of the zip's (archiver's, through its own readable-stream 2) that a sheet's rows wait in. */
interface Backlog extends Pick<Writable, 'on' | 'off' | 'destroyed'> {
  _writableState: { needDrain: boolean };
}

/**
 * Where a sheet's rows wait for the zip's compressor: exceljs's streamed writer pipes a sheet's XML
 * to the zip without heeding its back-pressure, so rows produced faster than they are compressed
 * piled up there (a 1,000,000-contract workbook held 2 GB of uncompressed XML; exceljs#2916). The
 * pinned exceljs (4.4.0) keeps it as the worksheet's `stream.pipes`; should that change, the list
 * is empty, only the output's back-pressure applies, and the export's long-rows test fails.
 */
function zipBacklog(sheet: ExcelJS.Worksheet): Backlog[] {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  if (!Array.isArray(pipes)) return [];
  return pipes.filter(
    (pipe): pipe is Backlog =>
      typeof pipe?.on === 'function' && typeof pipe?._writableState?.needDrain === 'boolean',
  );
}

/**
 * Resolves at the stream's next 'drain' or 'close', or when the output closes: a reader that went
 * away never drains, and the rows must not stay open.
 */
function drained(stream: Pick<Writable, 'on' | 'off'>, output: Writable): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      stream.off('drain', done);
      stream.off('close', done);
      output.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    if (output !== stream) output.on('close', done);
  });
}

/**
 * Lets a streamed workbook's zip and its reader catch up with the rows written (each ROWS_PER_CATCH_UP
 * rows): waits while the sheet's rows wait for the compressor, then while the output waits for its
 * reader, else lets other work run for a turn. Throws when the reader is gone, so the rows' source
 * is closed (a database cursor released).
 */
export async function catchUp(output: Writable, sheet: ExcelJS.Worksheet): Promise<void> {
  for (const waiting of zipBacklog(sheet))
    while (waiting._writableState.needDrain && !waiting.destroyed && !output.destroyed)
      await drained(waiting, output);
  if (output.writableNeedDrain && !output.destroyed) await drained(output, output);
  else await new Promise<void>((resolve) => setImmediate(resolve));
  if (output.destroyed) throw new Error('XLSX output closed before the end');
}
