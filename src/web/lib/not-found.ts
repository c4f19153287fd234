import { ApiError } from './api-client';

/** The server said the record does not exist here (404), or the address cannot name one (400). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
