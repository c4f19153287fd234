import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Content, CustomTableLayout, TableCell } from 'pdfmake';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { webLink } from '../../shared/format/links';
import type { CellKind } from './document';

/** One table, already cut to the row limit, every cell already a display string. */
export interface PdfSectionPayload {
  title: string;
  columns: { header: string; kind: CellKind; width: number }[];
  rows: string[][];
}

/**
 * What the main thread sends to the worker: only strings, so the structured clone is cheap and
 * the worker needs no formatter, database or document model.
 */
export interface PdfPayload {
  title: string;
  consulted: string;
  organizationName: string;
  product: string;
  filters: string[];
  summary: { label: string; value: string; kind: 'money' | 'count' }[];
  note?: string;
  cutMessage?: string;
  sections: PdfSectionPayload[];
}

/** What the worker answers: the file, or the message of what went wrong. */
export type PdfWorkerResult = { ok: true; pdf: Uint8Array } | { ok: false; message: string };

const MARGIN = 30;
/** Landscape sizes in points (pdfmake's standard sizes, width first). */
const PAGES = {
  A4: [841.89, 595.28],
  A3: [1190.55, 841.89],
  A2: [1683.78, 1190.55],
} as const;
const CELL_PADDING = 3;
const DEFAULT_WIDTH = 18;
const HEADER_FILL = '#e9ecef';

/** Up to 8 columns fit A4 landscape; wider tables get a larger sheet and a smaller font. */
function pageFor(columns: number): { size: keyof typeof PAGES; fontSize: number } {
  if (columns <= 8) return { size: 'A4', fontSize: 8 };
  if (columns <= 12) return { size: 'A3', fontSize: 7.5 };
  return { size: 'A2', fontSize: 7 };
}

const tableLayout: CustomTableLayout = {
  hLineWidth: (i) => (i === 1 ? 0.8 : 0.3),
  vLineWidth: () => 0,
  hLineColor: () => '#adb5bd',
  paddingLeft: () => CELL_PADDING,
  paddingRight: () => CELL_PADDING,
  paddingTop: () => 2,
  paddingBottom: () => 2,
  fillColor: (row) => (row === 0 ? HEADER_FILL : null),
};

const summaryLayout: CustomTableLayout = { ...tableLayout, hLineWidth: () => 0.3, fillColor: () => null };

/** A long URL would stretch its row; the reader sees the host and clicks for the rest. */
function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^www\./, '');
    const rest = `${parsed.pathname}${parsed.search}`;
    return rest.length > 1 ? `${host}/…` : host;
  } catch {
    return url.length > 40 ? `${url.slice(0, 39)}…` : url;
  }
}

function cell(value: string, kind: CellKind): TableCell {
  if (kind === 'money' || kind === 'count') return { text: value, alignment: 'right' };
  const link = kind === 'url' ? webLink(value) : null;
  if (link) return { text: shortUrl(value), link, color: '#1c64b4', decoration: 'underline' };
  return { text: value };
}

function sectionTable(section: PdfSectionPayload, available: number, fontSize: number): Content {
  const weights = section.columns.map((column) => (column.width > 0 ? column.width : DEFAULT_WIDTH));
  const sum = weights.reduce((total, weight) => total + weight, 0);
  const widths = weights.map((weight) => Math.max(12, (available * weight) / sum - 2 * CELL_PADDING - 0.1));
  const header: TableCell[] = section.columns.map((column) => ({
    text: column.header,
    bold: true,
    alignment: column.kind === 'money' || column.kind === 'count' ? 'right' : 'left',
  }));
  const body: TableCell[][] = [header];
  for (const row of section.rows) {
    body.push(section.columns.map((column, index) => cell(row[index] ?? '', column.kind)));
  }
  const table: Content = { table: { headerRows: 1, widths, body }, layout: tableLayout, fontSize };
  if (section.rows.length > 0) return table;
  return [table, { text: 'Sin registros.', italics: true, margin: [0, 4, 0, 0] }];
}

