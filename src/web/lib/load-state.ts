import { isNetworkError } from './query-persistence';

/** What a screen needs of a query to tell its states apart. */
interface Loadable {
  data: unknown;
  isError: boolean;
  error: unknown;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/**
 * A screen's data that cannot be shown: its call failed, or it waits for a connection with nothing
 * saved on the device. The screen then shows the error state with a retry (components/load-error),
 * never a skeleton that waits for ever nor figures made up of zeros. Data already on screen (saved
 * on the device, or the previous answer) stays only when the server could not be reached: a
 * server's failure means it may no longer be true (decision 0024).
 */
export function cannotShow(query: Loadable): boolean {
  if (query.data === undefined) return query.isError || query.fetchStatus === 'paused';
  return query.isError && !isNetworkError(query.error);
}

/**
 * A failed call worth a 'no se encuentra disponible' message: not when saved data stays on screen
 * because the server could not be reached, where the offline notice already says so (decision
 * 0024) and a second message would say the screen shown is unavailable.
 */
export function failureToWarn(query: Loadable): boolean {
  return query.isError && !(query.data !== undefined && isNetworkError(query.error));
}
