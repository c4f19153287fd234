import { apiRequest } from '../../lib/api-client';

/**
 * Counts a public page view (POST /public-api/route-logs/register). Best effort: a failed or
 * rate-limited beacon never bothers the visitor.
 */
export function registerVisit(path: string): void {
  if (path === '/admin' || path.startsWith('/admin/')) return;
  apiRequest('/public-api/route-logs/register', { method: 'POST', body: { path }, keepalive: true }).catch(
    () => {},
  );
}
