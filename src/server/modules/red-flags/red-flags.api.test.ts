import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bearer, createUser, signIn } from '../../test/auth';
import { contractEntry, createOrganization, createSupplier, createUnit } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * The red flags (issue 32) as contracts are saved through the one write path: the flags a row
 * decides are there when the save answers; the monitor-wide ones (a chain of direct awards) once the
 * refresh job ran; near-misses raise nothing; another monitor's contracts are never flagged.
 */
describe('red flags kept by the write path and the refresh job', () => {
  let ctx: TestContext;
  let monitorId: string;
  let otherId: string;
  let token: string;
  let unitId: string;
  let supplierId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    monitorId = (await createOrganization(db)).id;
    otherId = (await createOrganization(db)).id;
    token = await signIn(ctx.app, (await createUser(db, { permissions: ['CONTRACTS'] })).email);
    unitId = (await createUnit(db, monitorId)).id;
    supplierId = (await createSupplier(db, monitorId, { name: 'Papelera del Centro', rfc: 'PCE010101AB1' }))
      .id;
    // The monitor's direct-award limit for 2024 (the administrators' form comes with the rest of the issue).
    await db.execute(
      sql`INSERT INTO red_flag_settings (organization_id, parameters, method_version)
          VALUES (${monitorId}, ${JSON.stringify({ directAwardLimits: { '2024': 100_000 } })}::jsonb, 2)`,
    );
  });
  afterAll(() => ctx.close());

  const save = async (organizationId: string, entry: Record<string, unknown>) => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/contracts/save',
      headers: bearer(token, organizationId),
      payload: entry,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data._id as string;
  };
  const entry = (overrides: Record<string, unknown>) =>
    contractEntry(
      { supplier: supplierId, unit: unitId },
      {
        administrationPeriod: '2024-2027',
        fiscalYear: '2024',
        period: '4o 2024',
        contractDate: '2024-10-02',
        announcementUrl: 'https://example.org/convocatoria.pdf',
        contractUrl: 'https://example.org/contrato.pdf',
        ...overrides,
      },
    );
  const flagsOf = async (contractId: string): Promise<Record<string, Record<string, unknown>>> =>
    Object.fromEntries(
      (
        await queryRows<{ code: string; evidence: Record<string, unknown>; method_version: number }>(
          ctx.database.db,
          sql`SELECT code, evidence, method_version FROM contract_flags WHERE contract_id = ${contractId} ORDER BY code`,
        )
      ).map((row) => [row.code, { ...row.evidence, version: Number(row.method_version) }]),
    );

  it('raises a row’s own flags with the save, with their facts, and nothing on near-misses', async () => {
    const single = await save(
      monitorId,
      entry({ bidders: [{ name: 'Papelera del Centro', rfc: 'PCE010101AB1' }], contractDate: '2024-10-01' }),
    );
    const competed = await save(
      monitorId,
      entry({
        bidders: [
          { name: 'Papelera del Centro', rfc: 'PCE010101AB1' },
          { name: 'Otra Papelera', rfc: 'OPA010101AB1' },
        ],
        contractDate: '2025-10-01',
        fiscalYear: '2025',
      }),
    );
    const flagged = await flagsOf(single);
    expect(Object.keys(flagged)).toEqual(['NON_WORKING_DAY', 'SINGLE_BIDDER']);
    expect(flagged.SINGLE_BIDDER).toEqual({
      bidder: { name: 'Papelera del Centro', rfc: 'PCE010101AB1' },
      version: 2,
    });
    // 1 October 2024: the change of federal executive (LFT art. 74); 1 October 2025 is a Wednesday.
    expect(flagged.NON_WORKING_DAY).toMatchObject({ date: '2024-10-01', kind: 'HOLIDAY' });
    expect(await flagsOf(competed)).toEqual({});
  });

  it('flags a direct award over the limit, but not one equal to it', async () => {
    const over = await save(monitorId, entry({ procedureType: 'NO_BID', totalAmount: 100_000.01 }));
    const equal = await save(monitorId, entry({ procedureType: 'NO_BID', totalAmount: 100_000 }));
    expect((await flagsOf(over)).OVER_DIRECT_AWARD_LIMIT).toMatchObject({
      amount: 100_000.01,
      limit: 100_000,
      fiscalYear: '2024',
    });
    expect((await flagsOf(equal)).OVER_DIRECT_AWARD_LIMIT).toBeUndefined();
  });

  it('flags a chain of direct awards whose sum crosses the limit once the refresh ran: 30 days apart chains, 31 does not', async () => {
    const supplier = (
      await createSupplier(ctx.database.db, monitorId, { name: 'Cadena SA', rfc: 'CAD010101AB1' })
    ).id;
    const award = (date: string, amount: number) =>
      save(
        monitorId,
        contractEntry(
          { supplier, unit: unitId },
          {
            procedureType: 'NO_BID',
            administrationPeriod: '2024-2027',
            fiscalYear: '2024',
            period: '3o 2024',
            contractDate: date,
            totalAmount: amount,
            contractUrl: 'https://example.org/c.pdf',
          },
        ),
      );
    const chain = [
      await award('2024-07-01', 40_000),
      await award('2024-07-31', 35_000),
      await award('2024-08-30', 30_000),
    ];
    // 31 days after the chain's last: a chain of its own, alone.
    const apart = await award('2024-09-30', 90_000);
    await ctx.app.deps.jobs.idle(120_000);
    for (const id of chain) {
      const split = (await flagsOf(id)).SPLIT_DIRECT_AWARDS as unknown as {
        total: number;
        contracts: { id: string }[];
      };
      expect(split).toMatchObject({ total: 105_000, limit: 100_000, windowDays: 30 });
      expect(split.contracts.map((contract) => contract.id)).toEqual(chain);
    }
    expect((await flagsOf(apart)).SPLIT_DIRECT_AWARDS).toBeUndefined();
  });

  it('never flags another monitor’s contracts from this one’s settings or lists', async () => {
    const unit = (await createUnit(ctx.database.db, otherId)).id;
    const supplier = (await createSupplier(ctx.database.db, otherId, { name: 'Ajena', rfc: 'AJE010101AB1' }))
      .id;
    const id = await save(
      otherId,
      contractEntry(
        { supplier, unit },
        {
          procedureType: 'NO_BID',
          fiscalYear: '2024',
          contractDate: '2024-10-02',
          totalAmount: 500_000,
          contractUrl: 'https://example.org/x.pdf',
        },
      ),
    );
    await ctx.app.deps.jobs.idle(120_000);
    // No limit in that monitor: a direct award of any amount is not over it.
    expect(await flagsOf(id)).toEqual({});
  });
});
