/**
 * Builds the server into dist/server (decision 0039): `npm start` and `npm run serve` run it with
 * plain Node instead of transpiling TypeScript in the running process (tsx held about 90 MB of a
 * server's 250 MB at rest). One esbuild bundle of our code with the packages left to node_modules;
 * the worker threads' entries are entries of their own next to it (startWorker finds
 * `./read.worker.js` beside the built caller), shared code in chunks. Takes well under a second, so
 * `npm start` builds it every time and never runs an older server than the sources. `--clean`
 * (`npm run build`) empties dist/server first; otherwise files are only overwritten, so a server
 * already running from them still finds the chunks it loads later.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const SERVER_OUT = path.resolve('dist/server');

/** The process entry and the threads it starts (each `startWorker(new URL('./x.ts', …))`). */
const ENTRIES = {
  // dist/server/main.js: turns our source maps on, then loads the server (src/server/main.ts).
  main: 'src/server/start.ts',
  'read.worker': 'src/server/modules/data-load/read.worker.ts',
  'pdf-worker': 'src/server/exports/pdf-worker.ts',
  'bulk.worker': 'src/server/modules/open-data/bulk.worker.ts',
};

export async function buildServer(options: { clean?: boolean } = {}): Promise<void> {
  if (options.clean) rmSync(SERVER_OUT, { recursive: true, force: true });
  await build({
    entryPoints: ENTRIES,
    outdir: SERVER_OUT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    // The oldest Node package.json's engines admit.
    target: 'node22.12',
    packages: 'external',
    sourcemap: 'linked',
    // Stack traces and logs keep our function names.
    keepNames: true,
    outExtension: { '.js': '.js' },
    // Chunks beside the entries: a chunk's `new URL('./read.worker.ts', import.meta.url)` names the built worker.
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer({ clean: process.argv.includes('--clean') });
  console.log(`Server built into dist/server in ${Math.round(performance.now() - started)} ms.`);
}
