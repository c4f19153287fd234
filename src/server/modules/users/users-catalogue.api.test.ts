import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../shared/schemas/users';
import { users } from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
import { startSmtpServer, type TestSmtp } from '../../test/smtp';
import { createTestApp, type TestContext } from '../../test/test-app';

/** The users catalogue's writes on the catalogue engine: what a failed write must not leave behind. */
describe('users catalogue writes', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let token: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({
      config: { mail: { smtpUrl: smtp.url, from: 'Vigía <no-reply@vigia.test>' } },
    });
    const general = await createUser(ctx.database.db, { administratorType: 'GENERAL' });
    token = await signIn(ctx.app, general.email);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const call = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  it('a failed inline batch invites nobody and changes nobody', async () => {
    const pending = {
      name: 'Paula',
      lastName: 'Pendiente',
      email: 'paula@example.org',
      active: true,
      administratorType: 'CUSTOM',
      permissions: ['SUPPLIERS'],
    };
    const created = await call('/api/users/save', pending);
    expect(created.statusCode).toBe(200);
    await smtp.waitFor((message) => message.to.includes('paula@example.org'));
    const other = await createUser(ctx.database.db, { permissions: ['SUPPLIERS'] });
    const taken = await createUser(ctx.database.db, { permissions: ['SUPPLIERS'] });

    const failed = await call('/api/users/save-updated-docs', {
      docs: [
        // A new address would invite Paula again, but the batch fails on its second row.
        { ...pending, _id: created.json().data._id, email: 'paula-nueva@example.org' },
        {
          _id: other.id,
          name: other.name,
          lastName: other.lastName,
          email: taken.email,
          active: true,
          administratorType: 'CUSTOM',
          permissions: ['SUPPLIERS'],
        },
      ],
    });
    expect(failed.statusCode).toBe(409);
    expect(failed.json()).toMatchObject({
      message: `${USER_MESSAGES.rowsFailed} Registro 2: ${USER_MESSAGES.emailTaken}`,
      errors: [{ path: 'docs.1', message: `Registro 2: ${USER_MESSAGES.emailTaken}` }],
    });
    await ctx.app.deps.jobs.idle();
    const toPaula = smtp.messages.filter((message) => message.to.some((to) => to.startsWith('paula')));
    expect(toPaula).toHaveLength(1);
    const [paula] = await ctx.database.db.select().from(users).where(eq(users.id, created.json().data._id));
    expect(paula!.email).toBe('paula@example.org');
  });

  it('answers 404 for a user that does not exist or was deleted, on every write', async () => {
    const gone = await createUser(ctx.database.db, { permissions: ['SUPPLIERS'] });
    const deleted = await call('/api/users/delete', { _id: gone.id });
    expect(deleted.statusCode).toBe(200);
    const body = {
      _id: gone.id,
      name: 'Otra',
      lastName: 'Vez',
      email: 'otra-vez@example.org',
      active: true,
      administratorType: 'CUSTOM',
      permissions: ['SUPPLIERS'],
    };
    for (const [url, payload] of [
      ['/api/users/delete', { _id: gone.id }],
      ['/api/users/save', body],
      ['/api/users/save-updated-docs', { docs: [body] }],
    ] as const) {
      const response = await call(url, payload);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message, url).toContain(USER_MESSAGES.notFound);
    }
    await ctx.app.deps.jobs.idle();
    expect(smtp.messages.some((message) => message.to.includes('otra-vez@example.org'))).toBe(false);
  });
});
