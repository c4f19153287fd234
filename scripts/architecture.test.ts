import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/ARCHITECTURE.md is the newcomer's map: every module and folder the project has is named in
 * it. A folder added without a line there fails here, naming the folder, so the map cannot quietly
 * fall behind the tree. A folder counts as mentioned when its name followed by '/' appears in the
 * document as a word of its own ('figures/', 'src/server/modules/figures/', not 'subfigures/').
 */

const root = path.resolve(import.meta.dirname, '..');
const doc = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');

/** Where the map must name every folder directly beneath. */
const PARENTS = [
  'src/server/modules',
  'src/server',
  'src/shared',
  'src/web',
  'src/web/features',
  'src/web/features/admin',
];

/** Top-level folders the map names. */
const TOP_LEVEL = ['e2e', 'bench', 'scripts', 'drizzle', 'docs'];

const IGNORED = new Set(['node_modules', 'dist', '__snapshots__']);

function foldersUnder(parent: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(path.join(root, parent), { withFileTypes: true });
  } catch {
    return []; // A parent that does not exist (yet) names nothing.
  }
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => !IGNORED.has(name) && !name.startsWith('.') && !name.startsWith('__'))
    .sort();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the document names the folder: its name and '/', not as the tail of a longer name. */
function mentions(name: string): boolean {
  return new RegExp(`(^|[^A-Za-z0-9_-])${escapeRegExp(name)}/`, 'm').test(doc);
}

describe('docs/ARCHITECTURE.md', () => {
  it('names every module and folder of the project', () => {
    const required = [
      ...PARENTS.flatMap((parent) =>
        foldersUnder(parent).map((name) => ({ name, where: `${parent}/${name}/` })),
      ),
      ...TOP_LEVEL.map((name) => ({ name, where: `${name}/` })),
      // Not found by the walk (its name starts with '__'), named in the map all the same.
      { name: '__query-snapshots__', where: 'src/server/__query-snapshots__/' },
    ];
    expect(required.length).toBeGreaterThan(TOP_LEVEL.length + 20);
    const missing = required
      .filter(({ name }) => !mentions(name))
      .map(
        ({ name, where }) =>
          `docs/ARCHITECTURE.md does not mention ${where} (write '${name}/' with a line on what it owns)`,
      );
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('names every bench:* script of package.json', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const missing = Object.keys(pkg.scripts)
      .filter((name) => name.startsWith('bench:'))
      .filter((name) => !new RegExp(`${escapeRegExp(name)}(?![A-Za-z0-9_-])`).test(doc))
      .map((name) => `docs/ARCHITECTURE.md does not mention the benchmark ${name} (package.json, bench/)`);
    expect(missing, missing.join('\n')).toEqual([]);
  });
});
