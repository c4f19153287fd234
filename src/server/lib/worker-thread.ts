import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Threads start from a tiny CommonJS bootstrap (eval) rather than from the .ts file: Node's own
 * type stripping cannot load our sources (imports without extensions, parameter properties), and
 * under vitest the parent has no tsx loader to inherit. The bootstrap registers tsx's ESM hooks
 * inside the thread when the entry is a .ts file and then imports it, so the same code runs under
 * `tsx`, vitest, or compiled to .js. The entry's own data goes in `workerData.data`.
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.loader) (await import(workerData.loader)).register();
  await import(workerData.entry);
})();
`;

/**
 * Starts a thread running the module `entry` (the URL of its .ts file next to the caller, from
 * `new URL('./x.ts', import.meta.url)`; the built .js is used when the caller itself is built).
 */
export function startWorker(
  entry: URL,
  options: Omit<WorkerOptions, 'eval' | 'workerData'> & { data?: unknown } = {},
): Worker {
  const { data, ...rest } = options;
  const typescript = entry.href.endsWith('.ts') && import.meta.url.endsWith('.ts');
  const href = typescript ? entry.href : entry.href.replace(/\.ts$/, '.js');
  return new Worker(BOOTSTRAP, {
    ...rest,
    eval: true,
    workerData: { entry: href, loader: typescript ? import.meta.resolve('tsx/esm/api') : null, data },
  });
}
