import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { associationTexts } from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';

const TEXTS = {
  association: {
    name: 'Observatorio Norte, A.C.',
    address: 'Calle Morelos 10\nCentro',
    email: 'Hola@Observatorio.example.org',
    website: 'https://observatorio.example.org',
  },
  about: 'Somos vecinos.\n\nRevisamos contratos.',
  mission: '  Vigilar cada peso.  ',
  vision: '',
  values: 'Rigor',
  directiveCouncil: [
    { name: 'Ana Ruiz', role: 'Presidenta' },
    { name: ' ', role: '' },
  ],
  consultiveCouncil: [],
};

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

describe('/api/settings/load-about and change-about (the association, installation-wide)', () => {
  let ctx: TestContext;
  let general: string;
  let custom: string;
  const fromFile = {
    ...testConfig().about,
    mission: 'Misión del archivo',
    association: { ...testConfig().about.association, name: 'Asociación del Archivo, A.C.' },
  };

  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({
      config: { about: fromFile, rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000 } },
    });
    const { db } = ctx.database;
    general = await signIn(ctx.app, (await createUser(db, { administratorType: 'GENERAL' })).email);
    // Every permission, SETTINGS included, but not a GENERAL administrator.
    custom = await signIn(
      ctx.app,
      (
        await createUser(db, {
          permissions: [
            'USERS',
            'SUPPLIERS',
            'ORGANIZATIONS',
            'ADMINISTRATIVE_UNITS',
            'CONTRACTS',
            'RESOURCES',
            'CALCULATIONS',
            'SETTINGS',
          ],
        })
      ).email,
    );
  });
  afterAll(() => ctx.close());

  const load = (token = general) =>
    ctx.app.inject({ method: 'GET', url: '/api/settings/load-about', headers: bearer(token) });
  const change = (payload: object, token = general) =>
    ctx.app.inject({ method: 'POST', url: '/api/settings/change-about', headers: bearer(token), payload });
  const publicAbout = async () => (await ctx.app.inject('/public-api/about')).json().data;

  it('starts from ABOUT_FILE: the public pages show its texts, the form gets them without placeholders', async () => {
    expect((await publicAbout()).mission).toBe('Misión del archivo');
    const response = await load();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      association: { name: 'Asociación del Archivo, A.C.', email: '' },
      mission: 'Misión del archivo',
      vision: '',
      updatedAt: null,
    });
  });

  it('refuses CUSTOM administrators, even with every permission, and changes nothing', async () => {
    expect((await load(custom)).statusCode).toBe(403);
    const refused = await change(TEXTS, custom);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('No tienes permiso para realizar esta acción.');
    expect(await ctx.database.db.select().from(associationTexts)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings/load-about' })).statusCode).toBe(401);
  });

  it('refuses bad input with Spanish messages and changes nothing', async () => {
    const bad = await change({
      ...TEXTS,
      association: { ...TEXTS.association, email: 'no-es-correo', website: 'javascript:alert(1)' },
      mission: 'x'.repeat(1_001),
      directiveCouncil: Array.from({ length: 31 }, () => ({ name: 'A', role: 'B' })),
    });
    expect(bad.statusCode).toBe(400);
    const messages = (bad.json().errors as { message: string }[]).map((error) => error.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'El correo de la asociación no tiene un formato válido.',
        'El sitio web debe ser una dirección que empiece con http:// o https://.',
        'Misión: máximo 1000 caracteres.',
        'Cada consejo puede tener como máximo 30 integrantes.',
      ]),
    );
    expect((await change({ ...TEXTS, vision: 'a\u0000b' })).statusCode).toBe(400);
    expect((await change({ mission: 'Solo misión' })).statusCode).toBe(400);
    expect(await ctx.database.db.select().from(associationTexts)).toEqual([]);
  });

  it('lets a GENERAL administrator save them; the public read then returns the saved texts', async () => {
    const saved = await change(TEXTS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('La información de la asociación se actualizó correctamente');
    expect(saved.json().data).toMatchObject({
      association: { email: 'hola@observatorio.example.org', address: 'Calle Morelos 10\nCentro' },
      mission: 'Vigilar cada peso.',
      vision: '',
      directiveCouncil: [{ name: 'Ana Ruiz', role: 'Presidenta' }],
    });
    expect(saved.json().data.updatedAt).toEqual(expect.any(String));

    const shown = await publicAbout();
    expect(shown.association.name).toBe('Observatorio Norte, A.C.');
    expect(shown.mission).toBe('Vigilar cada peso.');
    // Cleared texts read as not configured, not as ABOUT_FILE's any more.
    expect(shown.vision).toBe('Por definir...');
    expect(shown.directiveCouncil).toEqual([{ name: 'Ana Ruiz', role: 'Presidenta' }]);

    // Plain text, never HTML: stored and answered as typed (the pages escape it).
    await change({ ...TEXTS, mission: '<b>Vigilar</b> <img src=x onerror=alert(1)>' });
    expect((await publicAbout()).mission).toBe('<b>Vigilar</b> <img src=x onerror=alert(1)>');
    expect((await ctx.database.db.select().from(associationTexts)).length).toBe(1);
  });
});
