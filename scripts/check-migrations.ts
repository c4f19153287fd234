/**
 * Fails when the Drizzle schema and the committed migrations disagree: generates migrations
 * into a scratch copy of drizzle/ and requires drizzle-kit to find nothing to generate.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';

// drizzle-kit resolves `out` relative to the project, so the scratch copy lives inside it.
mkdirSync('node_modules/.cache', { recursive: true });
const scratch = path.relative(process.cwd(), mkdtempSync('node_modules/.cache/vigia-drift-'));
try {
  cpSync('drizzle', scratch, { recursive: true });
  const result = spawnSync('npx', ['drizzle-kit', 'generate'], {
    env: { ...process.env, DRIZZLE_OUT: scratch },
    encoding: 'utf8',
  });
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.status === 0 && output.includes('No schema changes')) {
    console.log('Migrations match the schema.');
  } else {
    console.error(
      'The database schema and the committed migrations disagree (or drizzle-kit failed).\n' +
        'Run `npm run db:generate` and commit the new files under drizzle/.\n\n' +
        output.replace(/^npm warn.*$/gm, '').trim(),
    );
    process.exitCode = 1;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
