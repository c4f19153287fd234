import { randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_ERROR_MESSAGES,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorEnvelope,
} from '../../shared/errors';

/** How long a connection closed by us stays open (not read) so the client can read the answer. */
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
  socket.pause();
  closeAfterLinger(socket, rawResponse(ERROR_STATUS[code], envelope));
}

/**
 * Ends the connection after `last` (if any) without reading more, and cuts it LINGER_MS later.
 * Closing at once while the client is still sending makes the kernel reset the connection, and
 * a reset can discard the answer before the client has read it; the pause gives it time to.
 */
function closeAfterLinger(socket: Socket, last?: string): void {
  if (last === undefined) socket.end();
  else socket.end(last);
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
 * body over the limit) stops reading it and closes the connection after the answer: otherwise
 * Node would read the rest of the body, however large, to keep the connection alive.
 */
export function registerUnreadBodyClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete !== false) return;
    reply.header('connection', 'close');
    stopReading(request.raw);
  });
}

function stopReading(incoming: IncomingMessage): void {
  incoming.unpipe();
  incoming.pause();
  // Counts the body as consumed, so Node does not drain the rest once the answer is sent.
  incoming.read(0);
  const socket = incoming.socket;
  // Node calls this once the answer with `Connection: close` is out.
  socket.destroySoon = () => closeAfterLinger(socket);
}