/** The whole layout of a download, from strings only. */
function buildDocDefinition(payload: PdfPayload): TDocumentDefinitions {
  const widest = Math.max(0, ...payload.sections.map((section) => section.columns.length));
  const { size, fontSize } = pageFor(widest);
  const available = PAGES[size][0] - 2 * MARGIN;
  const content: Content[] = [
    { text: payload.title, style: 'title' },
    { text: payload.consulted },
    { text: payload.organizationName, bold: true },
    { text: `Consultado en ${payload.product}`, color: '#495057', margin: [0, 0, 0, 8] },
    { text: 'Filtrado por:', bold: true },
    { stack: payload.filters, margin: [10, 2, 0, 8] },
  ];
  if (payload.summary.length > 0) {
    content.push({
      table: {
        widths: ['auto', 'auto'],
        body: payload.summary.map((figure) => [figure.label, { text: figure.value, alignment: 'right' }]),
      },
      layout: summaryLayout,
      margin: [0, 0, 0, 6],
    });
  }
  if (payload.note) content.push({ text: payload.note, italics: true, fontSize: 8, margin: [0, 0, 0, 8] });
  if (payload.cutMessage) {
    content.push({ text: payload.cutMessage, bold: true, color: '#c92a2a', margin: [0, 0, 0, 8] });
  }
  for (const section of payload.sections) {
    content.push({ text: section.title, style: 'section' });
    content.push(sectionTable(section, available, fontSize));
  }
  return {
    pageSize: size,
    pageOrientation: 'landscape',
    pageMargins: [MARGIN, MARGIN, MARGIN, 40],
    info: { title: payload.title, author: payload.product, creator: payload.product },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      section: { fontSize: 12, bold: true, margin: [0, 10, 0, 4] },
    },
    content,
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: `${payload.product} · ${payload.title}`, color: '#495057' },
        { text: `Página ${currentPage} de ${pageCount}`, alignment: 'right' },
      ],
      fontSize: 8,
      margin: [MARGIN, 12, MARGIN, 0],
    }),
  };
}

let configured = false;

/**
 * Points pdfmake at its bundled Roboto (accents and ñ embedded, nothing downloaded) and refuses
 * every URL and every local file outside that folder, so no document text can make the server
 * fetch or read anything (SSRF, CVE-2026-26801).
 */
function configurePdfmake(): void {
  if (configured) return;
  const require = createRequire(import.meta.url);
  const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  pdfmake.setFonts({
    Roboto: {
      normal: join(fontDir, 'Roboto-Regular.ttf'),
      bold: join(fontDir, 'Roboto-Medium.ttf'),
      italics: join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => resolve(path).startsWith(fontDir + sep));
  configured = true;
}

/** Runs pdfmake (CPU-heavy: seconds for 10,000 rows); meant to run inside the worker. */
export async function renderPayload(payload: PdfPayload): Promise<Buffer> {
  configurePdfmake();
  return pdfmake.createPdf(buildDocDefinition(payload)).getBuffer();
}

if (!isMainThread && parentPort && workerData?.payload) {
  const port = parentPort;
  renderPayload(workerData.payload as PdfPayload).then(
    (buffer) => {
      // Transferred rather than copied when the Buffer owns its whole memory (it is not a pooled slice).
      // (Buffer.concat never returns shared memory, hence the ArrayBuffer cast.)
      const memory = buffer.buffer as ArrayBuffer;
      const whole = buffer.byteOffset === 0 && buffer.byteLength === memory.byteLength;
      const view = new Uint8Array(memory, buffer.byteOffset, buffer.byteLength);
      const pdf = whole ? view : view.slice();
      port.postMessage({ ok: true, pdf } satisfies PdfWorkerResult, [pdf.buffer]);
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ ok: false, message } satisfies PdfWorkerResult);
    },
  );
}
