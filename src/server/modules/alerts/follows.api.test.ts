import { createHash } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWebRoute } from '../../../shared/routes';
import { ALERT_MESSAGES, followPendingMessage } from '../../../shared/schemas/alerts';
import type { App } from '../../app';
import { alertFollows, alertOutbox, alertSubscribers, alertSuppressions } from '../../db/schema';
import { newId } from '../../lib/ids';
import { bearer, createUser, signIn } from '../../test/auth';
import { createOrganization, createSupplier } from '../../test/factories';
import { type ReceivedMail, startSmtpServer, type TestSmtp } from '../../test/smtp';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';

const HEADER = 'x-current-organization-id';
const sha256 = (email: string) => createHash('sha256').update(email).digest('hex');

async function solvedPayload(app: App): Promise<string> {
  const challenge = (await app.inject('/public-api/contact/challenge')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('alerts: follows by e-mail', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let monitor: string;
  let supplier: { id: string; name: string };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const base = testConfig();
    ctx = await createTestApp({
      config: {
        mail: { smtpUrl: smtp.url, from: 'Vigía <no-reply@vigia.test>' },
        rateLimits: { ...base.rateLimits, contactPerHour: 1_000, loginPer15Minutes: 1_000 },
      },
    });
    const { db } = ctx.database;
    monitor = (await createOrganization(db, { name: 'Municipio <b>Avisos</b> & Cía' })).id;
    supplier = await createSupplier(db, monitor);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const publicUrl = () => ctx.app.deps.config.publicUrl;

  async function follow(body: Record<string, unknown>, organization: string = monitor) {
    return ctx.app.inject({
      method: 'POST',
      url: '/public-api/alerts/follow',
      headers: { [HEADER]: organization },
      payload: { frequency: 'IMMEDIATE', altcha: await solvedPayload(ctx.app), ...body },
    });
  }
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/public-api/alerts${url}`, ...(payload ? { payload } : {}) });
  const mailsTo = async (email: string) => {
    await ctx.app.deps.jobs.idle();
    return smtp.messages.filter((mail) => mail.to.includes(email));
  };
  const tokenIn = (mail: ReceivedMail, path: 'confirm/' | '') => {
    const match = mail.text.match(new RegExp(`${publicUrl()}/alerts/${path || '(?!confirm/)'}([\\w.-]+)`));
    expect(match, mail.text).not.toBeNull();
    return match![1]!;
  };
  const subscriberRow = async (email: string) =>
    (await ctx.database.db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email)))[0];
  const followRows = async (subscriberId: string) =>
    ctx.database.db.select().from(alertFollows).where(eq(alertFollows.subscriberId, subscriberId));

  /** Follows and confirms: the address's management token. */
  async function confirmedFollow(email: string, body: Record<string, unknown> = { kind: 'INDEX' }) {
    expect((await follow({ email, ...body })).statusCode).toBe(202);
    const mails = await mailsTo(email);
    const response = await call('POST', `/confirm/${tokenIn(mails.at(-1)!, 'confirm/')}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.manageToken as string;
  }

  it('e-mails a confirmation, confirms on POST only, and lists the follow', async () => {
    const response = await follow({
      email: '  Ana.Sigue@Example.org ',
      kind: 'CONTRACTS',
      filters: { suppliers: [supplier.id], fiscalYears: [] },
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({
      error: false,
      message: followPendingMessage('ana.sigue@example.org'),
      data: { pending: true },
    });
    expect(response.json().message).toBe(
      'Te enviamos un correo a ana.sigue@example.org para confirmar. Hasta que lo confirmes no recibirás avisos.',
    );
    const [mail] = await mailsTo('ana.sigue@example.org');
    expect(mail!.subject).toContain('Confirma tu aviso');
    expect(mail!.text).toContain('Monitor: Municipio <b>Avisos</b> & Cía');
    expect(mail!.text).toContain(`Proveedor: ${supplier.name}`);
    expect(mail!.text).toContain('No te enviaremos ningún aviso hasta que lo confirmes');
    expect(mail!.html).toContain('Municipio &lt;b&gt;Avisos&lt;/b&gt; &amp; Cía');
    expect(mail!.html).not.toContain('<b>Avisos');
    const token = tokenIn(mail!, 'confirm/');
    const mailedManageToken = tokenIn(mail!, '');
    // The links open screens of the web app (the server answers them with the app).
    for (const path of ['/alerts/confirm/', '/alerts/', '/alerts/unsubscribe/']) {
      expect(isWebRoute(`${path}${mailedManageToken}`)).toBe(true);
    }

    // Looking at the link (a mail scanner, the page) changes nothing.
    for (let i = 0; i < 2; i++) {
      const look = await call('GET', `/confirm/${token}`);
      expect(look.statusCode, look.body).toBe(200);
      expect(look.headers['cache-control']).toBe('no-store');
      expect(look.json().data).toMatchObject({
        confirmed: false,
        follow: {
          organization: { _id: monitor, name: 'Municipio <b>Avisos</b> & Cía' },
          kind: 'CONTRACTS',
          filters: { suppliers: [supplier.id], fiscalYears: [] },
          filtersText: `Proveedor: ${supplier.name}`,
          code: null,
          frequency: 'IMMEDIATE',
          confirmed: false,
        },
      });
    }
    const subscriber = (await subscriberRow('ana.sigue@example.org'))!;
    expect((await followRows(subscriber.id))[0]!.confirmedAt).toBeNull();

    const confirmed = await call('POST', `/confirm/${token}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { manageToken } = confirmed.json().data;
    expect(manageToken).toBe(mailedManageToken);
    const [row] = await followRows(subscriber.id);
    expect(row!.confirmedAt).toBeInstanceOf(Date);
    expect(row!.cursorXid).toMatch(/^\d+$/);
    expect(row!.cursorChange).toBe(0);
    expect((await call('GET', `/confirm/${token}`)).json().data.confirmed).toBe(true);
    const again = await call('POST', `/confirm/${token}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALERT_MESSAGES.alreadyConfirmed);

    const managed = await call('GET', `/manage/${manageToken}`);
    expect(managed.statusCode).toBe(200);
    expect(managed.json().data).toMatchObject({
      email: 'ana.sigue@example.org',
      suspended: false,
      follows: [
        { _id: row!.id, kind: 'CONTRACTS', confirmed: true, filtersText: `Proveedor: ${supplier.name}` },
      ],
    });
  });

  it('reuses an identical follow instead of adding another, and says the same', async () => {
    const email = 'misma@example.org';
    const body = { email, kind: 'CONTRACTS', filters: { suppliers: [supplier.id] } };
    expect((await follow(body)).statusCode).toBe(202);
    // The same filters, written as the original client sends them.
    const same = await follow({ ...body, filters: { suppliers: [{ _id: supplier.id }], trimonths: [] } });
    expect(same.statusCode).toBe(202);
    expect(same.json().message).toBe(followPendingMessage(email));
    const subscriber = (await subscriberRow(email))!;
    expect(await followRows(subscriber.id)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(2);
    // Another target is another follow.
    expect((await follow({ email, kind: 'FLAG', code: 'ANY' })).statusCode).toBe(202);
    expect(await followRows(subscriber.id)).toHaveLength(2);
  });

  it('validates the body in Spanish', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'no-es-correo', kind: 'INDEX' }, 'body.email', ALERT_MESSAGES.emailInvalid],
      [{ email: 'a@example.org', kind: 'OTRO' }, 'body.kind', ALERT_MESSAGES.kindInvalid],
      [{ email: 'a@example.org', kind: 'FLAG' }, 'body.code', ALERT_MESSAGES.codeRequired],
      [{ email: 'a@example.org', kind: 'FLAG', code: 'NADA' }, 'body.code', ALERT_MESSAGES.codeInvalid],
      [
        { email: 'a@example.org', kind: 'INDEX', threshold: 0.1 },
        'body.threshold',
        ALERT_MESSAGES.thresholdInvalid,
      ],
      [
        { email: 'a@example.org', kind: 'INDEX', threshold: 101 },
        'body.threshold',
        ALERT_MESSAGES.thresholdInvalid,
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await follow(body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().errors).toContainEqual({ path, message });
    }
    const noCaptcha = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/alerts/follow',
      headers: { [HEADER]: monitor },
      payload: { email: 'a@example.org', kind: 'INDEX', frequency: 'WEEKLY' },
    });
    expect(noCaptcha.statusCode).toBe(400);
    const noMonitor = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/alerts/follow',
      payload: { email: 'a@example.org', kind: 'INDEX', frequency: 'WEEKLY', altcha: 'x' },
    });
    expect(noMonitor.statusCode).toBe(400);
    expect(await subscriberRow('a@example.org')).toBeUndefined();
  });

  it('takes a captcha once', async () => {
    const altcha = await solvedPayload(ctx.app);
    const send = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/public-api/alerts/follow',
        headers: { [HEADER]: monitor },
        payload: { email, kind: 'PUBLICATION', frequency: 'WEEKLY', altcha },
      });
    expect((await send('una-vez@example.org')).statusCode).toBe(202);
    const replay = await send('otra-vez@example.org');
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(ALERT_MESSAGES.captchaUsed);
    expect(await subscriberRow('otra-vez@example.org')).toBeUndefined();
  });

  it('refuses a 21st follow of one address', async () => {
    const { db } = ctx.database;
    const email = 'veinte@example.org';
    const subscriberId = newId();
    await db.insert(alertSubscribers).values({ id: subscriberId, email });
    const other = await createOrganization(db);
    await db.insert(alertFollows).values(
      Array.from({ length: 20 }, (_, i) => ({
        id: newId(),
        subscriberId,
        organizationId: other.id,
        kind: 'CONTRACTS',
        filters: { fiscalYears: [String(2000 + i)] },
      })),
    );
    const refused = await follow({ email, kind: 'INDEX' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ALERT_MESSAGES.tooManyFollows);
    expect(refused.json().message).toMatch(/^Esta dirección ya sigue 20 elementos/);
    // One it already follows is still asked again.
    const same = await follow({ email, kind: 'CONTRACTS', filters: { fiscalYears: ['2003'] } }, other.id);
    expect(same.statusCode).toBe(202);
    expect(await followRows(subscriberId)).toHaveLength(20);
  });

  it('sends at most 5 e-mails to an address in an hour', async () => {
    const email = 'cinco@example.org';
    const codes = ['ANY', 'SINGLE_BIDDER', 'SPLIT_DIRECT_AWARDS', 'OVER_DIRECT_AWARD_LIMIT', 'AMENDED'];
    for (const code of codes) {
      const response = await follow({ email, kind: 'FLAG', code });
      expect(response.statusCode, response.body).toBe(202);
    }
    const sixth = await follow({ email, kind: 'INDEX' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED', message: ALERT_MESSAGES.tooManyMails });
    expect(await mailsTo(email)).toHaveLength(5);
  });

  it('asks an address that unsubscribed in the last 30 days before sending to it again', async () => {
    const { db } = ctx.database;
    const email = 'volvio@example.org';
    await db.insert(alertSuppressions).values({ emailSha256: sha256(email), unsubscribedAt: new Date() });
    const refused = await follow({ email, kind: 'INDEX' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ALERT_MESSAGES.recentlyUnsubscribed);
    expect(await subscriberRow(email)).toBeUndefined();
    expect(await mailsTo(email)).toHaveLength(0);
    await confirmedFollow(email, { kind: 'INDEX', again: true });
    // Confirmed: the person asked again, the hash is forgotten.
    expect(
      await db
        .select()
        .from(alertSuppressions)
        .where(eq(alertSuppressions.emailSha256, sha256(email))),
    ).toEqual([]);
    // After 30 days no question is asked.
    const old = 'hace-mucho@example.org';
    await db
      .insert(alertSuppressions)
      .values({ emailSha256: sha256(old), unsubscribedAt: new Date(Date.now() - 31 * 86_400_000) });
    expect((await follow({ email: old, kind: 'INDEX' })).statusCode).toBe(202);
  });

  it('answers a suspended address the same and sends it nothing', async () => {
    const { db } = ctx.database;
    const email = 'suspendida@example.org';
    const id = newId();
    await db.insert(alertSubscribers).values({ id, email, suspendedAt: new Date() });
    const response = await follow({ email, kind: 'INDEX' });
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe(followPendingMessage(email));
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await followRows(id)).toHaveLength(0);
  });

  it('refuses unknown, tampered, swapped and revoked links with 404', async () => {
    const email = 'enlaces@example.org';
    expect((await follow({ email, kind: 'INDEX' })).statusCode).toBe(202);
    const [mail] = await mailsTo(email);
    const confirmToken = tokenIn(mail!, 'confirm/');
    const manageToken = tokenIn(mail!, '');
    const tampered = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const refused = [
      ['GET', '/confirm/no-es-un-enlace'],
      ['GET', `/confirm/${tampered(confirmToken)}`],
      ['POST', `/confirm/${tampered(confirmToken)}`],
      ['GET', `/confirm/${manageToken}`],
      ['GET', `/manage/${confirmToken}`],
      ['GET', `/manage/${tampered(manageToken)}`],
      ['GET', `/manage/${newId()}.abc`],
      ['GET', `/manage/${tampered(manageToken)}/export`],
      ['DELETE', `/manage/${tampered(manageToken)}`],
      ['POST', `/unsubscribe/${tampered(manageToken)}`],
    ] as const;
    for (const [method, url] of refused) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(404);
      expect(response.json().message).toBe(ALERT_MESSAGES.invalidLink);
    }
    expect(await subscriberRow(email)).toBeDefined();

    // A new link revokes every earlier one.
    const renewed = await call('POST', `/manage/${manageToken}/new-link`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().message).toBe(ALERT_MESSAGES.newLinkSent);
    expect(renewed.body).not.toContain(email);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('nuevo enlace');
    const newToken = tokenIn(mails[1]!, '');
    expect(newToken).not.toBe(manageToken);
    expect((await call('GET', `/manage/${manageToken}`)).statusCode).toBe(404);
    expect((await call('POST', `/unsubscribe/${manageToken}`)).statusCode).toBe(404);
    expect((await call('GET', `/manage/${newToken}`)).statusCode).toBe(200);
    // The confirmation link still confirms, but gives the new management token.
    const confirmed = await call('POST', `/confirm/${confirmToken}`);
    expect(confirmed.json().data.manageToken).toBe(newToken);
  });

  it('changes and ends follows; the last one takes the address with it', async () => {
    const email = 'cambia@example.org';
    const token = await confirmedFollow(email, { kind: 'INDEX', threshold: 2.5 });
    await confirmedFollow(email, { kind: 'FLAG', code: 'ANY' });
    const follows = (await call('GET', `/manage/${token}`)).json().data.follows;
    const [index, flag] = follows as { _id: string; kind: string; threshold: number | null }[];
    expect(index).toMatchObject({ kind: 'INDEX', threshold: 2.5 });
    expect(flag).toMatchObject({ kind: 'FLAG', code: 'ANY', codeName: 'Cualquier señal de alerta' });

    const patched = await call('PATCH', `/manage/${token}/follows/${index!._id}`, {
      frequency: 'WEEKLY',
      threshold: 10,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.follow).toMatchObject({ frequency: 'WEEKLY', threshold: 10 });
    const noThreshold = await call('PATCH', `/manage/${token}/follows/${flag!._id}`, { threshold: 3 });
    expect(noThreshold.statusCode).toBe(400);
    expect(noThreshold.json().message).toBe(ALERT_MESSAGES.thresholdOnlyIndex);

    // Another address's follow is out of reach.
    const otherToken = await confirmedFollow('ajena@example.org');
    expect(
      (await call('PATCH', `/manage/${otherToken}/follows/${index!._id}`, { frequency: 'WEEKLY' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/manage/${otherToken}/follows/${index!._id}`)).statusCode).toBe(404);

    const first = await call('DELETE', `/manage/${token}/follows/${index!._id}`);
    expect(first.json().data).toEqual({ addressDeleted: false });
    const last = await call('DELETE', `/manage/${token}/follows/${flag!._id}`);
    expect(last.json().data).toEqual({ addressDeleted: true });
    expect(await subscriberRow(email)).toBeUndefined();
    const [suppression] = await ctx.database.db
      .select()
      .from(alertSuppressions)
      .where(eq(alertSuppressions.emailSha256, sha256(email)));
    expect(suppression!.unsubscribedAt).toBeInstanceOf(Date);
    expect((await call('GET', `/manage/${token}`)).statusCode).toBe(404);
  });

  it('exports everything stored about the address, and erases it', async () => {
    const { db } = ctx.database;
    const email = 'exporta@example.org';
    const token = await confirmedFollow(email, { kind: 'CONTRACTS', filters: { fiscalYears: ['2022'] } });
    const subscriber = (await subscriberRow(email))!;
    const [followRow] = await followRows(subscriber.id);
    await db.insert(alertOutbox).values({
      subscriberId: subscriber.id,
      followId: followRow!.id,
      organizationId: monitor,
      changeKey: 'contract:prueba',
      payload: { title: 'Contrato de prueba' },
      frequency: 'IMMEDIATE',
      sentAt: new Date(),
    });
    const exported = await call('GET', `/manage/${token}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="vigia-avisos.json"');
    expect(exported.headers['cache-control']).toBe('no-store');
    const file = exported.json();
    expect(file.subscriber.email).toBe(email);
    expect(file.follows).toMatchObject([
      { _id: followRow!.id, kind: 'CONTRACTS', filters: { fiscalYears: ['2022'] } },
    ]);
    expect(file.sent).toMatchObject([
      { change: 'contract:prueba', content: { title: 'Contrato de prueba' } },
    ]);

    const erased = await call('DELETE', `/manage/${token}`);
    expect(erased.statusCode).toBe(200);
    expect(await subscriberRow(email)).toBeUndefined();
    expect(await followRows(subscriber.id)).toEqual([]);
    expect(await db.select().from(alertOutbox).where(eq(alertOutbox.subscriberId, subscriber.id))).toEqual(
      [],
    );
    expect(
      await db
        .select()
        .from(alertSuppressions)
        .where(eq(alertSuppressions.emailSha256, sha256(email))),
    ).toHaveLength(1);
    expect((await call('GET', `/manage/${token}/export`)).statusCode).toBe(404);
  });

  it("unsubscribes with one click: RFC 8058's form post, no monitor, no cookie", async () => {
    const email = 'un-clic@example.org';
    const token = await confirmedFollow(email);
    await confirmedFollow(email, { kind: 'PUBLICATION' });
    const id = (await subscriberRow(email))!.id;
    const post = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/public-api/alerts/unsubscribe/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const response = await post();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(ALERT_MESSAGES.unsubscribed);
    expect(await subscriberRow(email)).toBeUndefined();
    expect(await followRows(id)).toEqual([]);
    expect((await post()).statusCode).toBe(200);
    // RFC 8058 also allows multipart/form-data.
    const multipartToken = await confirmedFollow('multiparte@example.org');
    const boundary = 'vigia-limite';
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: `/public-api/alerts/unsubscribe/${multipartToken}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(await subscriberRow('multiparte@example.org')).toBeUndefined();
    // The web page's post: no body at all, or an empty JSON object.
    const other = await confirmedFollow('pagina@example.org');
    const bare = await call('POST', `/unsubscribe/${other}`);
    expect(bare.statusCode, bare.body).toBe(200);
    expect((await call('POST', `/unsubscribe/${other}`, {})).statusCode).toBe(200);
    expect(await subscriberRow('pagina@example.org')).toBeUndefined();
  });
});

describe('alerts: administrators', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let monitor: string;
  let other: string;
  let generalToken: string;
  let customToken: string;

  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({ config: { rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000 } } });
    const { db } = ctx.database;
    monitor = (await createOrganization(db)).id;
    other = (await createOrganization(db)).id;
    generalToken = await signIn(ctx.app, (await createUser(db, { administratorType: 'GENERAL' })).email);
    customToken = await signIn(ctx.app, (await createUser(db, { permissions: ['SUPPLIERS'] })).email);
  });
  afterAll(() => ctx?.close());

  it("counts the monitor's follows and deliveries, never naming an address", async () => {
    const { db } = ctx.database;
    const supplier = await createSupplier(db, monitor);
    const otherSupplier = await createSupplier(db, other);
    const subscribers = ['uno@example.org', 'dos@example.org', 'tres@example.org'].map((email) => ({
      id: newId(),
      email,
    }));
    await db.insert(alertSubscribers).values(subscribers);
    const [a, b, c] = subscribers.map((row) => row.id) as [string, string, string];
    const confirmedAt = new Date();
    const row = (subscriberId: string, organizationId: string, values: Record<string, unknown>) => ({
      id: newId(),
      subscriberId,
      organizationId,
      confirmedAt,
      kind: 'CONTRACTS',
      ...values,
    });
    const follows = [
      row(a, monitor, { filters: { suppliers: [supplier.id] } }),
      row(b, monitor, { filters: { suppliers: [supplier.id] } }),
      row(c, monitor, { filters: { suppliers: [supplier.id], fiscalYears: ['2022'] } }),
      row(a, monitor, { filters: {} }),
      row(a, monitor, { kind: 'FLAG', code: 'ANY' }),
      row(b, monitor, { kind: 'FLAG', code: 'SINGLE_BIDDER' }),
      row(c, monitor, { kind: 'FLAG', code: 'SINGLE_BIDDER' }),
      row(a, monitor, { kind: 'INDEX', threshold: 5 }),
      row(b, monitor, { kind: 'PUBLICATION', confirmedAt: null }),
      // Another monitor's, never mixed in.
      row(a, other, { filters: { suppliers: [otherSupplier.id] } }),
      row(b, other, { kind: 'FLAG', code: 'ANY' }),
      row(c, other, { kind: 'PUBLICATION' }),
    ];
    await db.insert(alertFollows).values(follows);
    const outbox = (
      subscriberId: string,
      organizationId: string,
      key: string,
      values: Record<string, unknown>,
    ) => ({
      subscriberId,
      organizationId,
      changeKey: key,
      payload: {},
      frequency: 'IMMEDIATE',
      ...values,
    });
    const sentAt = new Date(Date.now() - 86_400_000);
    await db
      .insert(alertOutbox)
      .values([
        outbox(a, monitor, 'contract:1', {}),
        outbox(b, monitor, 'contract:1', { attempts: 2, lastError: '451' }),
        outbox(c, monitor, 'contract:1', { sentAt }),
        outbox(c, monitor, 'contract:0', { sentAt: new Date(Date.now() - 10 * 86_400_000) }),
        outbox(a, other, 'contract:9', { attempts: 1 }),
        outbox(b, other, 'contract:9', { sentAt: new Date() }),
      ]);

    for (const token of [generalToken, customToken]) {
      const response = await ctx.app.inject({ url: '/api/alerts/summary', headers: bearer(token, monitor) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain('@');
      expect(response.json().data).toEqual({
        follows: {
          total: 8,
          byKind: { CONTRACTS: 4, FLAG: 3, INDEX: 1, PUBLICATION: 0 },
          bySupplier: [{ _id: supplier.id, name: supplier.name, follows: 2 }],
          byFlag: [
            { code: 'SINGLE_BIDDER', name: expect.any(String), follows: 2 },
            { code: 'ANY', name: 'Cualquier señal de alerta', follows: 1 },
          ],
          unconfirmed: 1,
        },
        deliveries: { pending: 2, failing: 1, sentLast7Days: 1, lastSentAt: sentAt.toISOString() },
      });
    }
    const anonymous = await ctx.app.inject({ url: '/api/alerts/summary', headers: { [HEADER]: monitor } });
    expect(anonymous.statusCode).toBe(401);
    const noMonitor = await ctx.app.inject({ url: '/api/alerts/summary', headers: bearer(generalToken) });
    expect(noMonitor.statusCode).toBe(400);
  });

  it('lets only GENERAL administrators suspend an address, and lift it', async () => {
    const { db } = ctx.database;
    const email = 'queja@example.org';
    await db.insert(alertSubscribers).values({ id: newId(), email });
    const suspend = (token: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/alerts/suspend', headers: bearer(token), payload });
    const refused = await suspend(customToken, { email, suspended: true });
    expect(refused.statusCode).toBe(403);
    const unknown = await suspend(generalToken, { email: 'nadie@example.org', suspended: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ALERT_MESSAGES.addressNotFound);

    const done = await suspend(generalToken, { email: ' Queja@Example.org', suspended: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: ALERT_MESSAGES.suspended, data: { suspended: true } });
    const [row] = await db
      .select()
      .from(alertSubscribers)
      .where(inArray(alertSubscribers.email, [email]));
    expect(row!.suspendedAt).toBeInstanceOf(Date);
    expect(row!.suspendedBy).toBeTruthy();
    expect((await suspend(generalToken, { email, suspended: false })).statusCode).toBe(200);
    const [lifted] = await db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email));
    expect(lifted!.suspendedAt).toBeNull();
    expect(lifted!.suspendedBy).toBeNull();
  });
});
