import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { WEB_ROUTES } from '../../shared/routes';
import { RequireOrganization } from './organization-guard';
import { router } from './router';

// The service worker's registration is a module of the build (virtual:pwa-register), not of the tests.
vi.mock('../lib/service-worker', () => ({ setPendingAddress: vi.fn() }));

/** The route with this path and the routes above it, outermost first. */
function lineage(routes: RouteObject[], path: string, above: RouteObject[] = []): RouteObject[] | null {
  for (const route of routes) {
    if (route.path === path) return [...above, route];
    const found = route.children ? lineage(route.children, path, [...above, route]) : null;
    if (found) return found;
  }
  return null;
}

const guarded = (path: string) =>
  lineage(router.routes, path)?.some(
    (route) => (route.element as { type?: unknown } | undefined)?.type === RequireOrganization,
  );

describe('the router', () => {
  it('shows the information pages without a chosen monitor, like /privacy', () => {
    for (const path of [
      WEB_ROUTES.privacy,
      WEB_ROUTES.about,
      WEB_ROUTES.accessibility,
      WEB_ROUTES.openData,
      // The alerts' links (issue 33): a token is all they need.
      WEB_ROUTES.alerts,
      WEB_ROUTES.alertConfirm,
      WEB_ROUTES.alertUnsubscribe,
    ]) {
      expect(lineage(router.routes, path), path).not.toBeNull();
      expect(guarded(path), path).toBe(false);
    }
    expect(guarded(WEB_ROUTES.contact)).toBe(true);
  });
});
