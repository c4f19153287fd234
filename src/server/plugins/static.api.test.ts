import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestContext } from '../test/test-app';

/** The service worker (decision 0024) is a file of the built app with its own serving rules. */
describe('serving the service worker', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'vigia-web-sw-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Vigía</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    ctx = await createTestApp({ database: await createTestDatabase(), config: { webDir } });
  });
  afterAll(() => ctx.close());

  it('is JavaScript, checked again on every visit so a new version is found at once', async () => {
    const response = await ctx.app.inject('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('may be registered by the pages: the policy allows workers from our own origin', async () => {
    const page = await ctx.app.inject('/');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/worker-src 'self'/);
    expect(policy).toMatch(/script-src 'self'/);
  });
});
