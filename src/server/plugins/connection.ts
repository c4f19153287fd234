import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_ERROR_MESSAGES,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorEnvelope,
} from '../../shared/errors';

/** How long a refused connection may keep sending before it is cut (its bytes are discarded). */
const LINGER_MS = 2_000;

/** Spanish text of a request Node's HTTP parser could not read (bad bytes, a NUL in a header, no HTTP). */
export const MALFORMED_REQUEST_MESSAGE = 'La solicitud no tiene un formato válido.';

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers too large, a request
 * that is not HTTP, a NUL byte in a header, a request that took too long to arrive): answered
 * with the portal's envelope in Spanish, a request id and `Connection: close` (the parser cannot
 * go on with that connection). Bound to the Fastify instance (the `clientErrorHandler` option).
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // Already answered (the parser reports each further chunk), or a client that went away.
  if (socket.destroyed || socket.writableEnded) return;
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'BAD_REQUEST';
  const requestId = randomUUID();
  const envelope: ErrorEnvelope = {
    error: true,
    code,
    message: code === 'BAD_REQUEST' ? MALFORMED_REQUEST_MESSAGE : DEFAULT_ERROR_MESSAGES[code],
    requestId,
  };
  this.log.info({ requestId, code: error.code, status: ERROR_STATUS[code] }, 'unreadable request refused');
  // As Node does: never write into a response that has already started on this connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(rawResponse(ERROR_STATUS[code], envelope));
  // Read and drop what the client still sends, so the answer is not lost to a reset; then cut.
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

function rawResponse(status: number, envelope: ErrorEnvelope): string {
  const body = JSON.stringify(envelope);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    `X-Request-Id: ${envelope.requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * An answer sent before the request's body was read (a refused upload, a 401 before the body, a
 * body over the limit) closes the connection: otherwise Node would read the rest of the body,
 * however large, to keep the connection alive for the next request.
 */
export function registerUnreadBodyClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
  });
}
