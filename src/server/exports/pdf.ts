import { formatDate } from '../../shared/format/dates';
import { formatCount, formatMoney } from '../../shared/format/money';
import { type ExportColumn, type ExportDocument, type ExportSection, PRODUCT_NAME } from './document';
import type { PdfPayload, PdfSectionPayload } from './pdf-draw';
import { PdfPool } from './pdf-pool';

/** Rows a PDF shows at most (across all sections); the XLSX and JSON downloads carry the rest. */
export const PDF_MAX_ROWS = 10_000;

/** A worker that needs more heap than this dies alone instead of taking the server with it. */
export const WORKER_HEAP_MB = 1024;

export interface RenderPdfOptions {
  /** Defaults to PDF_MAX_ROWS. */
  maxRows?: number;
  /** Aborting (e.g. the client went away) stops the worker and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Waits for a worker (the download gate's line); without it the worker starts at once. */
  turn?: (rows: number, signal?: AbortSignal) => Promise<() => void>;
  /** The process's PDF threads (AppDeps.pdfPool); without it, a pool of two of this module's own. */
  pool?: PdfPool;
}

function toNumber(value: string | number): number {
  return typeof value === 'number' ? value : Number(value);
}

/** A page-long description would make one row fill pages; the XLSX keeps the whole text. */
const MAX_CELL_TEXT = 1_000;

function clip(text: string): string {
  return text.length > MAX_CELL_TEXT ? `${text.slice(0, MAX_CELL_TEXT - 1)}…` : text;
}

/** Display text of a cell, with the same formatters as the screens. */
function display<T>(column: ExportColumn<T>, row: T): string {
  const value = column.value(row);
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind) {
    case 'money':
      return Number.isFinite(toNumber(value)) ? formatMoney(toNumber(value)) : String(value);
    case 'count':
      return Number.isFinite(toNumber(value)) ? formatCount(toNumber(value)) : String(value);
    case 'date':
      return formatDate(String(value)) || String(value);
    default:
      return clip(String(value));
  }
}

function cutMessage(limit: number, total: number | undefined): string {
  const shown = `Este PDF muestra las primeras ${formatCount(limit)} filas`;
  const rest = 'Descarga el archivo XLSX o JSON para consultarlas todas.';
  return total !== undefined && total > limit
    ? `${shown} de ${formatCount(total)}. ${rest}`
    : `${shown}. ${rest}`;
}

/**
 * Reads at most `maxRows` rows (plus one, to learn whether there were more) and turns them into
 * strings. Stopping early ends the iterators, so a database cursor behind them is closed.
 */
async function collect(doc: ExportDocument, maxRows: number, signal?: AbortSignal): Promise<PdfPayload> {
  let budget = maxRows;
  let cut = false;
  const sections: PdfSectionPayload[] = [];
  for (const section of doc.sections as readonly ExportSection<unknown>[]) {
    const rows: string[][] = [];
    for await (const row of section.rows) {
      signal?.throwIfAborted();
      if (budget === 0) {
        cut = true;
        break;
      }
      rows.push(section.columns.map((column) => display(column, row)));
      budget -= 1;
    }
    sections.push({
      title: section.heading ?? section.title,
      columns: section.columns.map((column) => ({
        header: column.header,
        kind: column.kind,
        width: column.width ?? 0,
      })),
      rows,
    });
  }
  const totals = doc.sections.map((section) => section.total);
  const total = totals.every((value) => typeof value === 'number' && Number.isFinite(value))
    ? (totals as number[]).reduce((sum, value) => sum + value, 0)
    : undefined;
  return {
    title: doc.title,
    consulted: `Fecha de consulta: ${formatDate(doc.consultedAt)}`,
    organizationName: doc.organizationName,
    product: PRODUCT_NAME,
    filters:
      doc.filters.length > 0
        ? doc.filters.map((filter) => `${filter.label}: ${filter.values.join(', ')}`)
        : ['Sin filtros'],
    summary: doc.summary.map((figure) => ({
      label: figure.label,
      kind: figure.kind,
      value: figure.kind === 'money' ? formatMoney(figure.value) : formatCount(figure.value),
    })),
    ...(doc.note ? { note: doc.note } : {}),
    ...(cut ? { cutMessage: cutMessage(maxRows, total) } : {}),
    sections,
  };
}

/** Threads of renderPdf calls that bring no pool of their own (tests, scripts). */
let fallbackPool: PdfPool | undefined;

async function runWorker(payload: PdfPayload, options: RenderPdfOptions): Promise<Buffer> {
  const { signal } = options;
  const rows = payload.sections.reduce((sum, section) => sum + section.rows.length, 0);
  const releaseSlot = options.turn ? await options.turn(rows, signal) : () => {};
  try {
    signal?.throwIfAborted();
    if (!options.pool) fallbackPool ??= new PdfPool({ size: 2, heapMb: WORKER_HEAP_MB });
    return await (options.pool ?? fallbackPool)!.render(payload, signal);
  } finally {
    releaseSlot();
  }
}

/**
 * The PDF download. Drawing 10,000 table rows takes about a second of CPU, so only the row
 * reading and formatting (cheap, and needing the database iterators) happen here; the drawing
 * runs on a pooled worker thread and the event loop keeps serving other requests meanwhile.
 * Rows beyond `maxRows` are left out and the document says so.
 */
export async function renderPdf(doc: ExportDocument, options: RenderPdfOptions = {}): Promise<Buffer> {
  const maxRows = Math.max(0, Math.floor(options.maxRows ?? PDF_MAX_ROWS));
  const payload = await collect(doc, maxRows, options.signal);
  return runWorker(payload, options);
}
