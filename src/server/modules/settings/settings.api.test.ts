import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_NAMES, THEMES } from '../../../shared/constants/themes';
import { SETTINGS_MESSAGES, SettingsSchema } from '../../../shared/schemas/settings';
import { contracts, files, organizations } from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
import { createContract, createOrganization, createUnit } from '../../test/factories';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="500"><rect/></svg>');
const XSS = '<script>alert(1)</script><b>x</b><img src=x onerror=alert(1)>';

describe('/api/settings', () => {
  let ctx: TestContext;
  let token: string;
  let monitor: string;
  let other: string;

  const headers = (organizationId = monitor, bearerToken = token) => bearer(bearerToken, organizationId);
  const load = (organizationId = monitor) =>
    ctx.app.inject({ method: 'GET', url: '/api/settings/load-settings', headers: headers(organizationId) });
  const change = (payload: object, organizationId = monitor) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/settings/change-settings',
      headers: headers(organizationId),
      payload,
    });
  const theme = (value: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/settings/change-theme',
      headers: headers(),
      payload: { theme: value },
    });
  const upload = (data: Buffer, options: { field?: string; type?: string; filename?: string } = {}) => {
    const boundary = '----vigia-portada';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="nota"\r\n\r\nhola\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'cover'}"; filename="${options.filename ?? 'portada.bin'}"\r\n` +
          `Content-Type: ${options.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/settings/change-cover',
      headers: { ...headers(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };
  const publicMonitor = async (id = monitor) => {
    const response = await ctx.app.inject('/public-api/organizations/list?limit=500');
    expect(response.headers['cache-control']).toBe('no-cache');
    return {
      body: response.body,
      doc: response.json().data.docs.find((doc: { _id: string }) => doc._id === id),
    };
  };
  const row = async (id: string) =>
    (await ctx.database.db.select().from(organizations).where(eq(organizations.id, id)))[0]!;
  const messages = (response: { json(): { errors?: { path: string; message: string }[] } }) =>
    (response.json().errors ?? []).map((error) => [error.path, error.message]);

  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({ config: { rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000 } } });
    const { db } = ctx.database;
    monitor = (
      await createOrganization(db, {
        title: 'Monitor <strong>Prueba</strong>',
        contactEmail: 'contacto@monitor.example.org',
        address: 'Calle 1',
      })
    ).id;
    other = (
      await createOrganization(db, {
        title: 'Otro monitor',
        contactEmail: 'otro@monitor.example.org',
        theme: 'dark',
        color: THEMES.dark.color,
        defaultAdministrationPeriod: '2015-2018',
      })
    ).id;
    const unit = await createUnit(db, monitor);
    for (const administrationPeriod of ['2021-2024', '2018-2021', '2021-2024']) {
      await createContract(db, { organizationId: monitor, unitId: unit.id, administrationPeriod });
    }
    const otherUnit = await createUnit(db, other);
    await createContract(db, {
      organizationId: other,
      unitId: otherUnit.id,
      administrationPeriod: '2015-2018',
    });
    token = await signIn(ctx.app, (await createUser(db, { permissions: ['SETTINGS'] })).email);
  });
  afterAll(() => ctx.close());

  it('loads the settings of the monitor of the header only, with its periods', async () => {
    const response = await load();
    expect(response.statusCode).toBe(200);
    const data = SettingsSchema.parse(response.json().data);
    expect(data).toMatchObject({
      title: 'Monitor <strong>Prueba</strong>',
      contactEmail: 'contacto@monitor.example.org',
      address: 'Calle 1',
      welcomeTitle: null,
      showBackgroundText: false,
      round: true,
      defaultAdministrationPeriod: null,
      cover: null,
      theme: 'default',
      color: THEMES.default.color,
      administrationPeriods: ['2018-2021', '2021-2024'],
    });
    const theOther = (await load(other)).json().data;
    expect(theOther).toMatchObject({
      title: 'Otro monitor',
      contactEmail: 'otro@monitor.example.org',
      theme: 'dark',
      administrationPeriods: ['2015-2018'],
    });
    const withoutMonitor = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/load-settings',
      headers: bearer(token),
    });
    expect(withoutMonitor.statusCode).toBe(400);
  });

  it('refuses invalid settings with Spanish messages and changes nothing', async () => {
    const before = await row(monitor);
    const invalid = await change({
      title: 'T'.repeat(151),
      contactEmail: 'no-es-un-correo',
      socialUrl: 'javascript:alert(1)',
      defaultAdministrationPeriod: '2019',
      round: 'sí',
    });
    expect(invalid.statusCode).toBe(400);
    expect(messages(invalid)).toEqual(
      expect.arrayContaining([
        ['body.title', 'Título: máximo 150 caracteres.'],
        ['body.contactEmail', SETTINGS_MESSAGES.contactEmail],
        ['body.socialUrl', SETTINGS_MESSAGES.socialUrl],
        ['body.defaultAdministrationPeriod', SETTINGS_MESSAGES.periodFormat],
        ['body.round', SETTINGS_MESSAGES.boolean],
      ]),
    );
    expect(messages(await change({ socialUrl: 'ftp://archivos.example.org' }))).toEqual([
      ['body.socialUrl', SETTINGS_MESSAGES.socialUrl],
    ]);
    expect(messages(await change({ description: 'a\u0000b' }))).toEqual([
      ['body.description', 'Descripción: el texto contiene caracteres no válidos.'],
    ]);
    const unknownPeriod = await change({ defaultAdministrationPeriod: '2012-2015', title: 'No se guarda' });
    expect(unknownPeriod.statusCode).toBe(400);
    expect(unknownPeriod.json().message).toBe(SETTINGS_MESSAGES.periodUnknown);
    expect(messages(unknownPeriod)).toEqual([
      ['body.defaultAdministrationPeriod', SETTINGS_MESSAGES.periodUnknown],
    ]);
    // Another monitor's period is not one of this monitor's.
    expect((await change({ defaultAdministrationPeriod: '2015-2018' })).statusCode).toBe(400);
    const after = await row(monitor);
    expect(after.title).toBe(before.title);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it('sanitises formatted texts, stores empty texts as null and leaves other monitors alone', async () => {
    const otherBefore = await row(other);
    const saved = await change({
      welcomeTitle: '  <i>Bienvenidos</i> a  ',
      title: XSS,
      description:
        '<p onclick="x()">Contratos <u>públicos</u><br>de <a href="https://x.example">Prueba</a></p>',
      contactEmail: 'Nuevo@Monitor.Example.org',
      contactLocation: '',
      address: '   ',
      schedule: 'Lunes a viernes\n9:00 a 15:00',
      additionalInformation: '<b>texto plano</b>',
      socialUrl: 'https://redes.example.org/monitor',
      showBackgroundText: true,
      round: false,
      defaultAdministrationPeriod: '2018-2021',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(SETTINGS_MESSAGES.saved);
    expect(saved.json().data).toMatchObject({
      welcomeTitle: '<i>Bienvenidos</i> a',
      title: '<b>x</b>',
      description: '<p>Contratos <u>públicos</u><br />de Prueba</p>',
      contactEmail: 'nuevo@monitor.example.org',
      contactLocation: null,
      address: null,
      schedule: 'Lunes a viernes\n9:00 a 15:00',
      // Plain texts are shown as text, never as HTML: kept as typed.
      additionalInformation: '<b>texto plano</b>',
      socialUrl: 'https://redes.example.org/monitor',
      showBackgroundText: true,
      round: false,
      defaultAdministrationPeriod: '2018-2021',
    });
    const stored = await row(monitor);
    expect(stored).toMatchObject({ title: '<b>x</b>', contactLocation: null, address: null, round: false });
    expect(await row(other)).toEqual(otherBefore);

    // Fields left out stay; null clears.
    const partial = await change({ schedule: null, round: true });
    expect(partial.json().data).toMatchObject({ title: '<b>x</b>', schedule: null, round: true });

    // The public site: sanitised texts, flags and default period; never the contact address.
    const { body, doc } = await publicMonitor();
    expect(doc).toMatchObject({
      title: '<b>x</b>',
      welcomeTitle: '<i>Bienvenidos</i> a',
      showBackgroundText: true,
      round: true,
      defaultAdministrationPeriod: '2018-2021',
    });
    expect(doc).not.toHaveProperty('contactEmail');
    expect(body).not.toContain('nuevo@monitor.example.org');
    expect(body).not.toContain('otro@monitor.example.org');
    expect(body).not.toContain('<script');

    // The default period already stored stays valid when the contracts no longer have it.
    await ctx.database.db
      .update(contracts)
      .set({ deletedAt: new Date() })
      .where(and(eq(contracts.organizationId, monitor), eq(contracts.administrationPeriod, '2018-2021')));
    expect((await load()).json().data.administrationPeriods).toEqual(['2021-2024']);
    expect((await change({ defaultAdministrationPeriod: '2018-2021', title: 'Sigue' })).statusCode).toBe(200);
    expect((await change({ defaultAdministrationPeriod: '' })).json().data.defaultAdministrationPeriod).toBe(
      null,
    );
  });

  it('sanitises rows written before, on the way out', async () => {
    const { db } = ctx.database;
    const old = await createOrganization(db, {
      name: 'Monitor Antiguo',
      title: XSS,
      welcomeTitle: '<img src=x onerror=alert(1)>Hola',
      description: '<iframe src="https://evil.example"></iframe><em>ok</em>',
    });
    const { doc, body } = await publicMonitor(old.id);
    expect(doc).toMatchObject({ title: '<b>x</b>', welcomeTitle: 'Hola', description: '<em>ok</em>' });
    expect(body).not.toMatch(/onerror|<script|<iframe/);
    expect((await load(old.id)).json().data).toMatchObject({ title: '<b>x</b>', welcomeTitle: 'Hola' });
  });

  it('accepts the 14 themes (purple and red too), sets the colour and refuses unknown ones', async () => {
    expect(THEME_NAMES).toHaveLength(14);
    for (const name of THEME_NAMES) {
      const response = await theme(name);
      expect(response.statusCode, name).toBe(200);
      expect(response.json()).toMatchObject({
        message: SETTINGS_MESSAGES.themeSaved,
        data: { theme: name, color: THEMES[name].color },
      });
    }
    expect((await theme('purple')).json().data).toMatchObject({ theme: 'purple', color: '#981beb' });
    expect((await theme('red')).json().data).toMatchObject({ theme: 'red', color: '#e71c4f' });
    for (const bad of ['rainbow', '', null, 7]) {
      const refused = await theme(bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(messages(refused)).toEqual([['body.theme', SETTINGS_MESSAGES.themeInvalid]]);
    }
    expect(await row(monitor)).toMatchObject({ theme: 'red', color: '#e71c4f' });
    expect((await row(other)).theme).toBe('dark');
    expect((await publicMonitor()).doc).toMatchObject({ theme: 'red', color: '#e71c4f' });
  });

  it('stores covers checked by content and serves them; the replaced one is removed', async () => {
    const covers: string[] = [];
    for (const [data, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [GIF, 'image/gif'],
      [SVG, 'image/svg+xml'],
    ] as const) {
      // The declared type and name are ignored: the bytes decide.
      const response = await upload(data, { filename: 'foto.exe' });
      expect(response.statusCode, type).toBe(200);
      expect(response.json().message).toBe(SETTINGS_MESSAGES.coverSaved);
      const cover = response.json().data.cover as string;
      const image = await ctx.app.inject(`/public-api/files/image/${cover}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(type);
      expect(image.rawPayload.equals(data)).toBe(true);
      const [file] = await ctx.database.db.select().from(files).where(eq(files.id, cover));
      expect(file).toMatchObject({ organizationId: monitor, kind: 'COVER' });
      covers.push(cover);
    }
    expect((await publicMonitor()).doc.cover).toBe(covers.at(-1));
    for (const replaced of covers.slice(0, -1)) {
      expect((await ctx.app.inject(`/public-api/files/image/${replaced}`)).statusCode).toBe(404);
    }
    // A cover larger than a profile picture is still a valid cover.
    const large = await upload(Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]));
    expect(large.statusCode).toBe(200);

    // A cover another monitor also uses is not removed with the replacement.
    const shared = large.json().data.cover as string;
    await ctx.database.db
      .update(organizations)
      .set({ coverFileId: shared })
      .where(eq(organizations.id, other));
    expect((await upload(PNG)).statusCode).toBe(200);
    expect((await ctx.app.inject(`/public-api/files/image/${shared}`)).statusCode).toBe(200);
    expect((await row(other)).coverFileId).toBe(shared);
  });

  it('refuses other types, unsafe SVG, too large and missing covers, keeping the current one', async () => {
    const current = (await load()).json().data.cover as string;
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), { type: 'image/png' });
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe(SETTINGS_MESSAGES.coverType);
    const pdf = await upload(Buffer.from('%PDF-1.4\n%…'), { type: 'image/png' });
    expect(pdf.statusCode).toBe(415);
    for (const bad of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
    ]) {
      const unsafe = await upload(Buffer.from(bad), { type: 'image/svg+xml' });
      expect(unsafe.statusCode, bad).toBe(422);
      expect(unsafe.json().message).toBe(SETTINGS_MESSAGES.coverUnsafe);
    }
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('La portada no puede pesar más de 5 MB.');
    const otherField = await upload(PNG, { field: 'profilePicture' });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().message).toBe(SETTINGS_MESSAGES.coverMissing);
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(415);
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/change-cover',
      headers: headers(),
      payload: { cover: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json().message).toBe(SETTINGS_MESSAGES.coverMissing);
    expect((await load()).json().data.cover).toBe(current);
  });

  it('needs the SETTINGS permission (GENERAL administrators hold it)', async () => {
    const { db } = ctx.database;
    const without = await signIn(ctx.app, (await createUser(db, { permissions: ['SUPPLIERS'] })).email);
    for (const [method, url, payload] of [
      ['GET', '/api/settings/load-settings', undefined],
      ['POST', '/api/settings/change-settings', { title: 'Intruso' }],
      ['POST', '/api/settings/change-theme', { theme: 'pink' }],
      ['POST', '/api/settings/change-cover', {}],
    ] as const) {
      const refused = await ctx.app.inject({ method, url, headers: headers(monitor, without), payload });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('No tienes permiso para realizar esta acción.');
    }
    expect((await row(monitor)).title).not.toBe('Intruso');
    const general = await signIn(ctx.app, (await createUser(db, { administratorType: 'GENERAL' })).email);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/settings/load-settings',
          headers: headers(monitor, general),
        })
      ).statusCode,
    ).toBe(200);
  });
});
