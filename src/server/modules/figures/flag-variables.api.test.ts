import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAG_VARIABLES } from '../../../shared/calculations/variables';
import type { RedFlagCode } from '../../../shared/red-flags/definitions';
import type { Database } from '../../db/client';
import { calculations, contractFlags } from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
import {
  contractEntry,
  createContract,
  createOrganization,
  createSupplier,
  createUnit,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { PENDING } from '../calculations/index-engine';
import { flagVariableValues } from './flag-variables.queries';

/**
 * The red flags' variables in formulas (issue 32, decision 0052): on two crafted monitors whose
 * flags are known by hand, per flag the counted contracts carrying it and their amount, in the
 * period, under a calculation's filters, for one monitor and for all of them (GENERAL); another
 * monitor's flags and the contracts that do not count are never counted; a save raising a flag
 * shows in the next answer.
 */
describe('flag variables in a formula', () => {
  let ctx: TestContext;
  let db: Database;
  let monitorId: string;
  let otherId: string;
  let token: string;
  const supplierOf: Record<string, string> = {};
  const PERIOD = '2021-2024';

  const flag = (contract: { id: string; organizationId: string }, ...codes: RedFlagCode[]) =>
    db.insert(contractFlags).values(
      codes.map((code) => ({
        contractId: contract.id,
        organizationId: contract.organizationId,
        code,
        evidence: {},
        methodVersion: 1,
      })),
    );

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    monitorId = (await createOrganization(db)).id;
    otherId = (await createOrganization(db)).id;
    token = await signIn(ctx.app, (await createUser(db, { permissions: ['CALCULATIONS'] })).email);
    const unit = (await createUnit(db, monitorId)).id;
    const [a, b] = await Promise.all([createSupplier(db, monitorId), createSupplier(db, monitorId)]);
    Object.assign(supplierOf, { a: a!.id, b: b!.id });
    const contract = (overrides: Partial<Parameters<typeof createContract>[1]>) =>
      createContract(db, { organizationId: monitorId, unitId: unit, ...overrides });
    // The monitor's counted contracts: 3 public tenders, 2 invitations, 2 direct awards ($NTC 7, $NCAD 2).
    const p100 = await contract({ procedureType: 'PUBLIC', totalOrMaxAmount: 100, supplierId: a!.id });
    const p200 = await contract({ procedureType: 'PUBLIC', totalOrMaxAmount: 200, supplierId: b!.id });
    await contract({ procedureType: 'PUBLIC', totalOrMaxAmount: 300 });
    const i400 = await contract({ procedureType: 'INVITATION', totalOrMaxAmount: 400, supplierId: a!.id });
    await contract({ procedureType: 'INVITATION', totalOrMaxAmount: 50 });
    const d1000 = await contract({ procedureType: 'NO_BID', totalOrMaxAmount: 1_000 });
    const d500 = await contract({ procedureType: 'NO_BID', totalOrMaxAmount: 500, supplierId: b!.id });
    await flag(p100, 'SINGLE_BIDDER');
    await flag(p200, 'SINGLE_BIDDER', 'NON_WORKING_DAY');
    await flag(i400, 'SINGLE_BIDDER', 'FEW_INVITED_BIDDERS');
    await flag(d1000, 'SPLIT_DIRECT_AWARDS');
    await flag(d500, 'OVER_DIRECT_AWARD_LIMIT', 'SPLIT_DIRECT_AWARDS');
    // Flagged but not counted: an extension, one in progress, one deleted, one of another period.
    for (const overrides of [
      { category: 'EXTENSION' as const },
      { procedureState: 'IN_PROGRESS' as const },
      { deletedAt: new Date() },
      { administrationPeriod: '2018-2021' },
    ])
      await flag(
        await contract({ procedureType: 'PUBLIC', totalOrMaxAmount: 9_000, ...overrides }),
        'SINGLE_BIDDER',
        'NON_WORKING_DAY',
      );
    // The other monitor: 2 public tenders, one with a single bidder.
    const otherUnit = (await createUnit(db, otherId)).id;
    const theirs = await createContract(db, {
      organizationId: otherId,
      unitId: otherUnit,
      procedureType: 'PUBLIC',
      totalOrMaxAmount: 700,
    });
    await createContract(db, {
      organizationId: otherId,
      unitId: otherUnit,
      procedureType: 'PUBLIC',
      totalOrMaxAmount: 10,
    });
    await flag(theirs, 'SINGLE_BIDDER', 'NON_WORKING_DAY');
  });
  afterAll(() => ctx.close());

  const preview = async (body: object, organizationId = monitorId) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/calculations/formula/validate',
      headers: bearer(token, organizationId),
      payload: { administrationPeriod: PERIOD, ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.error, answer.message).toBe(false);
    return answer.results.value as number | null;
  };
  /** The share of competitive procedures (tenders and invitations) with one bidder. */
  const SHARE = '$NSAUP * 100 / ($NTC - $NCAD)';

  it('counts the contracts with each flag and their amount, in the period, this monitor only', async () => {
    const zero = Object.fromEntries(FLAG_VARIABLES.map((variable) => [variable.abbreviation, 0]));
    expect(
      await flagVariableValues(db, { organizationId: monitorId, administrationPeriod: PERIOD, filters: [] }),
    ).toEqual({
      ...zero,
      $NSAUP: 3,
      $MSAUP: 700,
      $NSADI: 1,
      $MSADI: 200,
      $NSAIMTP: 1,
      $MSAIMTP: 400,
      $NSAPF: 2,
      $MSAPF: 1_500,
      $NSAADEL: 1,
      $MSAADEL: 500,
      // Any flag: each flagged contract once.
      $NSA: 5,
      $MSA: 2_200,
    });
    // Every monitor: the other one's single bidder too.
    expect(
      await flagVariableValues(db, { organizationId: null, administrationPeriod: PERIOD, filters: [] }),
    ).toMatchObject({ $NSAUP: 4, $MSAUP: 1_400, $NSA: 6, $MSA: 2_900, $NSADI: 2 });
    // Every period: the contract of 2018-2021 counts; the extension, the one in progress and the deleted one never.
    expect(
      await flagVariableValues(db, { organizationId: monitorId, administrationPeriod: null, filters: [] }),
    ).toMatchObject({ $NSAUP: 4, $MSAUP: 9_700, $NSA: 6 });
  });

  it('evaluates a formula with flag variables: one monitor, and every monitor (GENERAL)', async () => {
    // 3 single bidders among 5 tenders and invitations.
    expect(await preview({ formula: { expression: SHARE } })).toBe(60);
    expect(await preview({ formula: { expression: '$MSAUP / $MTG * 100' } })).toBeCloseTo(
      (700 / 2_550) * 100,
      9,
    );
    expect(await preview({ formula: { expression: '$NSA + $MSA' } })).toBe(5 + 2_200);
    // Every monitor: 4 of 7 tenders and invitations; asked from the other monitor, the same.
    expect(await preview({ formula: { expression: SHARE }, type: 'GENERAL' })).toBeCloseTo((4 * 100) / 7, 9);
    expect(await preview({ formula: { expression: SHARE }, type: 'GENERAL' }, otherId)).toBeCloseTo(
      (4 * 100) / 7,
      9,
    );
    // The other monitor alone: 1 of 2.
    expect(await preview({ formula: { expression: SHARE } }, otherId)).toBe(50);
  });

  it("applies a calculation's filters to a flag variable", async () => {
    const filter = (variableAbbreviation: string, extra: object) => ({ variableAbbreviation, ...extra });
    const over150 = {
      propertyName: 'totalOrMaxAmount',
      propertyType: 'NUMBER',
      operator: 'GREATER',
      value: '150',
    };
    const ofSupplier = {
      propertyName: 'supplier',
      propertyType: 'REF',
      operator: 'EQUAL',
      onModel: 'Supplier',
      reference: supplierOf.a,
    };
    // Single bidders above 150: 200 and 400; the denominator unfiltered (5).
    expect(await preview({ formula: { expression: SHARE }, filters: [filter('$NSAUP', over150)] })).toBe(
      (2 * 100) / 5,
    );
    // Supplier a: the 100 tender and the 400 invitation.
    expect(
      await preview({
        formula: { expression: '$NSAUP + $MSAUP' },
        filters: [filter('$NSAUP', ofSupplier), filter('$MSAUP', ofSupplier)],
      }),
    ).toBe(2 + 500);
    expect(
      await preview({
        formula: { expression: '$MSA' },
        filters: [filter('$MSA', over150)],
        type: 'GENERAL',
      }),
    ).toBe(200 + 400 + 1_000 + 500 + 700);
  });

  it('shows an indicator using a flag variable on the index page, with the list behind it', async () => {
    await db
      .update(calculations)
      .set({ formula: { expression: `100 - ${SHARE}`, variables: [], calculations: [] } })
      .where(and(eq(calculations.organizationId, monitorId), eq(calculations.abbreviation, '$$I5')));
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/public-api/comparations/corruption-index?id=${monitorId}&administrationPeriod=${PERIOD}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const indicator = response
      .json()
      .data.axes.flatMap((axis: { indicators: { abbreviation: string }[] }) => axis.indicators)
      .find((item: { abbreviation: string }) => item.abbreviation === '$$I5');
    expect(indicator.result).toBe(40);
    expect(indicator.variables).toContainEqual(
      expect.objectContaining({
        abbreviation: '$NSAUP',
        name: 'Número de contratos con la señal «Un solo participante»',
        unit: 'COUNT',
        value: 3,
      }),
    );
    const link = indicator.links.find((item: { abbreviation: string }) => item.abbreviation === '$NSAUP');
    expect(link).toMatchObject({
      list: 'contracts',
      text: 'Ver los contratos con la señal «Un solo participante»',
      filters: { administrationPeriods: [PERIOD], countedOnly: true, redFlags: ['SINGLE_BIDDER'] },
      count: 3,
    });
    // The list behind it lists those three.
    const list = await ctx.app.inject({
      method: 'POST',
      url: '/public-api/contracts/filtered-list?page=1',
      headers: { 'x-current-organization-id': monitorId },
      payload: { filters: link.filters },
    });
    expect(list.json().data.total).toBe(3);
  });

  it('follows the write path: a save raising a flag shows in the next answer', async () => {
    const monitor = (await createOrganization(db)).id;
    const writer = await signIn(ctx.app, (await createUser(db, { permissions: ['CONTRACTS'] })).email);
    const refs = {
      supplier: (await createSupplier(db, monitor, { name: 'Papelera Única', rfc: 'PUN010101AB1' })).id,
      unit: (await createUnit(db, monitor)).id,
    };
    const save = async (bidders: number) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/contracts/save',
        headers: bearer(writer, monitor),
        payload: contractEntry(refs, {
          // Another period: the GENERAL answers above stay as they are.
          administrationPeriod: '2024-2027',
          fiscalYear: '2025',
          period: '1o 2025',
          contractDate: '2025-02-12',
          announcementUrl: 'https://example.org/convocatoria.pdf',
          contractUrl: 'https://example.org/contrato.pdf',
          totalAmount: 1_000,
          bidders: Array.from({ length: bidders }, (_, n) => ({
            name: `Participante ${n}`,
            rfc: `PAR01010${n}AB1`,
          })),
        }),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const formula = { formula: { expression: '$NSAUP * 1000 + $NTC' }, administrationPeriod: '2024-2027' };
    await save(2);
    await save(1);
    expect(await preview(formula, monitor)).toBe(1_000 + 2);
    await save(1);
    expect(await preview(formula, monitor)).toBe(2_000 + 3);
  });
});

