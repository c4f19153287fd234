import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadCode } from '../lib/load-code';
import { setPendingAddress } from '../lib/service-worker';
import { OfflinePage } from '../routes/errors/offline';

type Lazy = () => Promise<Record<string, unknown>>;

/** Loads a screen's code through loadCode: offline, a screen never opened shows 'Sin conexión'. */
export function loadScreen(load: Lazy): Promise<Record<string, unknown>> {
  return loadCode(load, () => ({ Component: OfflinePage }));
}

/** The same routes, each lazy screen loaded through loadScreen. */
export function withOfflineScreens(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const lazy = route.lazy;
    const wrapped = { ...route } as Record<string, unknown>;
    if (typeof lazy === 'function') wrapped.lazy = () => loadScreen(lazy as Lazy);
    if (route.children) wrapped.children = withOfflineScreens(route.children);
    return wrapped as RouteObject;
  });
}

/** createBrowserRouter with every lazy screen loaded through loadScreen. */
export function createRouterWithOfflineScreens(routes: RouteObject[]) {
  const router = createBrowserRouter(withOfflineScreens(routes));
  setPendingAddress(() => {
    const next = router.state.navigation.location;
    return next ? `${next.pathname}${next.search}${next.hash}` : null;
  });
  return router;
}
