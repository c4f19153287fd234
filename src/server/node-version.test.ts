import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OLDEST_NODE, unsupportedNode } from './node-version';

describe('the Node.js the server runs on', () => {
  it('is the oldest package.json admits', () => {
    const engines = JSON.parse(readFileSync('package.json', 'utf8')).engines.node as string;
    expect(engines).toBe(`>=${OLDEST_NODE.replace(/\.0$/, '')}`);
  });

  it('refuses an older Node with a sentence that says which and what to do', () => {
    expect(unsupportedNode('20.20.2')).toBe(
      "Vigía needs Node.js 22.12.0 or later; this is 20.20.2. Start it with `npm start` (it runs the project's own Node 24) or install Node 24.",
    );
    expect(unsupportedNode('22.11.0')).toMatch(/needs Node\.js 22\.12\.0 or later; this is 22\.11\.0/);
  });

  it('runs on 22.12 and later', () => {
    for (const version of ['22.12.0', '22.14.1', '23.0.0', '24.21.0', '25.1.0'])
      expect(unsupportedNode(version)).toBeNull();
  });
});
