import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('GET /public-api/about', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('reads "Por definir..." for every text an installation has not configured', async () => {
    const response = await ctx.app.inject('/public-api/about');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.mission).toBe('Por definir...');
    expect(data.association.name).toBe('Por definir...');
    expect(data.directiveCouncil).toEqual([]);
  });

  it('takes the texts from ABOUT_FILE, keeping defaults for what it leaves out', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigia-about-'));
    const file = path.join(dir, 'about.json');
    writeFileSync(file, JSON.stringify({ mission: 'Vigilar', association: { name: 'Asociación X, A.C.' } }));
    const config = loadConfig({ ABOUT_FILE: file });
    expect(config.about.mission).toBe('Vigilar');
    expect(config.about.vision).toBe('Por definir...');
    expect(config.about.association).toMatchObject({ name: 'Asociación X, A.C.', email: 'Por definir...' });

    writeFileSync(file, '{ not json');
    expect(() => loadConfig({ ABOUT_FILE: file })).toThrow(ConfigError);
    writeFileSync(file, JSON.stringify({ directiveCouncil: [{ name: 1 }] }));
    expect(() => loadConfig({ ABOUT_FILE: file })).toThrow(/ABOUT_FILE: directiveCouncil\.0\.name/);
  });
});
