import { DEFAULT_ERROR_MESSAGES, ERROR_STATUS, type ErrorCode, type FieldError } from '../../shared/errors';

/**
 * The one error type of the server. Its message is shown to users when the status is below 500,
 * so it must be Spanish and say what to do; 500s are masked by the error handler.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldError[];
  /** Sent as Retry-After (429, 503): when trying again makes sense. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message?: string,
    options?: { errors?: FieldError[]; cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message ?? DEFAULT_ERROR_MESSAGES[code], { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.errors = options?.errors;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const badRequest = (message?: string, errors?: FieldError[]) =>
  new AppError('BAD_REQUEST', message, { errors });

/** The error code for a plain HTTP status (used for Fastify's own errors). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 422:
      return 'UNPROCESSABLE';
    case 429:
      return 'RATE_LIMITED';
    case 431:
      return 'HEADERS_TOO_LARGE';
    case 503:
      return 'UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}
