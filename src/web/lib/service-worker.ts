/// <reference types="vite-plugin-pwa/client" />
import { appVersion } from './query-persistence';

/**
 * Registers the service worker (scripts/service-worker.ts) once the page has loaded, so it never
 * competes with the first screen. When a new version's worker takes over, the page reloads: the
 * old version's code and the new version's files never run together (decision 0024).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A page that no worker controlled was loaded from the network: a first install taking over
  // (possibly one started by an earlier page, which the plugin reports as 'external') mixes no
  // versions, so it must not reload the page (that would, for one, drop what a sign-in page says).
  const controlledAtLoad = Boolean(navigator.serviceWorker.controller);
  void import('virtual:pwa-register')
    .then(({ registerSW }) =>
      registerSW({
        immediate: false,
        onNeedReload: () => {
          if (controlledAtLoad) reloadPage();
        },
      }),
    )
    .catch(() => undefined);
  void navigator.serviceWorker.ready.then(keepLoadedFiles).catch(() => undefined);
  // A file fetched after the worker is ready but before it controls the page (a screen opened in
  // between on a slow device) went past it: handed over again once it controls the page.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    void navigator.serviceWorker.ready.then(keepLoadedFiles).catch(() => undefined);
  });
}

/**
 * The files this page loaded before the worker was there (a first visit) are handed to it, so the
 * screens already opened work offline too; the browser's own cache answers, nothing is downloaded.
 */
function keepLoadedFiles(registration: ServiceWorkerRegistration): void {
  const urlsToCache = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.href);
  registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
}

let pendingAddress: () => string | null = () => null;

/** Tells where the visitor is going while a screen loads (the router), so a reload goes there. */
export function setPendingAddress(read: () => string | null): void {
  pendingAddress = read;
}

/** Reloads the page, at the address being opened if a screen was loading (a link just followed). */
export function reloadPage(): void {
  const address = pendingAddress();
  if (address && address !== `${window.location.pathname}${window.location.search}`)
    window.location.assign(address);
  else window.location.reload();
}

/** What the server says about the running version, asked when a screen's code cannot load. */
export type VersionCheck = 'offline' | 'updating' | 'current';

/**
 * Asks the server for its service worker: an unreachable server means the device is offline; a
 * different worker means a new version is being installed (the page reloads once it takes over).
 */
export async function checkVersion(): Promise<VersionCheck> {
  if (!navigator.onLine) return 'offline';
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (!registration) return 'current';
  try {
    await registration.update();
  } catch {
    return 'offline';
  }
  return registration.installing || registration.waiting ? 'updating' : 'current';
}

const RELOADED = 'vigia:reloaded-for-version';

/**
 * Reloads the page once per version, for a screen of the old version that the server no longer
 * has. Returns false when this version already reloaded for that reason (then it is no update).
 */
export function reloadOncePerVersion(): boolean {
  const version = appVersion();
  try {
    if (sessionStorage.getItem(RELOADED) === version) return false;
    sessionStorage.setItem(RELOADED, version);
  } catch {
    return false;
  }
  reloadPage();
  return true;
}

/** Resolves true when a new worker controls the page, or false after `timeout` milliseconds. */
export function newWorkerInControl(timeout: number): Promise<boolean> {
  return new Promise((resolve) => {
    navigator.serviceWorker?.addEventListener('controllerchange', () => resolve(true), { once: true });
    setTimeout(() => resolve(false), timeout);
  });
}
