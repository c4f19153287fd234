import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The key that signs session tokens: SESSION_SECRET when configured, otherwise a random one made
 * on the first start and kept in DATA_DIR/session-secret (readable by the owner only), so tokens
 * survive restarts of the embedded default.
 */
export function resolveSessionSecret(configured: string | null, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'session-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': if another process created it meanwhile, theirs wins and is read below.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return new TextEncoder().encode(secret);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  }
}
