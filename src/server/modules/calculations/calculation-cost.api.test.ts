import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COST_MESSAGES,
  filteredVariables,
  MAX_CALCULATIONS,
  MAX_FILTERED_VARIABLES,
} from '../../../shared/calculations/cost';
import { VARIABLES } from '../../../shared/calculations/variables';
import { queryRows } from '../../db/client';
import { bearer, createUser, signIn } from '../../test/auth';
import { createContract, seedGeneratedMonitor } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { PENDING } from './index-engine';

/**
 * What one monitor's calculations may cost (issue 27): the save refuses, naming the bound, more
 * calculations or more variables with filters (each one a count over every contract after each
 * data change) than shared/calculations/cost.ts allows; and on the embedded engine a visitor never
 * waits for those counts: the index page gets the previous data's answer, or the first time says
 * which results are being calculated, while they are counted in the background.
 */
describe('the cost of a monitor’s calculations', () => {
  let ctx: TestContext;
  let monitorId: string;
  let supplierId: string;
  let period: string;
  let token: string;

  beforeAll(async () => {
    // Answers may be the previous data's, given at once (unlike the other API tests, which always
    // wait): what a request does not count itself shows.
    ctx = await createTestApp({ config: { resultPreviousAfterMs: 0 } });
    const { db } = ctx.database;
    const seeded = await seedGeneratedMonitor(db, { contracts: 300, suppliers: 12 });
    monitorId = seeded.organization.id;
    const [row] = await queryRows<{ period: string; supplier: string }>(
      db,
      sql`SELECT administration_period AS period, supplier_id AS supplier FROM contracts
          WHERE organization_id = ${monitorId} AND counts_in_totals AND supplier_id IS NOT NULL
          GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
    );
    period = row!.period;
    supplierId = row!.supplier;
    await db.execute(
      sql`UPDATE organizations SET default_administration_period = ${period} WHERE id = ${monitorId}`,
    );
    const admin = await createUser(db, { permissions: ['CALCULATIONS'] });
    token = await signIn(ctx.app, admin.email);
  });
  afterAll(() => ctx.close());

  const save = (body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/calculations/save',
      headers: bearer(token, monitorId),
      payload: body,
    });
  const total = async () =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/calculations/list?limit=100',
        headers: bearer(token, monitorId),
      })
    ).json().data.total as number;
  const amountOver = (variable: string, value: number) => ({
    variableAbbreviation: variable,
    propertyName: 'totalOrMaxAmount',
    operator: 'GREATER',
    value: String(value),
  });
  const calculation = (abbreviation: string, expression: string, filters: object[] = []) => ({
    name: `Cálculo ${abbreviation}`,
    description: 'Un cálculo de prueba.',
    type: 'CONTRACT',
    abbreviation,
    enabled: true,
    displayForm: 'NORMAL',
    hasPercentScale: false,
    scale: [],
    filters,
    formula: { expression },
  });
  const index = async () =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/public-api/comparations/corruption-index',
        headers: { 'x-current-organization-id': monitorId },
      })
    ).json().data as {
      calculationsInfo: { abbreviation: string; result: number | null; message?: string }[];
      corruptionIndex: { result: number | null };
    };
  const infoOf = async (abbreviation: string) =>
    (await index()).calculationsInfo.find((item) => item.abbreviation === abbreviation)!;
  /** Asks the page until `abbreviation` has a result (the background's count is done). */
  const settled = async (abbreviation: string) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const info = await infoOf(abbreviation);
      if (info.result !== null) return info;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${abbreviation} never got a result`);
  };
  const supplierContracts = async () =>
    Number(
      (
        await queryRows<{ count: string }>(
          ctx.database.db,
          sql`SELECT count(*) AS count FROM contracts WHERE organization_id = ${monitorId}
              AND administration_period = ${period} AND supplier_id = ${supplierId}
              AND counts_in_totals AND deleted_at IS NULL`,
        )
      )[0]!.count,
    );

  it.skipIf(process.env.TEST_ENGINE === 'postgres')(
    'on the embedded engine, counts the filtered variables in the background: a visitor gets the previous answer after a data change',
    async () => {
      const saved = await save(
        calculation('$$PROVA', '$NTC', [
          {
            variableAbbreviation: '$NTC',
            propertyName: 'supplier',
            operator: 'EQUAL',
            onModel: 'Supplier',
            reference: supplierId,
          },
        ]),
      );
      expect(saved.statusCode).toBe(200);
      // The first time there is no previous answer: the index (no filters) is there, the filtered
      // calculation says it is being calculated instead of making the visitor wait for it.
      const first = await index();
      expect(first.corruptionIndex.result).not.toBeNull();
      expect(first.calculationsInfo.find((item) => item.abbreviation === '$$PROVA')).toMatchObject({
        result: null,
        message: PENDING,
      });
      const before = await supplierContracts();
      expect((await settled('$$PROVA')).result).toBe(before);

      // A data change: the next visitor gets the previous data's answer, not a count made for them…
      const { db } = ctx.database;
      const [unit] = await queryRows<{ id: string }>(
        db,
        sql`SELECT organizer_administrative_unit_id AS id FROM contracts WHERE organization_id = ${monitorId} LIMIT 1`,
      );
      await createContract(db, {
        organizationId: monitorId,
        unitId: unit!.id,
        supplierId,
        administrationPeriod: period,
        procedureType: 'PUBLIC',
      });
      expect(await supplierContracts()).toBe(before + 1);
      expect((await infoOf('$$PROVA')).result).toBe(before);
      // …and the new count once the background has made it.
      for (let attempt = 0; attempt < 200 && (await infoOf('$$PROVA')).result === before; attempt++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect((await infoOf('$$PROVA')).result).toBe(before + 1);
    },
  );

  /** The filter of $$PROVA (the same variable with the same filters counts once toward the bound). */
  const ofSupplier = () => [
    {
      variableAbbreviation: '$NTC',
      propertyName: 'supplier',
      operator: 'EQUAL',
      onModel: 'Supplier',
      reference: supplierId,
    },
  ];

  it.skipIf(process.env.TEST_ENGINE === 'postgres')(
    'on the embedded engine, the index download right after a start has the counted value, not "being calculated"',
    async () => {
      // A start: nothing computed is kept (the result cache is in the process).
      ctx.app.deps.cache.clear();
      const download = await ctx.app.inject({
        method: 'GET',
        url: `/public-api/comparations/download/json/${monitorId}`,
      });
      expect(download.statusCode).toBe(200);
      const data = download.json().corruptionIndex as Awaited<ReturnType<typeof index>>;
      expect(data.calculationsInfo.find((item) => item.abbreviation === '$$PROVA')).toEqual(
        expect.objectContaining({ result: await supplierContracts() }),
      );
      expect(download.body).not.toContain(PENDING);
    },
  );

  it.skipIf(process.env.TEST_ENGINE === 'postgres')(
    'on the embedded engine, a new filtered calculation: the side another server reads and the comparison download have its count',
    async () => {
      expect((await save(calculation('$$OTRO', '$NTC * 2', ofSupplier()))).statusCode).toBe(200);
      const expected = 2 * (await supplierContracts());
      const detail = (headers: Record<string, string>) =>
        ctx.app.inject({ method: 'GET', url: `/public-api/comparations/detail/?id=${monitorId}`, headers });
      const resultIn = (side: { calculationsInfo: { name: string; result: number | null }[] }) =>
        side.calculationsInfo.find((item) => item.name === 'Cálculo $$OTRO')?.result;
      // The monitor's own comparison page (a visitor, who names the monitor) has it, never the
      // previous list of calculations, but does not wait for its count…
      const visitor = await detail({ 'x-current-organization-id': monitorId });
      expect(resultIn(visitor.json().data)).toBeNull();
      // …another server (its guarded client names no monitor of ours), which keeps the side, does.
      const peer = await detail({});
      expect(peer.statusCode).toBe(200);
      expect(resultIn(peer.json().data)).toBe(expected);

      expect((await save(calculation('$$TERCERO', '$NTC * 3', ofSupplier()))).statusCode).toBe(200);
      const comparison = await ctx.app.inject({
        method: 'GET',
        url: `/public-api/comparations/download-comparison/json/${monitorId}?organization=${monitorId}`,
      });
      expect(comparison.statusCode).toBe(200);
      const third = (side: { calculationsInfo: { name: string; result: number | null }[] }) =>
        side.calculationsInfo.find((item) => item.name === 'Cálculo $$TERCERO')?.result;
      expect(third(comparison.json().detailLeft)).toBe(3 * (await supplierContracts()));
      expect(third(comparison.json().detailRight)).toBe(3 * (await supplierContracts()));
    },
  );

  it(`refuses a save past ${MAX_FILTERED_VARIABLES} variables with filters in the monitor (422, the bound named)`, async () => {
    const count = await total();
    // One calculation filtering 19 variables (one count over the contracts each): accepted.
    const nineteen = VARIABLES.slice(0, 19).map((variable) => variable.abbreviation);
    const wide = await save(
      calculation(
        '$$ANCHO',
        nineteen.join(' + '),
        nineteen.map((variable) => amountOver(variable, 10)),
      ),
    );
    expect(wide.statusCode).toBe(200);
    const existing = (await filteredNow()) - 19;
    // Two more variables filtered would pass the bound: refused, nothing saved.
    const refused = await save(
      calculation('$$MAS', '$NTC + $MTG', [amountOver('$NTC', 5), amountOver('$MTG', 5)]),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(COST_MESSAGES.filteredVariables(existing + 19 + 2));
    expect(refused.json().message).toContain(`como máximo ${MAX_FILTERED_VARIABLES} variables`);
    expect(await total()).toBe(count + 1);
    // The same filters as a variable already counted add no count: accepted.
    const same = await save(calculation('$$IGUAL', '$NTC', [amountOver('$NTC', 10)]));
    expect(same.statusCode).toBe(200);
    // Editing the wide one to filter fewer variables makes room.
    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/calculations/list?limit=100',
        headers: bearer(token, monitorId),
      })
    ).json().data.docs as { _id: string; abbreviation: string }[];
    const wideId = list.find((doc) => doc.abbreviation === '$$ANCHO')!._id;
    const narrower = await save({
      ...calculation('$$ANCHO', nineteen.join(' + '), [amountOver('$NTC', 10)]),
      _id: wideId,
    });
    expect(narrower.statusCode).toBe(200);
    expect(
      (await save(calculation('$$MAS', '$NTC + $MTG', [amountOver('$NTC', 5), amountOver('$MTG', 5)])))
        .statusCode,
    ).toBe(200);
  });

  it(`refuses a monitor's calculation number ${MAX_CALCULATIONS + 1} (422, the bound named)`, async () => {
    const count = await total();
    for (let n = count; n < MAX_CALCULATIONS; n++)
      expect((await save(calculation(`$$N${n}`, '$NTC + 1'))).statusCode).toBe(200);
    const refused = await save(calculation('$$UNOMAS', '$NTC + 1'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(COST_MESSAGES.calculations(MAX_CALCULATIONS + 1));
    expect(await total()).toBe(MAX_CALCULATIONS);
  });

  /** The monitor's variables with filters now, as the bound counts them. */
  async function filteredNow(): Promise<number> {
    const rows = await queryRows<{
      type: 'GENERAL' | 'CONTRACT';
      filters: { variableAbbreviation: string }[];
    }>(
      ctx.database.db,
      sql`SELECT type, filters FROM calculations WHERE organization_id = ${monitorId} AND deleted_at IS NULL`,
    );
    return filteredVariables(rows as never);
  }
});
