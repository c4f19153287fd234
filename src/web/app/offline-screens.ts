import { createBrowserRouter, type RouteObject } from 'react-router';
import {
  checkVersion,
  newWorkerInControl,
  reloadOncePerVersion,
  setPendingAddress,
} from '../lib/service-worker';
import { OfflinePage } from '../routes/errors/offline';

type Lazy = () => Promise<Record<string, unknown>>;
const never = () => new Promise<never>(() => undefined);

/**
 * Loads a screen's code; when that fails:
 * - offline (a screen never opened on this device is not saved): the 'Sin conexión' screen;
 * - a new version is being installed: wait for it to take over (the page reloads then);
 * - the server no longer has this version's file: reload once to get the new version;
 * - otherwise (and whenever the code arrived but failed while running: a bug, not a missing file)
 *   the error goes on to the error screen, which reports it.
 */
export async function loadScreen(load: Lazy): Promise<Record<string, unknown>> {
  try {
    return await load();
  } catch (error) {
    if (!isMissingCode(error)) throw error;
    const version = await checkVersion();
    if (version === 'offline') return { Component: OfflinePage };
    if (version === 'updating') await newWorkerInControl(10_000);
    if (reloadOncePerVersion()) return never();
    throw error;
  }
}

/**
 * Whether a dynamic import failed to fetch its file or its style sheet (each browser, and Vite's
 * preloader, words it differently), as opposed to a module that arrived and threw while running.
 */
export function isMissingCode(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|importing a module script failed|failed to fetch|unable to preload css/i.test(
      error.message,
    )
  );
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
