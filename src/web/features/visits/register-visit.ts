import { apiRequest } from '../../lib/api-client';

/** The administration and its sign-in pages are not public pages (and a reset link's token must never be logged). */
const NOT_COUNTED = /^\/(admin|login|forgot-password|new-password)(\/|$)/;

/**
 * Counts a public page view (POST /public-api/route-logs/register). Best effort: a failed or
 * rate-limited beacon never bothers the visitor.
 */
export function registerVisit(path: string): void {
  if (NOT_COUNTED.test(path)) return;
  apiRequest('/public-api/route-logs/register', { method: 'POST', body: { path }, keepalive: true }).catch(
    () => {},
  );
}
