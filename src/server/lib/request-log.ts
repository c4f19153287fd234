import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** API calls start with these; everything else is the web app and its assets. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/public-api/');
}

/**
 * The client closed the connection before its answer was ready (thrown by work abandoned for that
 * reason, e.g. a PDF download the visitor left): its doing, not a fault of ours.
 */
export class ClientGoneError extends Error {
  constructor(message = 'The client closed the connection before the answer was complete') {
    super(message);
    this.name = 'ClientGoneError';
  }
}

/** Codes of a stream or socket cut by the other side. */
const DISCONNECT_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Whether `error` only says that the client went away mid-request or mid-answer (a download
 * aborted, a tab closed): logged at info, never as an error of ours.
 */
export function isClientDisconnect(error: unknown, request?: FastifyRequest): boolean {
  if (error instanceof ClientGoneError) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && DISCONNECT_CODES.has(code)) return true;
  if (message === 'aborted' || message === 'Premature close') return true;
  // Work aborted because the request closed (AbortSignal) while the socket is gone.
  const gone = request?.raw.socket?.destroyed === true;
  return gone && (error as { name?: unknown })?.name === 'AbortError';
}

/**
 * One log line per request, when it completes, with the request id. API calls log at info;
 * web-app assets and health checks at debug so they do not drown the rest.
 */
const CLIENT_GONE = 'client closed the connection before the answer was complete';

export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const entry = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error && isClientDisconnect(error, request)) reply.log.info(entry, CLIENT_GONE);
    else if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else if (isApiPath(request.url)) reply.log.info(entry, 'request completed');
    else reply.log.debug(entry, 'request completed');
  }

  /** A download cut short by the client is its doing; any other stream failure is ours. */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    const entry = { method: request.method, url: request.url, statusCode: reply.statusCode };
    if (isClientDisconnect(error, request)) reply.log.info(entry, CLIENT_GONE);
    else reply.log.error({ ...entry, err: error }, 'answer cut short by an error after it had started');
  }
}
