import { globSync, readFileSync, statSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test projects:
 * - unit: pure functions (src/**\/*.test.ts, scripts/**\/*.test.ts);
 * - web: screens in happy-dom with Testing Library (src/web/**\/*.test.tsx), the API client answered
 *   by the test (src/web/test/setup.ts) and the app's providers around them (src/web/test/render.tsx);
 *   web:isolated, those of them that replace a module with vi.mock;
 * - api:pglite: API tests through app.inject on embedded PostgreSQL (src/**\/*.api.test.ts);
 * - api:postgres: the same API tests on a PostgreSQL server, when TEST_DATABASE_URL is set;
 * - e2e: the built app in Debian's Chromium headless shell, and the real start command
 *   (e2e/**\/*.e2e.test.ts), each portal on a copy of the demonstration database seeded once (on
 *   the PostgreSQL server when TEST_DATABASE_URL is set, else embedded).
 * Three files run at a time, whatever their project (decision 0047). The unit, API and browser projects keep their
 * modules between files of a worker (isolate: false, decisions 0038 and 0047): a file no longer
 * imports the whole server again. Every project runs with TZ=UTC: quarters and dates must not depend on the
 * machine's zone.
 */
const shared = { env: { TZ: 'UTC' }, restoreMocks: true };

/** Projects in the order their files are handed to the workers. */
const PROJECT_ORDER = ['e2e', 'api:postgres', 'api:pglite', 'web', 'web:isolated', 'unit'];

/**
 * The browser files first, the many short unit and screen files last, so the long files never end
 * the run on one worker while the other waits (Vitest's own order is the projects by name, e2e after
 * both API projects). Within a project, the longest files of the last run first, or on a first run
 * (CI's clean clone has no record) the largest. A project's files stay together, so a worker keeps
 * its modules between them (isolate: false).
 */
class HeavyFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = PROJECT_ORDER.indexOf(spec.project.name);
      return index === -1 ? PROJECT_ORDER.length : index;
    };
    // Each file's weight looked up once: its last duration, or (no record) its size.
    const weights = new Map(
      files.map((spec) => [
        spec,
        {
          duration: this.ctx.cache.getTestSpecificationResult(spec)?.duration,
          size: statSync(spec.moduleId).size,
        },
      ]),
    );
    return [...files].sort((a, b) => {
      if (rank(a) !== rank(b)) return rank(a) - rank(b);
      const [wa, wb] = [weights.get(a)!, weights.get(b)!];
      return wa.duration !== undefined && wb.duration !== undefined
        ? wb.duration - wa.duration
        : wb.size - wa.size;
    });
  }
}
const apiTests = ['src/**/*.api.test.ts'];
const screenTests = ['src/web/**/*.test.tsx'];
/**
 * Screens' files that replace a module of the app with vi.mock (a chart, the service worker): each
 * runs with its own modules, since a module replaced for one file would be the replaced one for the
 * next file of the worker, or not replaced at all if the next imported it first. The others share
 * their modules (isolate: false): the screens' modules, Mantine and React are imported once per
 * worker, not once per file.
 */
const screensMockingModules = screenTests
  .flatMap((pattern) => globSync(pattern))
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')));
/** What both screens' projects share: happy-dom, the component tier's set-up, a busy machine's limit. */
const screens = {
  ...shared,
  environment: 'happy-dom',
  setupFiles: ['src/web/test/setup.ts'],
  testTimeout: 20_000,
};

export default defineConfig({
  test: {
    // Three files at a time in every project, browser files among the others, on two cores: Vitest's
    // default there is one (cores - 1), and a file waiting on PostgreSQL, Chromium or a child process
    // leaves a core idle; a third file fills it (432 s instead of 485 s with two, decision 0047).
    maxWorkers: 3,
    sequence: { sequencer: HeavyFilesFirst },
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          isolate: false,
          exclude: apiTests,
          environment: 'node',
        },
      },
      {
        test: {
          ...screens,
          name: 'web',
          include: screenTests,
          exclude: screensMockingModules,
          isolate: false,
        },
      },
      {
        test: { ...screens, name: 'web:isolated', include: screensMockingModules },
      },
      {
        test: {
          ...shared,
          name: 'api:pglite',
          include: apiTests,
          isolate: false,
          globalSetup: ['src/server/test/global-setup.pglite.ts'],
          env: { ...shared.env, TEST_ENGINE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...shared,
                name: 'api:postgres',
                include: apiTests,
                isolate: false,
                globalSetup: ['src/server/test/global-setup.postgres.ts'],
                env: { ...shared.env, TEST_ENGINE: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          // The demonstration data is seeded once and copied per file (startPortal).
          globalSetup: ['e2e/fixtures/global-setup.ts'],
          // A failed test leaves screenshots of its pages under test-results/.
          setupFiles: ['e2e/fixtures/setup.ts'],
          // Files share no state (each its own server, database, browser and temp dirs): they run
          // beside the other projects' files, three at a time (maxWorkers above), and a worker keeps
          // the modules between its files (the server is not imported again for each).
          fileParallelism: true,
          isolate: false,
          // A limit for a test that hangs, not a measure of speed: a browser test shares two cores with
          // two other files' portals and browsers, and its longest tests (a first start seeding the
          // demonstration data, a tsx script and a server on the embedded database) took 80–90 s so.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // expect.poll waits for what a page shows after a reload or a navigation: with two portals
          // and two browsers on two cores that can take longer than Vitest's default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
