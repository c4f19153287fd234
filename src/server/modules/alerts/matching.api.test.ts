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
import { matchChanges, matchNightly } from './matching.service';

/**
 * The alerts' matching (issue 33, decision 0053) after contracts are saved through the write path:
 * a follow gets the new contracts that match its filters (not older ones, not another monitor's,
 * not others), a FLAG follow the contracts that raise its flag, a suspended address nothing; the
 * nightly look tells a missing quarter once, and a move of the index past a follow's threshold.
 */
describe('alerts matching', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let monitorId: string;
  let otherId: string;
  let token: string;
  let unitId: string;
  let otherUnitId: string;
  let supplierX: string;
  let supplierY: string;
  let otherSupplier: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({
      config: { mail: { smtpUrl: smtp.url, from: 'Vigía <no-reply@vigia.test>' } },
    });
    const { db } = ctx.database;
    monitorId = (await createOrganization(db, { name: `Monitor Santa Lucía ${Date.now()}` })).id;
    otherId = (await createOrganization(db)).id;
    token = await signIn(ctx.app, (await createUser(db, { permissions: ['CONTRACTS'] })).email);
    unitId = (await createUnit(db, monitorId)).id;
    otherUnitId = (await createUnit(db, otherId)).id;
    supplierX = (await createSupplier(db, monitorId, { name: 'PAPELERA EQUIS', rfc: 'PEQ010101AB1' })).id;
    supplierY = (await createSupplier(db, monitorId, { name: 'CONSTRUCTORA YE', rfc: 'CYE010101AB1' })).id;
    otherSupplier = (await createSupplier(db, otherId)).id;
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  let number = 0;
  /** Saves a new contract (or, with `edit`, that contract again with another description). */
  const save = async (
    organizationId: string,
    refs: { supplier: string; unit: string },
    single: boolean,
    edit?: { id: string; number: number },
  ) => {
    if (!edit) number += 1;
    const n = edit?.number ?? number;
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/contracts/save',
      headers: bearer(token, organizationId),
      payload: {
        ...(edit ? { _id: edit.id, servicesDescription: `Editado ${Date.now()}` } : {}),
        ...contractEntry(refs, {
          administrationPeriod: '2024-2027',
          fiscalYear: '2024',
          period: '4o 2024',
          contractDate: '2024-10-02',
          contractNumber: `CN-${n}`,
          contractId: `LP-${n}/24`,
          announcementUrl: 'https://example.org/convocatoria.pdf',
          contractUrl: 'https://example.org/contrato.pdf',
          bidders: single
            ? [{ name: 'Uno', rfc: 'UNO010101AB1' }]
            : [
                { name: 'Uno', rfc: 'UNO010101AB1' },
                { name: 'Dos', rfc: 'DOS010101AB1' },
              ],
        }),
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data._id as string;
  };
  const keys = async (subscriberId: string) =>
    (await alertsOf(ctx.database.db, subscriberId)).map((item) => item.key).sort();

  it('queues exactly the new contracts matching each follow, and the ones raising a followed flag', async () => {
    const { db } = ctx.database;
    const older = await save(monitorId, { supplier: supplierX, unit: unitId }, true);
    await alertsSettled(ctx.app);

    const byFilters = await createFollow(db, 'ana@example.org', monitorId, {
      kind: 'CONTRACTS',
      filters: { suppliers: [supplierX] },
      frequency: 'WEEKLY',
    });
    const all = await createFollow(db, 'beto@example.org', monitorId, {
      kind: 'CONTRACTS',
      frequency: 'WEEKLY',
    });
    const flag = await createFollow(db, 'carla@example.org', monitorId, {
      kind: 'FLAG',
      code: 'SINGLE_BIDDER',
      frequency: 'WEEKLY',
    });
    const suspended = await createFollow(db, 'dora@example.org', monitorId, { kind: 'CONTRACTS' });
    await db.execute(
      sql`UPDATE alert_subscribers SET suspended_at = now() WHERE id = ${suspended.subscriberId}`,
    );

    const x = await save(monitorId, { supplier: supplierX, unit: unitId }, true);
    const y = await save(monitorId, { supplier: supplierY, unit: unitId }, false);
    await save(otherId, { supplier: otherSupplier, unit: otherUnitId }, true);
    await alertsSettled(ctx.app);

    expect(await keys(byFilters.subscriberId)).toEqual([`contract:${x}`]);
    expect(await keys(all.subscriberId)).toEqual([`contract:${x}`, `contract:${y}`].sort());
    expect(await keys(flag.subscriberId)).toEqual([`flag:SINGLE_BIDDER:${x}`]);
    expect(await keys(suspended.subscriberId)).toEqual([]);
    expect((await keys(all.subscriberId)).some((key) => key.includes(older))).toBe(false);

    const [row] = await outboxOf(db, byFilters.subscriberId);
    expect(row!.frequency).toBe('WEEKLY');
    const [item] = await alertsOf(db, byFilters.subscriberId);
    expect(item!.payload).toMatchObject({
      contractId: x,
      number: 'CN-2',
      supplier: 'PAPELERA EQUIS',
      link: `${ctx.app.deps.config.publicUrl}/contracts/${x}?changeOrganization=${monitorId}`,
    });
    expect(String(item!.payload.why)).toContain('PAPELERA EQUIS');

    // A later contract matching neither follow adds nothing to them; every cursor moved on.
    await save(monitorId, { supplier: supplierY, unit: unitId }, false);
    await alertsSettled(ctx.app);
    expect(await keys(byFilters.subscriberId)).toEqual([`contract:${x}`]);
    expect(await keys(flag.subscriberId)).toEqual([`flag:SINGLE_BIDDER:${x}`]);
    const cursors = await queryRows<{ moved: boolean }>(
      db,
      sql`SELECT cursor_xid IS NOT NULL AS moved FROM alert_follows WHERE organization_id = ${monitorId}`,
    );
    expect(cursors.every((cursor) => cursor.moved)).toBe(true);
    // WEEKLY rows wait for Monday's digest.
    expect(smtp.messages).toHaveLength(0);

    // An edit of a told contract is not new, and its flag, still raised, is not told again.
    await save(monitorId, { supplier: supplierX, unit: unitId }, true, { id: x, number: 2 });
    await alertsSettled(ctx.app);
    expect(await keys(byFilters.subscriberId)).toEqual([`contract:${x}`]);
    expect(await keys(flag.subscriberId)).toEqual([`flag:SINGLE_BIDDER:${x}`]);
    // A flag raised on a contract that did not change (a recomputation after a rule changed, a
    // chain that a new contract completes) is told to the flag's followers.
    const anyFlag = await createFollow(db, 'gina@example.org', monitorId, { kind: 'FLAG', code: 'ANY' });
    await db.execute(
      sql`INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version)
          VALUES (${older}, ${monitorId}, 'OUTLIER_AMOUNT', '{}'::jsonb, 1)`,
    );
    // (Matched until it is settled: on PostgreSQL another test's transaction may hold the horizon.)
    for (let tries = 0; tries < 100 && (await keys(anyFlag.subscriberId)).length === 0; tries++) {
      await matchChanges(ctx.app.deps, monitorId);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await keys(anyFlag.subscriberId)).toEqual([`flag:OUTLIER_AMOUNT:${older}`]);
    expect(await keys(flag.subscriberId)).toEqual([`flag:SINGLE_BIDDER:${x}`]);
  });

  it('tells once that the last due quarter has no contract (the nightly look)', async () => {
    const { db } = ctx.database;
    const publication = await createFollow(db, 'eva@example.org', otherId, {
      kind: 'PUBLICATION',
      frequency: 'WEEKLY',
      confirmedAt: '2020-01-01T00:00:00Z',
    });
    // Confirmed today: the deadline passed before, nothing to tell.
    const late = await createFollow(db, 'fede@example.org', otherId, {
      kind: 'PUBLICATION',
      frequency: 'WEEKLY',
    });
    await matchNightly(ctx.app.deps, otherId);
    await matchNightly(ctx.app.deps, otherId);
    const rows = await outboxOf(db, publication.subscriberId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.change_key).toMatch(new RegExp(`^publication:${otherId}:[1-4]o \\d{4}$`));
    expect(rows[0]!.payload).toMatchObject({ kind: 'PUBLICATION' });
    expect(await outboxOf(db, late.subscriberId)).toEqual([]);
  });

  it("tells an INDEX follow when the monitor's index moved by more than its threshold (the nightly look)", async () => {
    const { db } = ctx.database;
    // A monitor of its own with enough concluded contracts for an index: 30 direct awards without
    // a procedure number (the factory's), all of the period the index page shows by default.
    const indexId = (await createOrganization(db)).id;
    const unit = (await createUnit(db, indexId)).id;
    const supplier = (await createSupplier(db, indexId, { name: 'OBRAS ZETA', rfc: 'OZE010101AB1' })).id;
    for (let index = 0; index < 30; index++)
      await createContract(db, { organizationId: indexId, unitId: unit, supplierId: supplier });
    const current = async () => {
      const answer = await ctx.app.inject({
        url: `/public-api/comparations/corruption-index?id=${indexId}`,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const data = answer.json().data;
      expect(data.insufficientData).toBe(false);
      return { value: data.corruptionIndex.result as number, period: data.administrationPeriod as string };
    };
    // The reference is kept with two decimals.
    const lastIndex = async (followId: string) => {
      const [row] = await queryRows<{ last_index: number | null }>(
        db,
        sql`SELECT last_index FROM alert_follows WHERE id = ${followId}`,
      );
      return row!.last_index === null ? null : Number(row!.last_index);
    };
    const close = await createFollow(db, 'gil@example.org', indexId, { kind: 'INDEX', threshold: 5 });
    const loose = await createFollow(db, 'hugo@example.org', indexId, { kind: 'INDEX', threshold: 100 });

    // The first night only keeps the value as the reference: nothing is told.
    const before = await current();
    expect((await matchNightly(ctx.app.deps, indexId)).queued).toBe(0);
    expect(await lastIndex(close.followId)).toBeCloseTo(before.value, 1);
    expect(await lastIndex(loose.followId)).toBeCloseTo(before.value, 1);
    expect(await outboxOf(db, close.subscriberId)).toEqual([]);

    // Thirty public tenders with their procedure number, saved through the write path: the index moves.
    const tender = async (count: number) => {
      for (let index = 0; index < count; index++) {
        const answer = await ctx.app.inject({
          method: 'POST',
          url: '/api/contracts/save',
          headers: bearer(token, indexId),
          payload: contractEntry({ supplier, unit }, { contractId: `LP-I${index}-${count}/22` }),
        });
        expect(answer.statusCode, answer.body).toBe(200);
      }
      await alertsSettled(ctx.app);
    };
    await tender(30);
    const after = await current();
    expect(after.period).toBe(before.period);
    expect(Math.abs(after.value - before.value)).toBeGreaterThan(5);
    const moved = await matchNightly(ctx.app.deps, indexId);
    expect(moved.queued).toBe(1);
    const rows = await outboxOf(db, close.subscriberId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.change_key).toMatch(new RegExp(`^index:${indexId}:${before.period}:\\d+\\.\\d+$`));
    expect(rows[0]!.payload).toMatchObject({ kind: 'INDEX', period: before.period });
    expect(Number(rows[0]!.payload.previous)).toBeCloseTo(before.value, 1);
    expect(Number(rows[0]!.payload.value)).toBeCloseTo(after.value, 6);
    // The told value is the new reference; a threshold the move did not pass tells nothing.
    expect(await lastIndex(close.followId)).toBeCloseTo(after.value, 1);
    expect(await outboxOf(db, loose.subscriberId)).toEqual([]);
    expect(await lastIndex(loose.followId)).toBeCloseTo(before.value, 1);

    // One more tender moves it by less than the threshold: nothing more, the reference kept.
    await tender(1);
    const little = await current();
    expect(little.value).not.toBeCloseTo(after.value, 6);
    expect(Math.abs(little.value - after.value)).toBeLessThanOrEqual(5);
    expect((await matchNightly(ctx.app.deps, indexId)).queued).toBe(0);
    expect(await outboxOf(db, close.subscriberId)).toHaveLength(1);
    expect(await lastIndex(close.followId)).toBeCloseTo(after.value, 1);
  });
});
