import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { bearer, createUser, signIn, TEST_PASSWORD } from '../../test/auth';
import { startSmtpServer, type TestSmtp } from '../../test/smtp';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';

describe('users catalogue', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let general: Awaited<ReturnType<typeof createUser>>;
  let token: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const base = testConfig();
    ctx = await createTestApp({
      config: {
        mail: { smtpUrl: smtp.url, from: 'Vigía <no-reply@vigia.test>' },
        publicUrl: 'https://vigia.example.org',
        rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000 },
      },
    });
    general = await createUser(ctx.database.db, {
      administratorType: 'GENERAL',
      name: 'Gema',
      lastName: 'General',
    });
    token = await signIn(ctx.app, general.email);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, as = token) =>
    ctx.app.inject({
      method,
      url,
      headers: bearer(as),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('invites a new user by e-mail; the link sets the password and the user signs in', async () => {
    const created = await call('POST', '/api/users/save', {
      name: 'Nora',
      lastName: 'Nueva',
      email: 'Nora@Example.org',
      active: true,
      administratorType: 'CUSTOM',
      permissions: ['SUPPLIERS', 'RESOURCES'],
      notes: 'Capturista',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      error: false,
      message: 'El usuario fue creado correctamente',
      data: { email: 'nora@example.org', hasPassword: false, permissions: ['SUPPLIERS', 'RESOURCES'] },
    });
    const mail = await smtp.waitFor((m) => m.to.includes('nora@example.org'));
    expect(mail.subject).toBe('Vigía | Bienvenido a la plataforma');
    expect(mail.text).toContain('Gema General');
    const linkToken = /new-password\/([\w-]+)/.exec(mail.text)![1]!;
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/accounts/valid-token/',
      payload: { token: linkToken, password: 'mi-clave', confirmPassword: 'mi-clave' },
    });
    expect(set.statusCode).toBe(200);
    const session = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/accounts/login',
      payload: { username: 'nora@example.org', password: 'mi-clave' },
    });
    expect(session.json().data.permissions).toEqual(['SUPPLIERS', 'RESOURCES']);
  });

  it('lists users 10 per page, newest first, searchable without accents, without secrets', async () => {
    for (let i = 0; i < 11; i++)
      await createUser(ctx.database.db, { name: `Lista${i}`, lastName: 'Búsqueda' });
    const first = await call('GET', '/api/users/list?search=busqueda');
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({ total: 11, page: 1, pages: 2 });
    expect(data.docs).toHaveLength(10);
    expect(data.docs[0].name).toBe('Lista10');
    expect(first.body).not.toMatch(/argon2|passwordHash|tokenHash/);
    const sorted = await call('GET', '/api/users/list?search=busqueda&sort=name&order=asc&page=2');
    expect(sorted.json().data.docs.map((u: { name: string }) => u.name)).toEqual(['Lista9']);
    expect((await call('GET', '/api/users/list?sort=password')).statusCode).toBe(400);
  });

  it('refuses invalid users with the spec messages and a taken e-mail with 409', async () => {
    const invalid = await call('POST', '/api/users/save', {
      name: '',
      lastName: 'X',
      email: 'no-es-correo',
      active: true,
      administratorType: 'CUSTOM',
      permissions: [],
    });
    expect(invalid.statusCode).toBe(400);
    const messages = invalid.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toContain('El nombre es requerido');
    expect(messages).toContain('El correo electronico introducido no tiene un formato válido');
    const noPermissions = await call('POST', '/api/users/save', {
      name: 'A',
      lastName: 'B',
      email: 'sin-permisos@example.org',
      active: true,
      administratorType: 'CUSTOM',
      permissions: [],
    });
    expect(noPermissions.json().errors[0].message).toBe(
      'Selecciona al menos un permiso para un administrador personalizado.',
    );
    const taken = await call('POST', '/api/users/save', {
      name: 'Otra',
      lastName: 'Gema',
      email: general.email.toUpperCase(),
      active: true,
      administratorType: 'GENERAL',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ya existe un usuario con ese correo electrónico.');
  });

  it('deactivating or deleting a user ends their sessions at once', async () => {
    const user = await createUser(ctx.database.db, { permissions: ['SUPPLIERS'] });
    const theirs = await signIn(ctx.app, user.email);
    const update = await call('POST', '/api/users/save', {
      _id: user.id,
      name: user.name,
      lastName: user.lastName,
      email: user.email,
      active: false,
      administratorType: 'CUSTOM',
      permissions: ['SUPPLIERS'],
    });
    expect(update.json().message).toBe('El usuario fue actualizado correctamente');
    expect((await call('GET', '/api/session', undefined, theirs)).statusCode).toBe(401);

    const other = await createUser(ctx.database.db, { permissions: ['SUPPLIERS'] });
    const otherToken = await signIn(ctx.app, other.email);
    const removed = await call('POST', '/api/users/delete', { _id: other.id });
    expect(removed.json().message).toBe('El usuario fue eliminado correctamente');
    expect((await call('GET', '/api/session', undefined, otherToken)).statusCode).toBe(401);
    const list = await call('GET', `/api/users/list?search=${encodeURIComponent(other.email)}`);
    expect(list.json().data.total).toBe(0);
    expect((await call('POST', '/api/users/delete', { _id: other.id })).statusCode).toBe(404);
  });

  it('nobody deletes or demotes themselves, and the last active GENERAL administrator stays', async () => {
    const self = await call('POST', '/api/users/delete', { _id: general.id });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('No puedes eliminar tu propio usuario.');
    const demote = await call('POST', '/api/users/save', {
      _id: general.id,
      name: general.name,
      lastName: general.lastName,
      email: general.email,
      active: true,
      administratorType: 'CUSTOM',
      permissions: ['USERS'],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toContain('No puedes quitarte el acceso');
  });

  it('a CUSTOM user with USERS cannot create GENERAL users or grant permissions they lack', async () => {
    const manager = await createUser(ctx.database.db, { permissions: ['USERS', 'SUPPLIERS'] });
    const managerToken = await signIn(ctx.app, manager.email);
    const base = { name: 'X', lastName: 'Y', active: true };
    const general = await call(
      'POST',
      '/api/users/save',
      { ...base, email: 'g@example.org', administratorType: 'GENERAL' },
      managerToken,
    );
    expect(general.statusCode).toBe(403);
    expect(general.json().message).toContain('Solo un administrador general');
    const wider = await call(
      'POST',
      '/api/users/save',
      { ...base, email: 'w@example.org', administratorType: 'CUSTOM', permissions: ['CONTRACTS'] },
      managerToken,
    );
    expect(wider.statusCode).toBe(403);
    const ok = await call(
      'POST',
      '/api/users/save',
      { ...base, email: 'ok@example.org', administratorType: 'CUSTOM', permissions: ['SUPPLIERS'] },
      managerToken,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('a CUSTOM user with USERS cannot remove or reduce someone holding permissions they lack', async () => {
    const manager = await createUser(ctx.database.db, { permissions: ['USERS', 'SUPPLIERS'] });
    const managerToken = await signIn(ctx.app, manager.email);
    const wider = await createUser(ctx.database.db, { permissions: ['SUPPLIERS', 'CONTRACTS'] });
    const removed = await call('POST', '/api/users/delete', { _id: wider.id }, managerToken);
    expect(removed.statusCode).toBe(403);
    const reduced = await call(
      'POST',
      '/api/users/save',
      {
        _id: wider.id,
        name: wider.name,
        lastName: wider.lastName,
        email: wider.email,
        active: true,
        administratorType: 'CUSTOM',
        permissions: ['SUPPLIERS'],
      },
      managerToken,
    );
    expect(reduced.statusCode).toBe(403);
  });

  it('a new e-mail address ends the sessions and links of the old one, and re-sends a pending invitation', async () => {
    const user = await createUser(ctx.database.db, { permissions: ['SUPPLIERS'] });
    const theirs = await signIn(ctx.app, user.email);
    const moved = await call('POST', '/api/users/save', {
      _id: user.id,
      name: user.name,
      lastName: user.lastName,
      email: 'nueva-direccion@example.org',
      active: true,
      administratorType: 'CUSTOM',
      permissions: ['SUPPLIERS'],
    });
    expect(moved.statusCode).toBe(200);
    expect((await call('GET', '/api/session', undefined, theirs)).statusCode).toBe(401);

    const invited = await call('POST', '/api/users/save', {
      name: 'Iris',
      lastName: 'Invitada',
      email: 'iris-equivocada@example.org',
      active: true,
      administratorType: 'CUSTOM',
      permissions: ['SUPPLIERS'],
    });
    const first = await smtp.waitFor((m) => m.to.includes('iris-equivocada@example.org'));
    const oldToken = /new-password\/([\w-]+)/.exec(first.text)![1]!;
    await call('POST', '/api/users/save', {
      ...invited.json().data,
      email: 'iris@example.org',
      notes: null,
    });
    const second = await smtp.waitFor((m) => m.to.includes('iris@example.org'));
    expect(second.subject).toBe('Vigía | Bienvenido a la plataforma');
    const reuse = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/accounts/valid-token/',
      payload: { token: oldToken, password: 'robada', confirmPassword: 'robada' },
    });
    expect(reuse.statusCode).toBe(410);
  });

  it('invites a user created without access only when access is switched on', async () => {
    const body = {
      name: 'Sofía',
      lastName: 'Sinacceso',
      email: 'sofia@example.org',
      active: false,
      administratorType: 'CUSTOM',
      permissions: ['SUPPLIERS'],
    };
    const created = await call('POST', '/api/users/save', body);
    expect(created.statusCode).toBe(200);
    await ctx.app.deps.jobs.idle();
    expect(smtp.messages.some((m) => m.to.includes('sofia@example.org'))).toBe(false);
    const enabled = await call('POST', '/api/users/save-updated-docs', {
      docs: [{ ...body, _id: created.json().data._id, active: true }],
    });
    expect(enabled.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('sofia@example.org'));
    expect(mail.subject).toBe('Vigía | Bienvenido a la plataforma');
  });

  it('saves inline edits all or none, naming the failing row', async () => {
    const a = await createUser(ctx.database.db, { name: 'Alfa', permissions: ['SUPPLIERS'] });
    const b = await createUser(ctx.database.db, { name: 'Beta', permissions: ['SUPPLIERS'] });
    const row = (u: typeof a, changes: object) => ({
      _id: u.id,
      name: u.name,
      lastName: u.lastName,
      email: u.email,
      active: true,
      administratorType: 'CUSTOM',
      permissions: ['SUPPLIERS'],
      ...changes,
    });
    const failed = await call('POST', '/api/users/save-updated-docs', {
      docs: [row(a, { name: 'Alfa editada' }), row(b, { email: general.email })],
    });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toContain('Registro 2');
    const [unchanged] = await ctx.database.db.select().from(users).where(eq(users.id, a.id));
    expect(unchanged!.name).toBe('Alfa');

    const saved = await call('POST', '/api/users/save-updated-docs', {
      docs: [row(a, { name: 'Alfa editada' }), row(b, { lastName: 'Beta editada' })],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ data: { saved: 2 } });
  });
});

describe('the last active GENERAL administrator', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('survives two GENERAL administrators removing each other at the same moment', async () => {
    const first = await createUser(ctx.database.db, { administratorType: 'GENERAL' });
    const second = await createUser(ctx.database.db, { administratorType: 'GENERAL' });
    const [firstToken, secondToken] = [
      await signIn(ctx.app, first.email),
      await signIn(ctx.app, second.email),
    ];
    const remove = (id: string, as: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/users/delete', headers: bearer(as), payload: { _id: id } });
    const results = await Promise.all([remove(second.id, firstToken), remove(first.id, secondToken)]);
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const loser = results.find((result) => result.statusCode === 409);
    if (loser) {
      expect(loser.json().message).toBe(
        'Debe quedar al menos un administrador general activo. Nombra a otro administrador general antes de hacer este cambio.',
      );
    }
    const remaining = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.administratorType, 'GENERAL'));
    expect(remaining.filter((user) => user.active && !user.deletedAt)).toHaveLength(1);
  });
});

describe('own profile', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({ config: { rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000 } } });
  });
  afterAll(() => ctx.close());

  it('lets a CUSTOM user without USERS read and change their names', async () => {
    const user = await createUser(ctx.database.db, {
      permissions: ['SUPPLIERS'],
      name: 'Pedro',
      lastName: 'Pérez',
    });
    const token = await signIn(ctx.app, user.email);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/getProfileInfo',
      headers: bearer(token),
    });
    expect(profile.json().data).toMatchObject({ name: 'Pedro', lastName: 'Pérez', profilePicture: null });
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/updateProfileInfo',
      headers: bearer(token),
      payload: { name: ' ', lastName: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'El nombre es requerido',
      'El apellido es requerido',
    ]);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/updateProfileInfo',
      headers: bearer(token),
      payload: { name: 'Pedro Luis', lastName: 'Pérez' },
    });
    expect(saved.json()).toMatchObject({
      message: 'Se ha actualizado correctamente',
      data: { fullName: 'Pedro Luis Pérez' },
    });
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/getProfileInfo?id=${(await createUser(ctx.database.db)).id}`,
      headers: bearer(token),
    });
    expect(other.statusCode).toBe(403);
  });

  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const user = await createUser(ctx.database.db);
    const here = await signIn(ctx.app, user.email);
    const elsewhere = await signIn(ctx.app, user.email);
    const change = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/users/updateProfileInfo', headers: bearer(here), payload });
    const wrong = await change({ currentPassword: 'mala', newPassword: 'nueva', confirmPassword: 'nueva' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('La contraseña actual no es correcta');
    const short = await change({ currentPassword: TEST_PASSWORD, newPassword: 'ab', confirmPassword: 'ab' });
    expect(short.json().errors[0].message).toBe('La contraseña debe contener al menos 3 caracteres');
    const long = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: 'a'.repeat(101),
      confirmPassword: 'a'.repeat(101),
    });
    expect(long.json().errors[0].message).toBe('La contraseña debe contener un máximo de 100 caracteres');
    const differ = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: 'nueva',
      confirmPassword: 'otra',
    });
    expect(differ.json().errors[0].message).toBe('Las contraseñas deben coincidir');
    expect(
      (await change({ currentPassword: TEST_PASSWORD, newPassword: 'nueva', confirmPassword: 'nueva' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(here) })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(elsewhere) })).statusCode,
    ).toBe(401);
    await signIn(ctx.app, user.email, 'nueva');
  });

  it('limits wrong current passwords as sign-in does, with a Spanish 429 even for the right one', async () => {
    const user = await createUser(ctx.database.db);
    const token = await signIn(ctx.app, user.email);
    const change = (currentPassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/updateProfileInfo',
        headers: bearer(token),
        payload: { currentPassword, newPassword: 'nueva', confirmPassword: 'nueva' },
      });
    for (let i = 0; i < 5; i++) {
      const wrong = await change(`mala-${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('La contraseña actual no es correcta');
    }
    const held = await change(TEST_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message:
        'Demasiados intentos fallidos de la contraseña actual. Por favor espera 15 minutos o restablece tu contraseña.',
    });
    // Nothing changed: the old password still signs in.
    await signIn(ctx.app, user.email);
  });

  it('holds simultaneous wrong current passwords after five', async () => {
    const user = await createUser(ctx.database.db);
    const token = await signIn(ctx.app, user.email);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/users/updateProfileInfo',
          headers: bearer(token),
          payload: { currentPassword: `mala-${i}`, newPassword: 'nueva', confirmPassword: 'nueva' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
    await signIn(ctx.app, user.email);
  });

  const upload = (token: string, data: Buffer, filename: string, type: string) => {
    const boundary = '----vigia';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profilePicture"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/users/uploadProfilePicture',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };

  it('stores a profile picture checked by content, refuses unsafe SVG, wrong types and large files', async () => {
    const user = await createUser(ctx.database.db);
    const token = await signIn(ctx.app, user.email);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const ok = await upload(token, png, 'foto.exe', 'application/octet-stream');
    expect(ok.statusCode).toBe(200);
    const pictureId = ok.json().data.profilePicture as string;
    const image = await ctx.app.inject({ method: 'GET', url: `/public-api/files/image/${pictureId}` });
    expect(image.headers['content-type']).toBe('image/png');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
    expect((await upload(token, svg, 'a.svg', 'image/svg+xml')).statusCode).toBe(200);
    const svgs = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="x"/></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:iframe src="x"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect x:onclick="alert(1)"/></svg>',
    ];
    for (const bad of svgs) {
      const refused = await upload(token, Buffer.from(bad), 'a.svg', 'image/svg+xml');
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.json().message).toBe(
        'La imagen SVG contiene código o referencias externas y no puede usarse.',
      );
    }
    const html = await upload(token, Buffer.from('<html><script>x</script></html>'), 'a.png', 'image/png');
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe('La imagen debe ser PNG, JPEG, SVG o GIF.');
    const big = await upload(
      token,
      Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]),
      'big.png',
      'image/png',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('La imagen no puede pesar más de 2 MB.');
    // The first picture was replaced, not kept.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/public-api/files/image/${pictureId}` })).statusCode,
    ).toBe(404);
  });
});
