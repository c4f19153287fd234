// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';

/**
 * Every TanStack Query key of a monitor's data carries the monitor's id (decision 0029), so that
 * switching monitors, here or in another tab, never shows the previous monitor's rows. Keys are
 * built only in exported `*Query` factories of the features' api modules, the monitor's id first;
 * this test calls each factory with a marker id and finds it in the key.
 */

const MONITOR = 'monitor-under-test';

/** Data that is the same whichever monitor is open (the key rightly has no monitor). */
const INSTALLATION_WIDE = new Set([
  'organizationsQuery', // the monitors of this installation
  'aboutQuery', // the civil association's texts
  'aboutSettingsQuery', // the same texts, edited by GENERAL administrators
  'profileQuery', // one's own account
  'supplierListsQuery', // the red flags' supplier lists (SAT 69-B, sanctions)
]);

/** Files whose keys are built inline and not yet through a factory: none. */
const INLINE_KEYS_PENDING = new Set<string>();

const apiModules = import.meta.glob<Record<string, unknown>>(
  ['./features/**/api.ts', './features/**/api/*.ts'],
  { eager: true },
);
const sources = import.meta.glob<string>(['./features/**/*.ts', './features/**/*.tsx', '!**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

interface Options {
  queryKey: readonly unknown[];
  queryFn: unknown;
}
const isOptions = (value: unknown): value is Options =>
  typeof value === 'object' && value !== null && 'queryKey' in value && 'queryFn' in value;

const factories = Object.entries(apiModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name, value]) => name.endsWith('Query') && typeof value === 'function')
    .map(([name, value]) => ({ file, name, build: value as (monitor: string) => unknown })),
);

describe('query keys of the web features', () => {
  it('finds the factories of every feature', () => {
    expect(factories.length).toBeGreaterThan(15);
    for (const name of INSTALLATION_WIDE) expect(factories.map((factory) => factory.name)).toContain(name);
  });

  it.each(factories.filter((factory) => !INSTALLATION_WIDE.has(factory.name)))(
    '$name ($file) puts the monitor in its key',
    ({ build }) => {
      const options = build(MONITOR);
      expect(isOptions(options)).toBe(true);
      expect((options as Options).queryKey).toContain(MONITOR);
    },
  );

  it('builds every key in an exported *Query factory of an api module', () => {
    const misplaced: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      if (INLINE_KEYS_PENDING.has(file)) continue;
      // Keys that define a query (not the prefixes given to invalidateQueries or removeQueries).
      const keys = source.match(/(?<!Queries\(\{\s*)\bqueryKey:/g)?.length ?? 0;
      if (keys === 0) continue;
      const built = source.match(/\b(?:infiniteQueryOptions|queryOptions)\(/g)?.length ?? 0;
      const exported = factories.filter((factory) => factory.file === file).length;
      // One key per factory, and every factory exported (so the test above calls it).
      if (keys !== built || built > exported) misplaced.push(file);
    }
    expect(misplaced).toEqual([]);
  });
});
