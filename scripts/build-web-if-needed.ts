/**
 * `npm start` builds the web app only when its sources changed since the last build, so a
 * fresh clone works with one command and later starts stay fast.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const INPUTS = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'scripts/service-worker.ts',
  'postcss.config.cjs',
  'package-lock.json',
];
const STAMP = path.resolve('dist/web/.build-stamp');

function fingerprint(): string {
  const hash = createHash('sha256');
  const visit = (entry: string) => {
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry).sort()) visit(path.join(entry, name));
    } else {
      hash.update(entry).update(readFileSync(entry));
    }
  };
  for (const input of INPUTS) if (existsSync(input)) visit(input);
  return hash.digest('hex');
}

const current = fingerprint();
const previous = existsSync(STAMP) ? readFileSync(STAMP, 'utf8') : '';
if (current !== previous || !existsSync('dist/web/index.html')) {
  console.log('Building the web app (first start or changed sources)…');
  execSync('npm run --silent build', { stdio: 'inherit' });
  writeFileSync(STAMP, current);
}
