/**
 * How the built server (dist/server/main.js) is run: `npm start`, `npm run serve`, the tests' server
 * processes and the benchmarks all start it with these Node flags and this environment
 * (package.json's scripts are checked against them by server-command.test.ts). Both must be given
 * when the process starts: V8 sizes its heap and glibc its allocator before any code runs
 * (decision 0034, amended by issue 30).
 *
 * - `--max-semi-space-size=8`: Node 24's V8 lets a semi-space of the young generation grow to
 *   64 MB on a machine of this size; starting the server (loading its modules) fills it and the
 *   pages stay resident: 300 MB at rest instead of about 190 MB. It also sets the reading
 *   thread's young generation (a V8 flag is the whole process's).
 * - `MALLOC_ARENA_MAX=2`: glibc gives every thread that allocates its own arena; the reading thread,
 *   libuv's and V8's helpers left about 50 MB of freed memory resident during a load.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'] as const;

/** The environment the server's process starts with, over the one it is given. */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/**
 * The built server's entry point, from the project's root: it turns source maps on for our own
 * files only (src/server/start.ts), so stack traces name the TypeScript sources.
 */
export const SERVER_ENTRY = 'dist/server/main.js';

/** The command line package.json's scripts run (a POSIX shell's, as npm's on Linux and macOS). */
export const SERVER_COMMAND = [
  ...Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`),
  'node',
  ...SERVER_NODE_FLAGS,
  SERVER_ENTRY,
].join(' ');
