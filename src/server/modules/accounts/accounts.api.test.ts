import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordTokens, users } from '../../db/schema';
import { bearer, createUser, signIn, TEST_PASSWORD } from '../../test/auth';
import { startSmtpServer, type TestSmtp } from '../../test/smtp';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';

describe('sign-in, sessions and password links', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let clock = new Date('2026-11-22T12:00:00Z');

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const base = testConfig();
    ctx = await createTestApp({
      now: () => clock,
      config: {
        mail: { smtpUrl: smtp.url, from: 'Vigía <no-reply@vigia.test>' },
        publicUrl: 'https://vigia.example.org',
        rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000, resetPerHour: 1_000 },
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const login = (username: unknown, password: unknown, ip = '10.1.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/public-api/accounts/login',
      remoteAddress: ip,
      payload: { username, password },
    });

  it('signs in with e-mail and password and answers the session the spec describes', async () => {
    const user = await createUser(ctx.database.db, {
      email: 'maria@example.org',
      name: 'María',
      lastName: 'López',
      permissions: ['SUPPLIERS', 'CONTRACTS'],
    });
    const response = await login('  Maria@Example.org ', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.error).toBe(false);
    expect(body.data.permissions).toEqual(['SUPPLIERS', 'CONTRACTS']);
    expect(body.data.user).toEqual({
      _id: user.id,
      fullName: 'María López',
      profilePicture: null,
      administratorType: 'CUSTOM',
    });
    expect(body.data.expiresAt).toBe(Math.floor(clock.getTime() / 1000) + 86_400);
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);

    const me = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(body.data.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.fullName).toBe('María López');
  });

  it('gives GENERAL administrators every permission', async () => {
    const user = await createUser(ctx.database.db, { administratorType: 'GENERAL' });
    const response = await login(user.email, TEST_PASSWORD);
    expect(response.json().data.permissions).toHaveLength(8);
  });

  it('answers wrong password, unknown e-mail and inactive user alike', async () => {
    const inactive = await createUser(ctx.database.db, { active: false });
    const active = await createUser(ctx.database.db);
    const answers = await Promise.all([
      login(active.email, 'otra-contraseña', '10.1.1.1'),
      login('nadie@example.org', TEST_PASSWORD, '10.1.1.2'),
      login(inactive.email, TEST_PASSWORD, '10.1.1.3'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toBe('Usuario o contraseña incorrectos. Por favor intenta nuevamente.');
    }
    const empty = await login('', '', '10.1.1.4');
    expect(empty.statusCode).toBe(400);
  });

  it("holds an account at the guessing address after five failures, not at its owner's", async () => {
    const user = await createUser(ctx.database.db);
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'mal', '10.2.0.1')).statusCode).toBe(401);
    const held = await login(user.email, TEST_PASSWORD, '10.2.0.1');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(
      'Demasiados intentos fallidos para esta cuenta. Por favor espera 15 minutos o restablece tu contraseña.',
    );
    // The owner, somewhere else, is not held.
    expect((await login(user.email, TEST_PASSWORD, '10.2.9.9')).statusCode).toBe(200);
    // An IPv6 attacker is one /64: stepping through its addresses changes nothing.
    for (let i = 0; i < 5; i++) await login(user.email, 'mal', `2001:db8:2:2::${i + 1}`);
    expect((await login(user.email, TEST_PASSWORD, '2001:db8:2:2::99')).statusCode).toBe(429);
    clock = new Date(clock.getTime() + 15 * 60_000 + 1);
    expect((await login(user.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });

  it('holds simultaneous wrong sign-ins from one address after five, the right password too', async () => {
    const user = await createUser(ctx.database.db);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login(user.email, `mal-${i}`, '10.2.5.1')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(10).fill(429)]);
    expect((await login(user.email, TEST_PASSWORD, '10.2.5.1')).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, '10.2.5.2')).statusCode).toBe(200);
  });

  it('ends every hold of the account when its password is set through a link', async () => {
    const user = await createUser(ctx.database.db);
    for (const ip of ['10.2.3.1', '10.2.3.2']) {
      for (let i = 0; i < 5; i++) await login(user.email, 'mal', ip);
      expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    }
    // The current-password check of the profile, held too (someone with a session guessed).
    const session = await signIn(ctx.app, user.email, TEST_PASSWORD, '10.2.3.3');
    const changePassword = (currentPassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/updateProfileInfo',
        headers: bearer(session),
        payload: { currentPassword, newPassword: 'otra-clave', confirmPassword: 'otra-clave' },
      });
    for (let i = 0; i < 5; i++) await changePassword('mal');
    expect((await changePassword(TEST_PASSWORD)).statusCode).toBe(429);

    const { token } = await resetLink(user.email);
    expect((await setPassword(token, 'clave-recuperada')).statusCode).toBe(200);
    expect((await login(user.email, 'clave-recuperada', '10.2.3.1')).statusCode).toBe(200);
    expect((await login(user.email, 'clave-recuperada', '10.2.3.2')).statusCode).toBe(200);
    const fresh = await signIn(ctx.app, user.email, 'clave-recuperada', '10.2.3.3');
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/updateProfileInfo',
      headers: bearer(fresh),
      payload: {
        currentPassword: 'clave-recuperada',
        newPassword: 'otra-clave',
        confirmPassword: 'otra-clave',
      },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('refuses a control character in the e-mail with a 400, before any query or background work', async () => {
    const errors: unknown[] = [];
    const original = ctx.app.log.error.bind(ctx.app.log);
    ctx.app.log.error = ((...args: unknown[]) => {
      errors.push(args);
      return original(...(args as [string]));
    }) as typeof ctx.app.log.error;
    try {
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/public-api/accounts/reset-password',
        remoteAddress: '10.3.9.1',
        payload: { email: 'admin\u0000@example.org' },
      });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().message).toContain('El correo electrónico contiene caracteres no válidos.');
      const signInAttempt = await login('admin\u0000@example.org', 'x', '10.3.9.1');
      expect(signInAttempt.statusCode).toBe(400);
      await ctx.app.deps.jobs.idle();
      expect(errors).toEqual([]);
    } finally {
      ctx.app.log.error = original;
    }
  });

  it('refuses tokens that are forged, expired, signed out or of a deactivated user', async () => {
    const user = await createUser(ctx.database.db);
    const token = await signIn(ctx.app, user.email);
    const call = (value: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/session', headers: { authorization: `Bearer ${value}` } });
    expect((await call(token)).statusCode).toBe(200);

    const [header, payload] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.sub = (await createUser(ctx.database.db, { administratorType: 'GENERAL' })).id;
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${token.split('.')[2]}`;
    expect((await call(tampered)).statusCode).toBe(401);
    expect((await call(`${header}.${payload}.`)).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect((await call(none)).statusCode).toBe(401);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/session/logout',
      headers: bearer(token),
    });
    expect(logout.json().message).toBe('Tu sesión se ha cerrado correctamente.');
    const after = await call(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Tu sesión ha expirado. Por favor inicia sesión para continuar.');

    const second = await signIn(ctx.app, user.email);
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await call(second)).statusCode).toBe(401);
  });

  it('ends a session after 86,400 seconds', async () => {
    const user = await createUser(ctx.database.db);
    const token = await signIn(ctx.app, user.email);
    const started = clock;
    clock = new Date(started.getTime() + 86_399_000);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) })).statusCode,
    ).toBe(200);
    clock = new Date(started.getTime() + 86_400_000);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  const resetLink = async (email: string) => {
    const before = smtp.messages.length;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/accounts/reset-password',
      remoteAddress: '10.3.0.1',
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor((m, i = smtp.messages.indexOf(m)) => i >= before && m.to.includes(email));
    const link = /https:\/\/vigia\.example\.org\/new-password\/([\w-]+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    return { mail, token: link![1]! };
  };

  const setPassword = (token: string, password: string, confirmPassword = password) =>
    ctx.app.inject({
      method: 'POST',
      url: '/public-api/accounts/valid-token/',
      remoteAddress: '10.3.0.2',
      payload: { token, password, confirmPassword },
    });

  it('e-mails a reset link that sets a new password once, ends old sessions and signs in', async () => {
    const user = await createUser(ctx.database.db, { email: 'reset@example.org', name: '<b>Rosa</b>' });
    const oldSession = await signIn(ctx.app, user.email);
    const { mail, token } = await resetLink(user.email);
    expect(mail.subject).toBe('Vigía | Restablecer contraseña');
    expect(mail.html).toContain('&lt;b&gt;Rosa&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Rosa</b>');

    const stored = await ctx.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, user.id));
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);

    const mismatch = await setPassword(token, 'nueva-clave', 'otra-clave');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain('Por favor, verifica que ambas contraseñas coincidan.');

    const done = await setPassword(token, 'nueva-clave');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(
      'Tu contraseña se ha actualizado correctamente. Por favor inicia sesión nuevamente.',
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(oldSession) })).statusCode,
    ).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'nueva-clave')).statusCode).toBe(200);

    const reused = await setPassword(token, 'tercera-clave');
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toMatchObject({
      code: 'LINK_EXPIRED',
      message:
        'Este enlace ha expirado o no es válido. Por favor intenta recuperar tu contraseña nuevamente.',
    });
  });

  it('refuses a link after 60 minutes, an older link once a newer one was sent, and a made-up one', async () => {
    const user = await createUser(ctx.database.db);
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    expect((await setPassword(first.token, 'clave-uno')).statusCode).toBe(410);
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect((await setPassword(second.token, 'clave-dos')).statusCode).toBe(410);
    expect((await setPassword('A'.repeat(43), 'clave-tres')).statusCode).toBe(410);
  });

  it('uses a link once when two requests race', async () => {
    const user = await createUser(ctx.database.db);
    const { token } = await resetLink(user.email);
    const results = await Promise.all([setPassword(token, 'carrera-uno'), setPassword(token, 'carrera-dos')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
  });

  it('sends at most three reset e-mails per account and hour, and a reset leaves an invitation alone', async () => {
    const user = await createUser(ctx.database.db);
    const before = smtp.messages.length;
    for (let i = 0; i < 5; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/public-api/accounts/reset-password',
        remoteAddress: `10.5.0.${i}`,
        payload: { email: user.email },
      });
    }
    await ctx.app.deps.jobs.idle();
    expect(smtp.messages.slice(before).filter((m) => m.to.includes(user.email))).toHaveLength(3);

    const invitation = await ctx.database.db
      .insert(passwordTokens)
      .values({
        userId: user.id,
        purpose: 'INVITATION',
        tokenHash: 'f'.repeat(64),
        expiresAt: new Date(clock.getTime() + 3_600_000),
      })
      .returning();
    clock = new Date(clock.getTime() + 3_600_001);
    await resetLink(user.email);
    const [still] = await ctx.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.id, invitation[0]!.id));
    expect(still!.usedAt).toBeNull();
  });

  it('answers reset requests the same whether or not the account exists, and mails only real ones', async () => {
    const before = smtp.messages.length;
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/accounts/reset-password',
      remoteAddress: '10.3.1.1',
      payload: { email: 'no-existe@example.org' },
    });
    const user = await createUser(ctx.database.db);
    const known = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/accounts/reset-password',
      remoteAddress: '10.3.1.1',
      payload: { email: user.email },
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await smtp.waitFor((m) => m.to.includes(user.email));
    await ctx.app.deps.jobs.idle();
    expect(smtp.messages.slice(before).some((m) => m.to.includes('no-existe@example.org'))).toBe(false);

    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/accounts/reset-password',
      remoteAddress: '10.3.1.1',
      payload: { email: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Por favor, completa los campos para restablecer la contraseña.');
  });
});

describe('rate limits of the account routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({
      config: { rateLimits: { ...base.rateLimits, loginPer15Minutes: 3, resetPerHour: 2 } },
    });
  });
  afterAll(() => ctx.close());

  it('limits sign-in attempts and reset requests per address with a Spanish message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/public-api/accounts/login',
        remoteAddress: '10.4.0.1',
        payload: { username: `x${i}@example.org`, password: 'x' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().message).toBe(
          'Has realizado demasiadas solicitudes. Por favor espera un momento e intenta nuevamente.',
        );
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const resets: number[] = [];
    for (let i = 0; i < 3; i++) {
      resets.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/public-api/accounts/reset-password',
            remoteAddress: '10.4.0.2',
            payload: { email: 'a@example.org' },
          })
        ).statusCode,
      );
    }
    expect(resets).toEqual([200, 200, 429]);
  });

  it('limits profile changes per address', async () => {
    const user = await createUser(ctx.database.db);
    const token = await signIn(ctx.app, user.email, TEST_PASSWORD, '10.4.0.3');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/updateProfileInfo',
        remoteAddress: '10.4.0.4',
        headers: bearer(token),
        payload: { name: `Nombre ${i}`, lastName: 'Apellido' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
