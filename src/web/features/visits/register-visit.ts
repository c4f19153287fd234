import { apiRequest } from '../../lib/api-client';

/**
 * The administration and its sign-in pages are not public pages, and a link's token (a password
 * reset's, an alerts page's: /alerts/…) must never be logged.
 */
const NOT_COUNTED = /^\/(admin|login|forgot-password|new-password|alerts)(\/|$)/;

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
