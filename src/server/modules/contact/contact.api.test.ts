import { createServer } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES } from '../../../shared/schemas/contact';
import { type App, buildApp } from '../../app';
import { contactMessages, usedCaptchas } from '../../db/schema';
import { createOrganization } from '../../test/factories';
import { startSmtpServer, type TestSmtp } from '../../test/smtp';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';

const HEADER = 'x-current-organization-id';

/** Asks the app for a challenge and solves it as the widget would: the base64 payload it submits. */
async function solvedPayload(app: App): Promise<string> {
  const response = await app.inject('/public-api/contact/challenge');
  expect(response.statusCode).toBe(200);
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

function submit(app: App, organizationId: string | null, payload: object, ip = '10.20.0.1') {
  return app.inject({
    method: 'POST',
    url: '/public-api/contact/submit',
    remoteAddress: ip,
    headers: organizationId ? { [HEADER]: organizationId } : {},
    payload,
  });
}

const VISITOR = {
  name: 'Ana <script>alert(1)</script> Pérez',
  email: 'ana.perez@example.org',
  phone: '55 1234 5678',
  message: 'Hola & buen día.\n<script>alert("x")</script>\nQuisiera información.',
};

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('contact page API', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let monitor: string;
  let other: string;
  let silent: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const base = testConfig();
    ctx = await createTestApp({
      config: {
        mail: { smtpUrl: smtp.url, from: 'Vigía <no-reply@vigia.test>' },
        rateLimits: { ...base.rateLimits, contactPerHour: 1_000 },
      },
    });
    const { db } = ctx.database;
    monitor = (
      await createOrganization(db, {
        name: 'Municipio de Contacto',
        address: 'Av. Juárez 10, Centro',
        schedule: 'Lunes a viernes de 9:30 a 14:00',
        additionalInformation: 'Planta baja',
        contactLocation: 'Escríbenos',
        contactEmail: 'equipo@monitor.example.org',
        socialUrl: 'https://social.example.org/monitor',
      })
    ).id;
    other = (
      await createOrganization(db, {
        address: 'Otra dirección 99',
        contactEmail: 'otro@monitor.example.org',
      })
    ).id;
    silent = (await createOrganization(db, { address: 'Sin correo 1', contactEmail: '  ' })).id;
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const loadInfo = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/public-api/contact/load-info', headers });

  it("answers the header's monitor details only, and whether the form can deliver", async () => {
    const response = await loadInfo({ [HEADER]: monitor });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      error: false,
      message: '',
      data: {
        _id: monitor,
        address: 'Av. Juárez 10, Centro',
        schedule: 'Lunes a viernes de 9:30 a 14:00',
        additionalInformation: 'Planta baja',
        contactLocation: 'Escríbenos',
        email: 'equipo@monitor.example.org',
        socialUrl: 'https://social.example.org/monitor',
        canReceive: true,
      },
    });
    expect(response.body).not.toContain('otro@monitor.example.org');
    expect(response.body).not.toContain('Otra dirección');

    const blank = (await loadInfo({ [HEADER]: silent })).json().data;
    expect(blank).toMatchObject({ email: null, canReceive: false, address: 'Sin correo 1' });
  });

  it('needs a monitor that exists, like the other public routes', async () => {
    const missing = await loadInfo({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: true, code: 'ORGANIZATION_REQUIRED' });
    const unknown = await loadInfo({ [HEADER]: '0192aaaa-0000-7000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('La organización seleccionada no existe.');
    expect((await loadInfo({ [HEADER]: 'not-an-id' })).statusCode).toBe(404);
  });

  it('hands out fresh, signed SHA-256 challenges that expire within minutes', async () => {
    const first = await ctx.app.inject('/public-api/contact/challenge');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { parameters, signature } = first.json();
    expect(parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32 });
    expect(parameters.keyPrefix).toMatch(/^[0-9a-f]+$/);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    const minutesLeft = (parameters.expiresAt * 1_000 - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(5);
    expect(minutesLeft).toBeLessThanOrEqual(10);
    const second = (await ctx.app.inject('/public-api/contact/challenge')).json();
    expect(second.parameters.nonce).not.toBe(parameters.nonce);
  });

  it('stores the message and e-mails it, escaped, to the monitor with reply-to the visitor', async () => {
    const altcha = await solvedPayload(ctx.app);
    const response = await submit(ctx.app, monitor, { ...VISITOR, altcha });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ error: false, message: 'Tu mensaje ha sido enviado' });

    const mail = await smtp.waitFor((m) => m.to.includes('equipo@monitor.example.org'));
    expect(mail.subject).toBe('Vigía | Contacto');
    expect(mail.replyTo).toEqual(['ana.perez@example.org']);
    expect(mail.html).toContain('¡Alguien está intentando contactarte!');
    expect(mail.html).toContain('Ana &lt;script&gt;alert(1)&lt;/script&gt; Pérez');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('Hola &amp; buen día.');
    expect(mail.html).not.toContain('<script');
    expect(mail.text).toContain('Nombre: Ana <script>alert(1)</script> Pérez');
    expect(mail.text).toContain('Teléfono: 55 1234 5678');
    expect(mail.text).toContain('Correo electrónico: ana.perez@example.org');
    expect(mail.text).toContain('Quisiera información.');
    expect(smtp.messages.some((m) => m.to.includes('otro@monitor.example.org'))).toBe(false);

    await ctx.app.deps.jobs.idle();
    const rows = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.organizationId, monitor));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: VISITOR.name,
      email: VISITOR.email,
      phone: VISITOR.phone,
      message: VISITOR.message,
      deliveryError: null,
      ip: null,
    });
    expect(rows[0]!.sentAt).toBeInstanceOf(Date);
  });

  it('refuses a replayed solution, also on another process of the installation', async () => {
    const altcha = await solvedPayload(ctx.app);
    const body = { name: 'Rita', email: 'rita@example.org', message: 'Primera vez', altcha };
    expect((await submit(ctx.app, monitor, body)).statusCode).toBe(200);
    const again = await submit(ctx.app, monitor, { ...body, message: 'Segunda vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONTACT_MESSAGES.captchaUsed);

    // A second process: same database and secret, its own memory.
    const sibling = await buildApp(
      { ...testConfig(), sessionSecret: ctx.app.deps.config.sessionSecret },
      { database: ctx.database },
    );
    try {
      const elsewhere = await submit(sibling, monitor, { ...body, message: 'Tercera vez' });
      expect(elsewhere.statusCode).toBe(409);
      // The sibling accepts its own fresh solutions: the keys come from the shared secret.
      const fresh = await submit(sibling, monitor, { ...body, altcha: await solvedPayload(sibling) });
      expect(fresh.statusCode).toBe(200);
      await sibling.deps.jobs.idle();
    } finally {
      await sibling.close();
    }
    // The first message's e-mail goes out in the background: let it arrive before the next test counts.
    await ctx.app.deps.jobs.idle();
    const stored = await ctx.database.db
      .select({ message: contactMessages.message })
      .from(contactMessages)
      .where(eq(contactMessages.email, 'rita@example.org'));
    expect(stored.map((row) => row.message).sort()).toEqual(['Primera vez', 'Primera vez']);
  });

  it('refuses a missing, malformed, tampered, foreign or expired captcha', async () => {
    const body = { name: 'Bot', email: 'bot@example.org', message: 'Spam' };
    const missing = await submit(ctx.app, monitor, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(CONTACT_MESSAGES.captchaRequired);

    const refused = async (altcha: string, message: string = CONTACT_MESSAGES.captchaInvalid) => {
      const response = await submit(ctx.app, monitor, { ...body, altcha });
      expect(response.statusCode, altcha.slice(0, 40)).toBe(400);
      expect(response.json().message).toBe(message);
    };
    await refused('no-es-un-captcha');
    // The widget's test mode: no challenge at all.
    await refused(btoa(JSON.stringify({ challenge: null, solution: null, test: true })));

    const decoded = JSON.parse(Buffer.from(await solvedPayload(ctx.app), 'base64').toString());
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64');
    await refused(encode({ ...decoded, solution: { ...decoded.solution, derivedKey: '00'.repeat(32) } }));
    await refused(
      encode({
        ...decoded,
        challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, keyPrefix: '0' } },
      }),
    );

    // Signed by another installation (another secret).
    const foreign = await createTestApp({ database: ctx.database });
    try {
      await refused(await solvedPayload(foreign.app));
    } finally {
      await foreign.app.close();
    }

    const late = await solvedPayload(ctx.app);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 11 * 60_000);
    await refused(late, CONTACT_MESSAGES.captchaExpired);
    vi.restoreAllMocks();

    const stored = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'bot@example.org'));
    expect(stored).toEqual([]);
  });

  it('validates each field with a Spanish message', async () => {
    const valid = { name: 'Ana', email: 'ana@example.org', message: 'Hola', altcha: 'x' };
    const cases: [object, string, string][] = [
      [{ ...valid, name: '   ' }, 'body.name', CONTACT_MESSAGES.nameRequired],
      [{ ...valid, name: undefined }, 'body.name', CONTACT_MESSAGES.nameRequired],
      [{ ...valid, name: 'a'.repeat(101) }, 'body.name', CONTACT_MESSAGES.nameTooLong],
      [{ ...valid, email: '' }, 'body.email', CONTACT_MESSAGES.emailRequired],
      [{ ...valid, email: 'ana@' }, 'body.email', CONTACT_MESSAGES.emailInvalid],
      [{ ...valid, email: `${'a'.repeat(250)}@example.org` }, 'body.email', CONTACT_MESSAGES.emailInvalid],
      [{ ...valid, phone: '1'.repeat(31) }, 'body.phone', CONTACT_MESSAGES.phoneTooLong],
      [{ ...valid, message: '' }, 'body.message', CONTACT_MESSAGES.messageRequired],
      [{ ...valid, message: 'a'.repeat(5_001) }, 'body.message', CONTACT_MESSAGES.messageTooLong],
      [{ ...valid, message: 'nulo \u0000' }, 'body.message', CONTACT_MESSAGES.invalidCharacters],
      [{ ...valid, altcha: '' }, 'body.altcha', CONTACT_MESSAGES.captchaRequired],
    ];
    for (const [payload, path, message] of cases) {
      const response = await submit(ctx.app, monitor, payload);
      expect(response.statusCode, path).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION');
      expect(body.errors).toContainEqual({ path, message });
    }
  });

  it('says so when the monitor has no contact e-mail, and sends and stores nothing', async () => {
    await ctx.app.deps.jobs.idle();
    const before = smtp.messages.length;
    const altcha = await solvedPayload(ctx.app);
    const response = await submit(ctx.app, silent, { ...VISITOR, altcha });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(CONTACT_MESSAGES.noContactEmail);
    await ctx.app.deps.jobs.idle();
    expect(smtp.messages.length).toBe(before);
    const stored = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.organizationId, silent));
    expect(stored).toEqual([]);
    // The captcha was not spent: it still sends a message to a monitor that can receive it.
    expect((await submit(ctx.app, other, { ...VISITOR, altcha })).statusCode).toBe(200);
  });

  it('allows the map frame of the contact page and no other', async () => {
    const csp = String((await loadInfo({ [HEADER]: monitor })).headers['content-security-policy']);
    expect(csp).toContain('frame-src https://maps.google.com/maps https://www.google.com/maps;');
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('contact form limits and delivery failures', () => {
  let ctx: TestContext;
  let monitor: string;

  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({
      config: {
        mail: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: 'Vigía <no-reply@vigia.test>' },
        rateLimits: { ...base.rateLimits, contactPerHour: 2 },
      },
    });
    monitor = (await createOrganization(ctx.database.db, { contactEmail: 'equipo@example.org' })).id;
  });
  afterAll(() => ctx?.close());

  it('keeps the message with the delivery error when the mail server is down', async () => {
    const altcha = await solvedPayload(ctx.app);
    const response = await submit(ctx.app, monitor, { ...VISITOR, altcha }, '10.30.0.1');
    expect(response.statusCode).toBe(200);
    await ctx.app.deps.jobs.idle();
    const [row] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.organizationId, monitor));
    expect(row).toMatchObject({ name: VISITOR.name, message: VISITOR.message, sentAt: null });
    expect(row!.deliveryError).toBeTruthy();
  });

  it('limits submissions per address, an IPv6 /64 counting as one, with a Spanish 429', async () => {
    const body = { name: 'Ana', email: 'ana@example.org', message: 'Hola' };
    const statuses: number[] = [];
    for (const ip of ['2001:db8:7:7::1', '2001:db8:7:7:ffff::2', '2001:db8:7:7::3']) {
      const response = await submit(ctx.app, monitor, body, ip);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({ code: 'RATE_LIMITED', message: CONTACT_MESSAGES.tooMany });
      }
    }
    expect(statuses).toEqual([400, 400, 429]);
    // Another network is counted apart.
    expect((await submit(ctx.app, monitor, body, '2001:db8:7:8::1')).statusCode).toBe(400);
  });

  it('forgets spent captchas once they have expired', async () => {
    const { db } = ctx.database;
    await db.insert(usedCaptchas).values({ signature: 'viejo', expiresAt: new Date(Date.now() - 60_000) });
    const altcha = await solvedPayload(ctx.app);
    expect((await submit(ctx.app, monitor, { ...VISITOR, altcha }, '10.30.0.9')).statusCode).toBe(200);
    await ctx.app.deps.jobs.idle();
    const signatures = (await db.select().from(usedCaptchas)).map((row) => row.signature);
    expect(signatures).not.toContain('viejo');
    expect(signatures).toHaveLength(2);
  });
});
