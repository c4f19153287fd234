/**
 * Rows an export reads per query. The embedded database runs each query on the main thread, so
 * a batch is as long as the event loop stays busy: a few hundred rows keep every pause short,
 * and on a PostgreSQL server the extra round trips cost little (decision 0019).
 */
export const EXPORT_BATCH_ROWS = 500;

/**
 * Resolves after one full turn of the event loop (timers, I/O, then this), so requests, timers
 * and a stop signal that arrived meanwhile are served before long work goes on. A promise chain
 * alone never lets them in: microtasks all run before the loop moves.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
