import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_COMMAND } from './server-command';

const scripts = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe('the command that runs the built server', () => {
  it('is the same in npm start and npm run serve as in the tests and the benchmarks', () => {
    expect(SERVER_COMMAND).toBe('MALLOC_ARENA_MAX=2 node --max-semi-space-size=8 dist/server/main.js');
    expect(scripts.serve).toBe(SERVER_COMMAND);
    expect(scripts.start!.endsWith(`&& ${SERVER_COMMAND}`)).toBe(true);
  });
});
