import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mexicoCityDate } from '../../shared/format/dates';
import type { DownloadFormat } from '../../shared/schemas/filters';
import { ClientGoneError } from '../lib/request-log';
import type { ExportDocument } from './document';
import { renderPdf } from './pdf';
import { renderXlsx } from './xlsx';

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

/**
 * Sends a download in the asked format: XLSX and JSON streamed, PDF built in a worker (and
 * abandoned if the visitor goes away). All validation must happen before: once the first bytes
 * are out, a failure can only cut the download.
 */
export async function sendExport(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    format: DownloadFormat;
    name: string;
    now: Date;
    document: () => ExportDocument;
    json: () => Readable;
  },
): Promise<FastifyReply> {
  reply
    .type(TYPES[options.format])
    .header(
      'content-disposition',
      `attachment; filename="${downloadName(options.name, options.format, options.now)}"`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  if (options.format === 'xls') return reply.send(renderXlsx(options.document()));
  if (options.format === 'json') return reply.send(options.json());
  const aborted = new AbortController();
  const abandon = () => {
    if (!reply.raw.writableFinished) {
      aborted.abort(new ClientGoneError('The visitor left before the PDF was ready'));
    }
  };
  // The visitor may have left already, while the rows were being counted.
  if (request.raw.socket?.destroyed) abandon();
  else request.raw.on('close', abandon);
  return reply.send(await renderPdf(options.document(), { signal: aborted.signal }));
}
