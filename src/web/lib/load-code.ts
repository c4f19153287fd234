import { checkVersion, newWorkerInControl, reloadOncePerVersion, reloadPage } from './service-worker';

const never = () => new Promise<never>(() => undefined);

/**
 * Loads code kept in its own file (a screen, the charts library); when that fails:
 * - offline (code never opened on this device is not saved): what `whenOffline` gives;
 * - a new version is being installed: wait for it to take over, then reload into it (whether or
 *   not this version reloaded once already: the new version is what is loaded now);
 * - the server no longer has this version's file: reload once to get the new version;
 * - otherwise (and whenever the code arrived but failed while running: a bug, not a missing file)
 *   the error goes on to the error screen, which reports it.
 */
export async function loadCode<T>(load: () => Promise<T>, whenOffline: () => T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isMissingCode(error)) throw error;
    const version = await checkVersion();
    if (version === 'offline') return whenOffline();
    if (version === 'updating' && (await newWorkerInControl(10_000))) {
      reloadPage();
      return never();
    }
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
