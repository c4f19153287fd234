import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** API calls start with these; everything else is the web app and its assets. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/public-api/');
}

/**
 * One log line per request, when it completes, with the request id. API calls log at info;
 * web-app assets and health checks at debug so they do not drown the rest.
 */
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
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else if (isApiPath(request.url)) reply.log.info(entry, 'request completed');
    else reply.log.debug(entry, 'request completed');
  }
}
