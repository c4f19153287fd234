import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOWNLOAD_SIGNAL_COOKIE, DOWNLOAD_SIGNAL_PATTERN } from '../../shared/constants/downloads';
import { mexicoCityDate } from '../../shared/format/dates';
import type { DownloadFormat } from '../../shared/schemas/filters';
import { addressKey } from '../lib/address-key';
import { ClientGoneError } from '../lib/request-log';
import type { ExportDocument } from './document';
import type { DownloadTicket } from './gate';
import { renderPdf } from './pdf';
import { renderXlsx } from './xlsx';

/** Downloads are heavy: a few per minute and address are plenty for a person (every export route). */
export const DOWNLOAD_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

const TYPES: Record<DownloadFormat, string> = {
  xls: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  json: 'application/json; charset=utf-8',
};
const EXTENSIONS: Record<DownloadFormat, string> = { xls: 'xlsx', pdf: 'pdf', json: 'json' };

/** `vigia-contratos-2026-11-22.xlsx`: ASCII, dated by the Mexico City day, never a path character. */
export function downloadName(base: string, format: DownloadFormat, now: Date): string {
  const safe = base
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-');
  return `vigia-${safe}-${mexicoCityDate(now)}.${EXTENSIONS[format]}`;
}

/** What a module hands over for a download: the document (XLSX, PDF) and the JSON stream. */
export interface ExportFiles {
  document: () => ExportDocument;
  json: () => Readable;
}

/**
 * Route hook of every download route (`onSend`): when the page asked with ?signal=<token>, the
 * answer, file or error, sets the cookie `vigia-download-<token>` to its status, so the page
 * knows when the file has started or why it failed (a plain link cannot read the answer).
 */
export async function downloadSignal(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const token = (request.query as { signal?: unknown } | undefined)?.signal;
  if (typeof token === 'string' && DOWNLOAD_SIGNAL_PATTERN.test(token)) {
    reply.header(
      'set-cookie',
      `${DOWNLOAD_SIGNAL_COOKIE}${token}=${reply.statusCode}; Path=/; Max-Age=300; SameSite=Strict`,
    );
  }
  return payload;
}

/**
 * Takes one of the address's download places (or throws the 429 / 503 that says why not) and
 * gives it back when the answer is over, finished or cut: every download route (exports, backup
 * copies) calls it first, before any other database work.
 */
export async function admitDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  pdf: boolean,
): Promise<DownloadTicket> {
  const ticket = await request.server.deps.downloads.admit(addressKey(request.ip), pdf);
  reply.raw.once('close', ticket.release);
  reply.raw.once('finish', ticket.release);
  // The visitor may have gone while the place was claimed: its 'close' came and went.
  if (reply.raw.closed || reply.raw.writableFinished) ticket.release();
  return ticket;
}

/**
 * Sends a download in the asked format: XLSX and JSON streamed, PDF built in a worker (and
 * abandoned if the visitor goes away). The download gate admits it first (or answers 429/503
 * before any database work) and is told when the answer is over. `files` does the validation
 * and the reading of totals: once the first bytes are out, a failure can only cut the download.
 */
export async function sendExport(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    format: DownloadFormat;
    name: string;
    now: Date;
    files: () => Promise<ExportFiles>;
  },
): Promise<FastifyReply> {
  const ticket = await admitDownload(request, reply, options.format === 'pdf');
  let files: ExportFiles;
  try {
    files = await options.files();
  } catch (error) {
    ticket.release();
    throw error;
  }
  reply
    .type(TYPES[options.format])
    .header(
      'content-disposition',
      `attachment; filename="${downloadName(options.name, options.format, options.now)}"`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  if (options.format === 'xls') return reply.send(renderXlsx(files.document()));
  if (options.format === 'json') return reply.send(files.json());
  const aborted = new AbortController();
  const abandon = () => {
    if (!reply.raw.writableFinished) {
      aborted.abort(new ClientGoneError('The visitor left before the PDF was ready'));
    }
  };
  // The visitor may have left already, while the rows were being counted.
  if (request.raw.socket?.destroyed) abandon();
  else request.raw.on('close', abandon);
  return reply.send(
    await renderPdf(files.document(), {
      signal: aborted.signal,
      turn: ticket.pdfTurn,
      pool: request.server.deps.pdfPool,
    }),
  );
}
