import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { alertsOf, alertsSettled, createFollow, outboxOf } from '../../test/alert-follows';
import { bearer, createUser, signIn } from '../../test/auth';
import {
  contractEntry,
  createContract,
  createOrganization,
  createSupplier,
  createUnit,
} from '../../test/factories';
import { startSmtpServer, type TestSmtp } from '../../test/smtp';
import { createTestApp, type TestContext } from '../../test/test-app';
import { pruneOutbox } from './delivery.repository';
import { deliverAlerts } from './delivery.service';
import { ITEMS_PER_RUN } from './matching.repository';
import { matchChanges } from './matching.service';
import { alertTokens } from './tokens';

/**
 * The alerts' e-mails (issue 33, decision 0053): one e-mail per address grouping its follows,
 * with the management link and RFC 8058's one-click unsubscribe; IMMEDIATE at once, WEEKLY on the
 * digest; a mail server that refuses and then recovers delivers every alert exactly once.
 */
describe('alerts delivery', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let santaLucia: string;
  let otherId: string;
  let token: string;
  const refs: Record<string, { supplier: string; unit: string }> = {};

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({
      config: { mail: { smtpUrl: smtp.url, from: 'Vigía <no-reply@vigia.test>' } },
    });
    const { db } = ctx.database;
    santaLucia = (await createOrganization(db, { name: `Monitor Santa Lucía ${Date.now()}` })).id;
    otherId = (await createOrganization(db)).id;
    token = await signIn(ctx.app, (await createUser(db, { permissions: ['CONTRACTS'] })).email);
    for (const id of [santaLucia, otherId]) {
      refs[id] = { supplier: (await createSupplier(db, id)).id, unit: (await createUnit(db, id)).id };
    }
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  let number = 0;
  const save = async (organizationId: string) => {
    number += 1;
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/contracts/save',
      headers: bearer(token, organizationId),
      payload: contractEntry(refs[organizationId]!, {
        administrationPeriod: '2024-2027',
        fiscalYear: '2024',
        period: '4o 2024',
        contractDate: '2024-10-02',
        contractNumber: `ENV-${number}`,
        contractId: `LP-${number}/24`,
        bidders: [{ name: 'Uno', rfc: 'UNO010101AB1' }],
      }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data._id as string;
  };
  const until = async (condition: () => Promise<boolean>) => {
    for (const started = Date.now(); !(await condition()); ) {
      if (Date.now() - started > 90_000) throw new Error('Condition not met in 90 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));
  const manageToken = (subscriberId: string) =>
    alertTokens(ctx.app.deps.sessionKey).management(subscriberId, 1);

  it('sends one IMMEDIATE e-mail per address grouping its follows, with the unsubscribe headers', async () => {
    const { db } = ctx.database;
    const contracts = await createFollow(db, 'lucia@example.org', santaLucia, { kind: 'CONTRACTS' });
    await createFollow(db, 'lucia@example.org', santaLucia, { kind: 'FLAG', code: 'SINGLE_BIDDER' });
    const id = await save(santaLucia);
    await alertsSettled(ctx.app);

    const mails = mailsTo('lucia@example.org');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(
      `Vigía: 2 novedades en ${(await ctx.app.deps.organizations.get(santaLucia))!.name}`,
    );
    const { publicUrl } = ctx.app.deps.config;
    const manage = manageToken(contracts.subscriberId);
    expect(mail!.headers['list-unsubscribe']).toBe(`<${publicUrl}/public-api/alerts/unsubscribe/${manage}>`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(`${publicUrl}/alerts/${manage}`);
    expect(mail!.text).toContain('Administrar o dejar de seguir');
    // And a link to the page whose one button unsubscribes (a link is a GET; the header's is a POST).
    expect(mail!.text).toContain(`Dejar de recibir avisos: ${publicUrl}/alerts/unsubscribe/${manage}`);
    expect(mail!.html).toContain(`href="${publicUrl}/alerts/unsubscribe/${manage}"`);
    expect(mail!.text).toContain('Te llega porque sigues: Contratos nuevos.');
    expect(mail!.text).toContain(
      'Te llega porque sigues: Contratos con la señal de alerta «Un solo participante»',
    );
    expect(mail!.text).toContain(`${publicUrl}/contracts/${id}?changeOrganization=${santaLucia}`);
    expect(mail!.text).toContain('Señal «Un solo participante»: Contrato ENV-1');
    expect(mail!.html).toContain(`href="${publicUrl}/contracts/${id}?changeOrganization=${santaLucia}"`);
    expect((await outboxOf(db, contracts.subscriberId)).every((row) => row.sent_at !== null)).toBe(true);
  });

  it('keeps WEEKLY alerts for the digest: one e-mail for several monitors', async () => {
    const { db } = ctx.database;
    const weekly = await createFollow(db, 'semanal@example.org', santaLucia, {
      kind: 'CONTRACTS',
      frequency: 'WEEKLY',
    });
    await createFollow(db, 'semanal@example.org', otherId, { kind: 'CONTRACTS', frequency: 'WEEKLY' });
    await save(santaLucia);
    await save(otherId);
    await save(otherId);
    await alertsSettled(ctx.app);
    expect(mailsTo('semanal@example.org')).toHaveLength(0);
    expect(await alertsOf(db, weekly.subscriberId)).toHaveLength(3);

    const result = await deliverAlerts(ctx.app.deps, { weekly: true });
    expect(result.failure).toBeNull();
    const mails = mailsTo('semanal@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Vigía: 3 novedades en 2 monitores');
    expect(mails[0]!.text.match(/Contrato ENV-/g)).toHaveLength(3);
    // Sent once: the next digest has nothing for the address.
    await deliverAlerts(ctx.app.deps, { weekly: true });
    expect(mailsTo('semanal@example.org')).toHaveLength(1);
  });

  it('delivers every alert exactly once after the mail server refused and recovered', async () => {
    const { db } = ctx.database;
    const follow = await createFollow(db, 'reintento@example.org', otherId, { kind: 'CONTRACTS' });
    smtp.refusing = true;
    const first = await save(otherId);
    const second = await save(otherId);
    // Refused at least once: the rows wait, with the reason and their attempts.
    await until(async () => {
      const rows = await outboxOf(db, follow.subscriberId);
      return (
        (await alertsOf(db, follow.subscriberId)).length === 2 &&
        rows.every((row) => row.attempts > 0 && row.last_error !== null)
      );
    });
    expect(mailsTo('reintento@example.org')).toHaveLength(0);
    smtp.refusing = false;
    // Sent by the next send (asked here rather than waiting for the job's backoff), whatever a
    // retry of the job does meanwhile: a claimed row is no other sender's.
    await Promise.all([
      deliverAlerts(ctx.app.deps, { weekly: false }),
      deliverAlerts(ctx.app.deps, { weekly: false }),
    ]);
    await until(async () => (await outboxOf(db, follow.subscriberId)).every((row) => row.sent_at !== null));
    await alertsSettled(ctx.app);

    const mails = mailsTo('reintento@example.org');
    const told = mails.flatMap((mail) => mail.text.match(/\/contracts\/[0-9a-f-]{36}/g) ?? []);
    expect(told.sort()).toEqual([`/contracts/${first}`, `/contracts/${second}`].sort());
    const rows = await outboxOf(db, follow.subscriberId);
    expect(rows.every((row) => row.sent_at !== null && row.last_error === null)).toBe(true);
  });

  it('queues at most 50 contracts per follow and run, counts the rest in one row, and says so', async () => {
    const { db } = ctx.database;
    const crowded = (await createOrganization(db, { name: `Monitor Muchos ${Date.now()}` })).id;
    const unitId = (await createUnit(db, crowded)).id;
    const confirmedAt = new Date(Date.now() - 60_000).toISOString();
    const created = ITEMS_PER_RUN + 4;
    for (let i = 0; i < created; i++)
      await createContract(db, { organizationId: crowded, unitId, contractNumber: `MUCHOS-${i}` });
    // Every one of them settled (on PostgreSQL another test's open transaction can hold the settled
    // horizon back): then one run sees them all.
    await until(async () => {
      const [row] = await queryRows<{ settled: boolean }>(
        db,
        sql`SELECT bool_and(change_xid < pg_snapshot_xmin(pg_current_snapshot())) AS settled
              FROM contracts WHERE organization_id = ${crowded}`,
      );
      return row?.settled === true;
    });
    // Confirmed a minute ago, looking at every change since then.
    const everything = await createFollow(db, 'todo@example.org', crowded, {
      kind: 'CONTRACTS',
      confirmedAt,
      fromStart: true,
    });
    const another = await createFollow(db, 'otra@example.org', crowded, {
      kind: 'CONTRACTS',
      confirmedAt,
      fromStart: true,
    });
    // A unit's page followed: its '… y N más' opens the list filtered by that unit.
    await createFollow(db, 'unidad@example.org', crowded, {
      kind: 'CONTRACTS',
      filters: { administrativeUnits: [unitId] },
      confirmedAt,
      fromStart: true,
    });
    // One run for both follows of the same target: one list of the newest 50 for both, one outbox
    // row each pointing at it and counting the rest. Two runs at once queue it once.
    await Promise.all([matchChanges(ctx.app.deps, crowded), matchChanges(ctx.app.deps, crowded)]);
    for (const follow of [everything, another]) {
      expect(await outboxOf(db, follow.subscriberId)).toHaveLength(1);
      const told = await alertsOf(db, follow.subscriberId);
      expect(told.filter((item) => item.key.startsWith('contract:'))).toHaveLength(ITEMS_PER_RUN);
      const more = told.filter((item) => item.key === 'more');
      expect(more).toHaveLength(1);
      expect(more[0]!.payload).toMatchObject({ kind: 'MORE', more: created - ITEMS_PER_RUN });
    }
    const [batches] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM alert_batches WHERE organization_id = ${crowded}`,
    );
    // One for the two follows of every contract, one for the unit's page.
    expect(batches!.n).toBe(2);
    // Asked again, nothing more is queued (the cursors moved on).
    await matchChanges(ctx.app.deps, crowded);
    expect(await alertsOf(db, everything.subscriberId)).toHaveLength(ITEMS_PER_RUN + 1);
    await deliverAlerts(ctx.app.deps, { weekly: false });
    const [mail] = mailsTo('todo@example.org');
    expect(mail!.subject).toContain(`${created} contratos nuevos`);
    expect(mail!.text).toContain(`… y ${created - ITEMS_PER_RUN} más`);
    expect(mail!.text.match(/MUCHOS-\d+/g)).toHaveLength(ITEMS_PER_RUN);
    // The rest are in the list as the follow saw it: every contract, or the unit's.
    const listOf = (text: string) => text.match(/… y \d+ más\n {2}(\S+)/)?.[1];
    expect(listOf(mail!.text)).toBe(
      `${ctx.app.deps.config.publicUrl}/contracts?pagina=1&changeOrganization=${crowded}`,
    );
    const [unitMail] = mailsTo('unidad@example.org');
    expect(listOf(unitMail!.text)).toBe(
      `${ctx.app.deps.config.publicUrl}/contracts?unidad=${unitId}&changeOrganization=${crowded}`,
    );
  });

  it('sends nothing to a suspended address, even what was already queued', async () => {
    const { db } = ctx.database;
    const follow = await createFollow(db, 'suspendida@example.org', otherId, { kind: 'CONTRACTS' });
    await db.execute(
      sql`UPDATE alert_subscribers SET suspended_at = now() WHERE id = ${follow.subscriberId}`,
    );
    await db.execute(
      sql`INSERT INTO alert_outbox (subscriber_id, follow_id, organization_id, change_key, payload, frequency)
          VALUES (${follow.subscriberId}, ${follow.followId}, ${otherId}, 'contract:queued-before', '{}'::jsonb, 'IMMEDIATE')`,
    );
    await save(otherId);
    await alertsSettled(ctx.app);
    await deliverAlerts(ctx.app.deps, { weekly: true });
    expect(mailsTo('suspendida@example.org')).toHaveLength(0);
    const rows = await outboxOf(db, follow.subscriberId);
    expect(rows.map((row) => [row.change_key, row.sent_at])).toEqual([['contract:queued-before', null]]);
  });

  it('forgets rows sent more than 400 days ago and the batches nothing points at, nothing pending', async () => {
    const { db } = ctx.database;
    const follow = await createFollow(db, 'antigua@example.org', otherId, { kind: 'CONTRACTS' });
    const [orphan, kept] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO alert_batches (organization_id, payload, created_at)
          VALUES (${otherId}, '{}'::jsonb, now() - interval '2 days'), (${otherId}, '{}'::jsonb, now() - interval '2 days')
          RETURNING id::int AS id`,
    );
    await db.execute(
      sql`INSERT INTO alert_outbox (subscriber_id, follow_id, organization_id, change_key, payload, frequency, sent_at, batch_id)
          VALUES (${follow.subscriberId}, ${follow.followId}, ${otherId}, 'run:viejo', '{}'::jsonb, 'IMMEDIATE',
                  now() - interval '401 days', ${orphan!.id}),
                 (${follow.subscriberId}, ${follow.followId}, ${otherId}, 'run:pendiente', '{}'::jsonb, 'WEEKLY',
                  NULL, ${kept!.id})`,
    );
    await pruneOutbox(db);
    expect((await outboxOf(db, follow.subscriberId)).map((row) => row.change_key)).toEqual(['run:pendiente']);
    const batches = await queryRows<{ id: number }>(
      db,
      sql`SELECT id::int AS id FROM alert_batches WHERE id IN (${orphan!.id}, ${kept!.id})`,
    );
    expect(batches.map((batch) => batch.id)).toEqual([kept!.id]);
  });
});
