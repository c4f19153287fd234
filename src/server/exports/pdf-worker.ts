import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, parentPort } from 'node:worker_threads';
import { drawPdf, type PdfFonts, type PdfPayload } from './pdf-draw';

/** What the worker answers: the file, or the message of what went wrong; and its heap after it. */
export type PdfWorkerReply = ({ ok: true; pdf: Uint8Array } | { ok: false; message: string }) & {
  heapMb: number;
};

let fonts: PdfFonts | undefined;

/** pdfmake's bundled Roboto (accents and ñ embedded, nothing downloaded), read once per thread. */
function robotoFonts(): PdfFonts {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  fonts = {
    normal: readFileSync(join(fontDir, 'Roboto-Regular.ttf')),
    bold: readFileSync(join(fontDir, 'Roboto-Medium.ttf')),
    italics: readFileSync(join(fontDir, 'Roboto-Italic.ttf')),
  };
  return fonts;
}

function heapMb(): number {
  return Math.round(getHeapStatistics().used_heap_size / 1024 / 1024);
}

/**
 * Draws the PDF (CPU-heavy: about a second for 10,000 rows); meant to run inside the worker.
 * Only texts and our own font files go in: no image, no address is ever fetched or read.
 */
export async function renderPayload(payload: PdfPayload): Promise<Buffer> {
  return drawPdf(payload, robotoFonts());
}

/** A pooled thread (pdf-pool.ts): one PDF per message, answered in order, for as long as it lives. */
if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on('message', (payload: PdfPayload) => {
    renderPayload(payload).then(
      (buffer) => {
        // Transferred rather than copied when the Buffer owns its whole memory (it is not a pooled slice).
        // (Buffer.concat never returns shared memory, hence the ArrayBuffer cast.)
        const memory = buffer.buffer as ArrayBuffer;
        const whole = buffer.byteOffset === 0 && buffer.byteLength === memory.byteLength;
        const view = new Uint8Array(memory, buffer.byteOffset, buffer.byteLength);
        const pdf = whole ? view : view.slice();
        port.postMessage({ ok: true, pdf, heapMb: heapMb() } satisfies PdfWorkerReply, [pdf.buffer]);
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        port.postMessage({ ok: false, message, heapMb: heapMb() } satisfies PdfWorkerReply);
      },
    );
  });
}
