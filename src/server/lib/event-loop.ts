/**
 * Rows an export reads per query. The embedded database runs each query on the main thread, so
 * a batch is as long as the event loop stays busy: a few hundred rows keep every pause short. A
 * PostgreSQL server runs queries elsewhere; there larger batches are measurably quicker (fewer
 * round trips: a 69,000-row JSON download 2.0–2.3 s instead of 2.7–2.8 s) and hold the loop
 * no longer than parsing them does (decision 0019).
 */
export const EXPORT_BATCH_ROWS = { pglite: 500, postgres: 2_000 } as const;

/** The batch size of exports on this database engine. */
export function exportBatchRows(database: { kind: keyof typeof EXPORT_BATCH_ROWS }): number {
  return EXPORT_BATCH_ROWS[database.kind];
}

/**
 * Resolves after one full turn of the event loop (timers, I/O, then this), so requests, timers
 * and a stop signal that arrived meanwhile are served before long work goes on. A promise chain
 * alone never lets them in: microtasks all run before the loop moves.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
