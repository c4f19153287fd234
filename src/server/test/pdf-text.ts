import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * What poppler reads in a PDF (`pdftotext -layout`, or `pdfinfo`): tests check a download's words
 * as a reader's viewer shows them (scripts/ensure-test-tools.ts installs poppler).
 */
export async function poppler(tool: 'pdftotext' | 'pdfinfo', pdf: Buffer): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'vigia-pdf-'));
  try {
    const file = join(folder, 'document.pdf');
    await writeFile(file, pdf);
    const args = tool === 'pdftotext' ? ['-layout', file, '-'] : [file];
    const { stdout } = await run(`/usr/bin/${tool}`, args, { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
