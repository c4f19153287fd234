import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { contactMessages } from '../db/schema';
import { CONTACT_MAIL_JOB } from '../modules/contact/contact-jobs';
import { createOrganization } from '../test/factories';
import { startSmtpServer, type TestSmtp } from '../test/smtp';
import { createTestDatabase, testConfig } from '../test/test-app';

/** Durable jobs (decision 0026), through the contact e-mail job, on the engine under test. */
describe('jobs', () => {
  let database: DatabaseHandle;
  let smtp: TestSmtp;
  let organization: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpServer();
    organization = (await createOrganization(database.db, { contactEmail: 'equipo@jobs.example.org' })).id;
  });
  afterAll(async () => {
    await database?.close();
    await smtp?.close();
  });

  const config = () => testConfig({ mail: { smtpUrl: smtp.url, from: 'Vigía <no-reply@vigia.test>' } });

  async function storeMessage(message: string): Promise<string> {
    const [row] = await database.db
      .insert(contactMessages)
      .values({ organizationId: organization, name: 'Ana', email: 'ana@example.org', phone: null, message })
      .returning({ id: contactMessages.id });
    return row!.id;
  }

  async function sentAt(id: string) {
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row!;
  }

  it('survives a restart: a job queued by a closed app runs in the next one', async () => {
    const first = await buildApp(config(), { database });
    const id = await storeMessage('Antes del reinicio');
    await first.deps.jobs.enqueue(CONTACT_MAIL_JOB, { messageId: id }, { startAfterSeconds: 2 });
    await first.close();
    expect((await sentAt(id)).sentAt).toBeNull();

    const second = await buildApp(config(), { database });
    try {
      const mail = await smtp.waitFor((m) => m.text.includes('Antes del reinicio'), 15_000);
      expect(mail.to).toEqual(['equipo@jobs.example.org']);
      await second.deps.jobs.idle();
      expect((await sentAt(id)).sentAt).toBeInstanceOf(Date);
    } finally {
      await second.close();
    }
  });

  it('runs each job once with two app instances on one database', async () => {
    const apps = [await buildApp(config(), { database }), await buildApp(config(), { database })];
    try {
      const ids: string[] = [];
      for (let index = 0; index < 8; index++) {
        const id = await storeMessage(`Una sola vez ${index}`);
        ids.push(id);
        await apps[index % 2]!.deps.jobs.enqueue(CONTACT_MAIL_JOB, { messageId: id });
      }
      for (let index = 0; index < 8; index++) {
        await smtp.waitFor((m) => m.text.includes(`Una sola vez ${index}\n`), 15_000);
      }
      await Promise.all(apps.map((app) => app.deps.jobs.idle()));
      for (let index = 0; index < 8; index++) {
        expect(smtp.messages.filter((m) => m.text.includes(`Una sola vez ${index}\n`))).toHaveLength(1);
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  it('wakes the workers with NOTIFY, in every app and at the commit, and takes the next queued job at once', async () => {
    // No worker looks for work on a timer here (once an hour): only a NOTIFY, or the end of the job
    // before, can make these jobs run before the test's limit.
    const hourly = testConfig({
      mail: { smtpUrl: smtp.url, from: 'Vigía <no-reply@vigia.test>' },
      jobs: { pollingIntervalSeconds: 3_600, mailRetryLimit: 3, mailRetryDelaySeconds: 1 },
    });
    const apps = [await buildApp(hourly, { database }), await buildApp(hourly, { database })];
    try {
      // Both apps' first looks are behind them: what follows is woken, not found by a look.
      await Promise.all(apps.map((app) => app.deps.jobs.idle()));
      const alone = await storeMessage('Despertado por NOTIFY');
      await apps[0]!.deps.jobs.enqueue(CONTACT_MAIL_JOB, { messageId: alone });
      await smtp.waitFor((m) => m.text.includes('Despertado por NOTIFY'), 15_000);

      // Queued in a transaction: announced at its commit, not before (the job does not exist yet).
      await database.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({
            organizationId: organization,
            name: 'Ana',
            email: 'ana@example.org',
            phone: null,
            message: 'Al confirmar',
          })
          .returning({ id: contactMessages.id });
        await apps[1]!.deps.jobs.enqueue(CONTACT_MAIL_JOB, { messageId: row!.id }, { tx });
      });
      await smtp.waitFor((m) => m.text.includes('Al confirmar'), 15_000);

      // Five at once: each worker takes one at a time, the NOTIFYs of the others arrive while it
      // works, and the rest are taken one after another as each job ends.
      for (let index = 0; index < 5; index++) {
        const id = await storeMessage(`En fila ${index}`);
        await apps[0]!.deps.jobs.enqueue(CONTACT_MAIL_JOB, { messageId: id });
      }
      for (let index = 0; index < 5; index++)
        await smtp.waitFor((m) => m.text.includes(`En fila ${index}\n`), 15_000);
      await Promise.all(apps.map((app) => app.deps.jobs.idle()));
      for (let index = 0; index < 5; index++)
        expect(smtp.messages.filter((m) => m.text.includes(`En fila ${index}\n`))).toHaveLength(1);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  it('retries a contact e-mail the mail server refused, records the failure, and marks it sent later', async () => {
    const app = await buildApp(config(), { database });
    try {
      smtp.refusing = true;
      const id = await storeMessage('Reintento con espera');
      await app.deps.jobs.enqueue(CONTACT_MAIL_JOB, { messageId: id });
      // The first attempt fails: the row says why, and the job waits for its retry.
      for (let tries = 0; !(await sentAt(id)).deliveryError; tries++) {
        if (tries > 200) throw new Error('no delivery error recorded');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const failed = await sentAt(id);
      expect(failed.sentAt).toBeNull();
      expect(failed.deliveryError).toContain('451');
      expect(failed.deliveryError).toContain('se reintentará');

      smtp.refusing = false;
      await smtp.waitFor((m) => m.text.includes('Reintento con espera'), 20_000);
      for (let tries = 0; !(await sentAt(id)).sentAt; tries++) {
        if (tries > 200) throw new Error('not marked sent');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await sentAt(id)).deliveryError).toBeNull();
      expect(smtp.messages.filter((m) => m.text.includes('Reintento con espera'))).toHaveLength(1);
    } finally {
      smtp.refusing = false;
      await app.close();
    }
  });
});