describe.skipIf(process.env.TEST_ENGINE === 'postgres')('flag variables on the embedded engine', () => {
  let ctx: TestContext;

  // Answers may be the previous data's, given at once: what a request does not count itself shows.
  beforeAll(async () => {
    ctx = await createTestApp({ config: { resultPreviousAfterMs: 0 } });
  });
  afterAll(() => ctx.close());

  it('counts a formula using a flag variable in the background, like a filtered one', async () => {
    const { db } = ctx.database;
    const monitorId = (await createOrganization(db, { defaultAdministrationPeriod: '2021-2024' })).id;
    const unitId = (await createUnit(db, monitorId)).id;
    for (let n = 0; n < 4; n++) {
      const contract = await createContract(db, {
        organizationId: monitorId,
        unitId,
        procedureType: 'PUBLIC',
      });
      if (n < 3)
        await db.insert(contractFlags).values({
          contractId: contract.id,
          organizationId: monitorId,
          code: 'SINGLE_BIDDER',
          evidence: {},
          methodVersion: 1,
        });
    }
    const token = await signIn(ctx.app, (await createUser(db, { permissions: ['CALCULATIONS'] })).email);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/calculations/save',
      headers: bearer(token, monitorId),
      payload: {
        name: 'Un solo participante',
        description: 'Contratos con un solo participante.',
        type: 'CONTRACT',
        abbreviation: '$$UNO',
        enabled: true,
        displayForm: 'NORMAL',
        hasPercentScale: false,
        scale: [],
        filters: [],
        formula: { expression: '$NSAUP * 100 / $NTC' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const info = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/public-api/comparations/corruption-index',
          headers: { 'x-current-organization-id': monitorId },
        })
      )
        .json()
        .data.calculationsInfo.find((item: { abbreviation: string }) => item.abbreviation === '$$UNO');
    // The first time: being calculated, never a count made while the visitor waits.
    expect(await info()).toMatchObject({ result: null, message: PENDING });
    let answer = await info();
    for (let attempt = 0; attempt < 200 && answer.result === null; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answer = await info();
    }
    expect(answer.result).toBe(75);
  });
});
