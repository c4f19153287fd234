import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DEFAULT_ERROR_MESSAGES, type ErrorEnvelope, type FieldError } from '../../shared/errors';
import { isDatabaseUnavailable } from '../db/client';
import { AppError, codeForStatus } from '../lib/errors';
import { isClientDisconnect } from '../lib/request-log';

/**
 * The one error handler: AppErrors and client errors keep their Spanish message; a database that
 * cannot be reached is a 503 with Retry-After (the next request tries a new connection); anything
 * else is logged with its request id and answered as a masked 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((raised: FastifyError | AppError | Error, request, reply) => {
    // First: a visitor who left (ECONNRESET on their own socket) is no database outage.
    const gone = isClientDisconnect(raised, request);
    const unavailable = !gone && isDatabaseUnavailable(raised);
    const error = unavailable ? new AppError('UNAVAILABLE', undefined, { cause: raised }) : raised;
    const envelope = toEnvelope(error, request);
    const status = statusOf(error, envelope);
    if (gone) {
      request.log.info(
        { reason: raised.message },
        'client closed the connection before the answer was complete',
      );
    } else if (unavailable) {
      request.log.error({ err: raised }, 'database unavailable: answered 503');
    } else if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: envelope.code, status }, envelope.message);
    }
    sendError(reply, status, envelope, error instanceof AppError ? error.retryAfterSeconds : undefined);
  });
}

/** Requests Fastify cannot route at all (a malformed URL) still get the envelope, in Spanish. */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  sendError(reply, 400, {
    error: true,
    code: 'BAD_REQUEST',
    message: 'La dirección solicitada no es válida.',
    requestId: String(request.id ?? ''),
  });
  request.log.info({ code: error.code }, 'malformed request');
}

export function sendError(
  reply: FastifyReply,
  status: number,
  envelope: ErrorEnvelope,
  retryAfterSeconds?: number,
): void {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  else if (status === 503) reply.header('retry-after', '60');
  void reply.code(status).type('application/json; charset=utf-8').send(envelope);
}

function statusOf(error: unknown, envelope: ErrorEnvelope): number {
  if (error instanceof AppError) return error.statusCode;
  if (envelope.code === 'VALIDATION') return 400;
  if (envelope.code === 'BAD_REQUEST') return 400;
  const status = (error as { statusCode?: number }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 && !isResponseSerializationError(error)
    ? status
    : 500;
}

function toEnvelope(error: unknown, request: FastifyRequest): ErrorEnvelope {
  const requestId = String(request.id);
  if (error instanceof AppError) {
    return { error: true, code: error.code, message: error.message, errors: error.errors, requestId };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldError[] = error.validation.map((issue) => ({
      path: [error.validationContext, ...(issue.instancePath.split('/').filter(Boolean) ?? [])]
        .filter(Boolean)
        .join('.'),
      message: issue.message ?? DEFAULT_ERROR_MESSAGES.VALIDATION,
    }));
    const first = errors[0]?.message;
    return {
      error: true,
      code: 'VALIDATION',
      message: first ? `${DEFAULT_ERROR_MESSAGES.VALIDATION} ${first}` : DEFAULT_ERROR_MESSAGES.VALIDATION,
      errors,
      requestId,
    };
  }
  if (isInvalidTextError(error)) {
    return { error: true, code: 'VALIDATION', message: DEFAULT_ERROR_MESSAGES.VALIDATION, requestId };
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    const code = codeForStatus(status);
    return { error: true, code, message: clientMessage(fastifyError, code), requestId };
  }
  return { error: true, code: 'INTERNAL', message: DEFAULT_ERROR_MESSAGES.INTERNAL, requestId };
}

/**
 * Text PostgreSQL cannot store (a NUL byte, an invalid encoding) comes from the request, not
 * from a fault of ours: a 400, not a 500. A backstop behind the schemas, which reject it first.
 */
function isInvalidTextError(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  return cause?.code === '22021' || cause?.code === '22P05';
}

/** Fastify's own client errors have English messages; users get the Spanish text for the case. */
function clientMessage(error: FastifyError, code: ReturnType<typeof codeForStatus>): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'El cuerpo de la solicitud no es un JSON válido.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return DEFAULT_ERROR_MESSAGES.PAYLOAD_TOO_LARGE;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return DEFAULT_ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE;
    default:
      return DEFAULT_ERROR_MESSAGES[code];
  }
}
