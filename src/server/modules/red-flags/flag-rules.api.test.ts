import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RED_FLAG_PARAMETERS } from '../../../shared/red-flags/definitions';
import { HOLIDAY_NAMES } from '../../../shared/red-flags/sentence-values';
import { UNEVALUATED_REASONS } from '../../../shared/red-flags/sentences';
import { queryRows } from '../../db/client';
import { bearer, createUser, signIn } from '../../test/auth';
import { multipart } from '../../test/data-load-rows';
import { contractEntry, createOrganization, createSupplier, createUnit } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { refreshMonitorFlags } from './red-flags.service';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures/sat');

type Evidence = Record<string, unknown>;
interface Detail {
  flags: { code: string; sentence: string; evidence: Evidence }[];
  unevaluated: { code: string; reason: string }[];
}

/**
 * Each red flag against the reference's rules (red-flags.md, decision 0052) on a crafted monitor of
 * its own (counts-based flags are never disturbed by another test's contracts), on both engines:
 * a case that fires, with the facts that raised it, and the near-misses that must not, at every
 * boundary the rules draw. Contracts go through the one write path (POST /api/contracts/save); the
 * monitor-wide flags are read once the refresh job ran.
 */
describe('each red flag fires exactly where the rules say, and not on near-misses', {
  timeout: 300_000,
}, () => {
  let ctx: TestContext;
  let token: string;
  let general: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    token = await signIn(ctx.app, (await createUser(db, { permissions: ['CONTRACTS'] })).email);
    general = await signIn(ctx.app, (await createUser(db, { administratorType: 'GENERAL' })).email);
  }, 120_000);
  afterAll(() => ctx.close());

  /** A monitor of its own, with one convening unit. */
  const newMonitor = async () => {
    const { db } = ctx.database;
    const id = (await createOrganization(db)).id;
    const unit = (await createUnit(db, id)).id;
    return { id, unit };
  };
  const supplier = async (monitorId: string, name: string, rfc: string | null) =>
    (await createSupplier(ctx.database.db, monitorId, { name, rfc })).id;
  const save = async (monitorId: string, entry: Record<string, unknown>) => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/contracts/save',
      headers: bearer(token, monitorId),
      payload: entry,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data._id as string;
  };
  /** A concluded public tender of 2024's last quarter with both documents linked, and `overrides`. */
  const entry = (refs: { supplier: string; unit: string }, overrides: Record<string, unknown> = {}) =>
    contractEntry(refs, {
      administrationPeriod: '2024-2027',
      fiscalYear: '2024',
      period: '4o 2024',
      contractDate: '2024-10-02',
      announcementUrl: 'https://example.org/convocatoria.pdf',
      contractUrl: 'https://example.org/contrato.pdf',
      ...overrides,
    });
  const flagsOf = async (contractId: string): Promise<Record<string, Evidence>> =>
    Object.fromEntries(
      (
        await queryRows<{ code: string; evidence: Evidence }>(
          ctx.database.db,
          sql`SELECT code, evidence FROM contract_flags WHERE contract_id = ${contractId} ORDER BY code`,
        )
      ).map((row) => [row.code, row.evidence]),
    );
  const detail = async (id: string, monitorId: string): Promise<Detail> => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/public-api/contracts/detail?id=${id}`,
      headers: { 'x-current-organization-id': monitorId },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as Detail;
  };
  const unevaluatedCodes = async (id: string, monitorId: string) =>
    (await detail(id, monitorId)).unevaluated.map((flag) => flag.code);
  /** The monitor-wide flags (chains, shares, fences, shared RFCs) once every queued refresh ran. */
  const refreshed = () => ctx.app.deps.jobs.idle(120_000);

  it('uses the reference’s defaults for the parameters these boundaries are drawn at', () => {
    expect(DEFAULT_RED_FLAG_PARAMETERS).toMatchObject({
      concentrationShare: 0.4,
      concentrationMinContracts: 5,
      outlierFactor: 3,
      outlierMinContracts: 20,
    });
  });

  describe('SINGLE_BIDDER: bidders unknown, exactly one, two', () => {
    it('flags exactly one recorded bidder of a tender or an invitation; none recorded is ‘sin datos’', async () => {
      const monitor = await newMonitor();
      const refs = {
        supplier: await supplier(monitor.id, 'Papelera Única', 'PUN010101AB1'),
        unit: monitor.unit,
      };
      const unknown = await save(monitor.id, entry(refs));
      const one = await save(
        monitor.id,
        entry(refs, { bidders: [{ name: 'Papelera Única', rfc: 'PUN010101AB1' }] }),
      );
      const oneWithoutRfc = await save(monitor.id, entry(refs, { bidders: [{ name: 'Papelera Única' }] }));
      const two = await save(
        monitor.id,
        entry(refs, {
          bidders: [
            { name: 'Papelera Única', rfc: 'PUN010101AB1' },
            { name: 'Otra Papelera', rfc: 'OPA010101AB1' },
          ],
        }),
      );
      const directAward = await save(
        monitor.id,
        entry(refs, { procedureType: 'NO_BID', bidders: [{ name: 'Papelera Única', rfc: 'PUN010101AB1' }] }),
      );

      expect((await flagsOf(one)).SINGLE_BIDDER).toEqual({
        bidder: { name: 'Papelera Única', rfc: 'PUN010101AB1' },
      });
      expect((await flagsOf(oneWithoutRfc)).SINGLE_BIDDER).toEqual({
        bidder: { name: 'Papelera Única', rfc: null },
      });
      const page = await detail(one, monitor.id);
      expect(page.flags.find((flag) => flag.code === 'SINGLE_BIDDER')?.sentence).toBe(
        'Solo participó Papelera Única (RFC PUN010101AB1) en el procedimiento.',
      );
      expect(page.unevaluated.map((flag) => flag.code)).not.toContain('SINGLE_BIDDER');
      // Two bidders: competed. A direct award has no competition to count.
      expect((await flagsOf(two)).SINGLE_BIDDER).toBeUndefined();
      expect(await unevaluatedCodes(two, monitor.id)).not.toContain('SINGLE_BIDDER');
      expect((await flagsOf(directAward)).SINGLE_BIDDER).toBeUndefined();
      expect(await unevaluatedCodes(directAward, monitor.id)).not.toContain('SINGLE_BIDDER');
      // No bidders recorded: not raised, and listed as not evaluated with why.
      expect((await flagsOf(unknown)).SINGLE_BIDDER).toBeUndefined();
      const unknownPage = await detail(unknown, monitor.id);
      expect(unknownPage.unevaluated).toContainEqual(
        expect.objectContaining({ code: 'SINGLE_BIDDER', reason: UNEVALUATED_REASONS.noBidders }),
      );
      // A public tender is no invitation: the invitation's flag does not apply to it.
      expect(unknownPage.unevaluated.map((flag) => flag.code)).not.toContain('FEW_INVITED_BIDDERS');
    });
  });

  describe('FEW_INVITED_BIDDERS: an invitation with one or two recorded bidders', () => {
    it('flags an invitation with two or one bidders, not with three, not a tender, and says ‘sin datos’ with none', async () => {
      const monitor = await newMonitor();
      const refs = {
        supplier: await supplier(monitor.id, 'Invitada Uno, S.A. de C.V.', 'IUN020202AB1'),
        unit: monitor.unit,
      };
      const bidders = [
        { name: 'Invitada Uno, S.A. de C.V.', rfc: 'IUN020202AB1' },
        { name: 'Invitada Dos', rfc: 'IDO020202AB1' },
        { name: 'Invitada Tres', rfc: null },
      ];
      const invitation = (overrides: Record<string, unknown>) =>
        entry(refs, { procedureType: 'INVITATION', contractId: 'IR-001/24', ...overrides });
      // Three invited, two bid: the rule counts who bid.
      const two = await save(monitor.id, invitation({ bidders: bidders.slice(0, 2), invited: bidders }));
      const one = await save(monitor.id, invitation({ bidders: bidders.slice(0, 1) }));
      const three = await save(monitor.id, invitation({ bidders }));
      const none = await save(monitor.id, invitation({ invited: bidders }));
      const tender = await save(monitor.id, entry(refs, { bidders: bidders.slice(0, 2) }));

      expect((await flagsOf(two)).FEW_INVITED_BIDDERS).toEqual({
        count: 2,
        bidders: [
          { name: 'Invitada Uno, S.A. de C.V.', rfc: 'IUN020202AB1' },
          { name: 'Invitada Dos', rfc: 'IDO020202AB1' },
        ],
      });
      expect((await flagsOf(two)).SINGLE_BIDDER).toBeUndefined();
      expect(
        (await detail(two, monitor.id)).flags.find((f) => f.code === 'FEW_INVITED_BIDDERS')?.sentence,
      ).toBe(
        'Solo Invitada Uno, S.A. de C.V. (RFC IUN020202AB1) y Invitada Dos (RFC IDO020202AB1) se registraron como participantes en la invitación a cuando menos tres personas.',
      );
      // One bidder: both the invitation's flag and the single bidder's.
      const single = await flagsOf(one);
      expect(single.FEW_INVITED_BIDDERS).toMatchObject({ count: 1 });
      expect(single.SINGLE_BIDDER).toMatchObject({ bidder: { rfc: 'IUN020202AB1' } });
      // Exactly enough, and a public tender of two: neither.
      expect((await flagsOf(three)).FEW_INVITED_BIDDERS).toBeUndefined();
      expect((await flagsOf(tender)).FEW_INVITED_BIDDERS).toBeUndefined();
      // None recorded (invited is not bid): not raised, not evaluated.
      expect((await flagsOf(none)).FEW_INVITED_BIDDERS).toBeUndefined();
      const codes = await unevaluatedCodes(none, monitor.id);
      expect(codes).toContain('FEW_INVITED_BIDDERS');
      expect(codes).toContain('SINGLE_BIDDER');
      expect(await unevaluatedCodes(three, monitor.id)).not.toContain('FEW_INVITED_BIDDERS');
    });
  });

  describe('SUPPLIER_CONCENTRATION: more than the share of a unit’s direct-award money, with enough contracts', () => {
    it('flags a cent over 40 %, not exactly 40 %, not a unit with 4 direct awards; only concluded direct awards of the period count', async () => {
      const monitor = await newMonitor();
      const { db } = ctx.database;
      const [over, at, few] = [
        monitor.unit,
        (await createUnit(db, monitor.id)).id,
        (await createUnit(db, monitor.id)).id,
      ];
      const big = await supplier(monitor.id, 'Concentrada, S.A. de C.V.', 'CON030303AB1');
      const others = [
        await supplier(monitor.id, 'Proveedora B', 'PRB030303AB1'),
        await supplier(monitor.id, 'Proveedora C', 'PRC030303AB1'),
        await supplier(monitor.id, 'Proveedora D', 'PRD030303AB1'),
      ];
      const award = (
        unit: string,
        supplierId: string,
        amount: number,
        overrides: Record<string, unknown> = {},
      ) =>
        save(
          monitor.id,
          entry(
            { supplier: supplierId, unit },
            { procedureType: 'NO_BID', totalAmount: amount, ...overrides },
          ),
        );

      // A cent over: 40,000.01 of 100,000.01 in five direct awards.
      const overBig = [await award(over, big, 20_000.01), await award(over, big, 20_000)];
      const overOthers = [
        await award(over, others[0]!, 20_000),
        await award(over, others[1]!, 20_000),
        await award(over, others[2]!, 20_000),
      ];
      // A public tender of the unit is not direct-award money: counted, it would dilute the share.
      const tender = await award(over, others[0]!, 1_000_000, { procedureType: 'PUBLIC' });

      // Exactly 40 %: 40,000 of 100,000. A direct award still in progress and one of another
      // administration would each push it over if they were counted.
      const atBig = [await award(at, big, 25_000), await award(at, big, 15_000)];
      await award(at, others[0]!, 20_000);
      await award(at, others[1]!, 20_000);
      await award(at, others[2]!, 20_000);
      const inProgress = await award(at, big, 5_000, { procedureState: 'IN_PROGRESS' });
      const earlier = await award(at, big, 50_000, {
        administrationPeriod: '2021-2024',
        fiscalYear: '2023',
        period: '4o 2023',
        contractDate: '2023-10-02',
      });

      // Four direct awards, all to one supplier: the unit has too few to evaluate.
      const fewBig = [
        await award(few, big, 10_000),
        await award(few, big, 10_000),
        await award(few, big, 10_000),
        await award(few, big, 10_000),
      ];
      await refreshed();

      for (const id of overBig)
        expect((await flagsOf(id)).SUPPLIER_CONCENTRATION).toEqual({
          share: 0.4,
          supplierAmount: 40_000.01,
          supplierContracts: 2,
          unitAmount: 100_000.01,
          unitContracts: 5,
          administrationPeriod: '2024-2027',
          threshold: 0.4,
        });
      for (const id of [...overOthers, tender])
        expect((await flagsOf(id)).SUPPLIER_CONCENTRATION).toBeUndefined();
      for (const id of [...atBig, inProgress, earlier])
        expect((await flagsOf(id)).SUPPLIER_CONCENTRATION).toBeUndefined();
      for (const id of fewBig) expect((await flagsOf(id)).SUPPLIER_CONCENTRATION).toBeUndefined();

      // The fifth direct award of the unit: now evaluated, and 40,000 of 41,000 is concentrated.
      const fifth = await award(few, others[0]!, 1_000);
      await refreshed();
      for (const id of fewBig)
        expect((await flagsOf(id)).SUPPLIER_CONCENTRATION).toMatchObject({
          supplierAmount: 40_000,
          supplierContracts: 4,
          unitAmount: 41_000,
          unitContracts: 5,
        });
      expect((await flagsOf(fifth)).SUPPLIER_CONCENTRATION).toBeUndefined();
    });
  });

  describe('OUTLIER_AMOUNT: above Q3 + 3 × IQR of at least 20 comparable contracts', () => {
    it('evaluates nothing with 19 comparable contracts; with 20, flags a cent above the fence and not the amount at it', async () => {
      const monitor = await newMonitor();
      const refs = { supplier: await supplier(monitor.id, 'Atípica', 'ATI040404AB1'), unit: monitor.unit };
      const contract = (amount: number, overrides: Record<string, unknown> = {}) =>
        save(monitor.id, entry(refs, { totalAmount: amount, ...overrides }));
      // Sorted, the 20 amounts put 100,000 at the 5th and 6th places (Q1 = 100,000 by
      // percentile_cont) and 200,000.05 at the 15th and 16th (Q3): the fence is
      // 200,000.05 + 3 × 100,000.05 = 500,000.20, with cents, as amounts have.
      const usual = [
        50_000, 60_000, 70_000, 80_000, 100_000, 100_000, 120_000, 130_000, 140_000, 150_000, 160_000,
        170_000, 180_000, 190_000, 200_000.05, 200_000.05, 210_000, 220_000,
      ];
      for (const amount of usual) await contract(amount);
      const above = await contract(500_000.21);
      // Comparable by procedure type and category only when counted: in progress, another category
      // or another procedure type does not make the 20th.
      const inProgress = await contract(300_000, { procedureState: 'IN_PROGRESS' });
      const services = await contract(9_000_000, { category: 'SERVICES' });
      const invitation = await contract(9_000_000, { procedureType: 'INVITATION' });
      await refreshed();
      // 19 comparable contracts: 500,000.21 is above their own fence (480,000.10) but not evaluated.
      expect((await flagsOf(above)).OUTLIER_AMOUNT).toBeUndefined();
      for (const id of [inProgress, services, invitation])
        expect((await flagsOf(id)).OUTLIER_AMOUNT).toBeUndefined();

      // The 20th, at the fence exactly.
      const atFence = await contract(500_000.2);
      await refreshed();
      expect((await flagsOf(above)).OUTLIER_AMOUNT).toEqual({
        amount: 500_000.21,
        fence: 500_000.2,
        q1: 100_000,
        q3: 200_000.05,
        factor: 3,
        contracts: 20,
        category: 'ACQUISITION',
        procedureType: 'PUBLIC',
      });
      // At the fence is not above it.
      expect((await flagsOf(atFence)).OUTLIER_AMOUNT).toBeUndefined();
      const [{ n: flagged } = { n: 0 }] = await queryRows<{ n: number | string }>(
        ctx.database.db,
        sql`SELECT count(*) AS n FROM contract_flags WHERE organization_id = ${monitor.id} AND code = 'OUTLIER_AMOUNT'`,
      );
      expect(Number(flagged)).toBe(1);
      const sentence = (await detail(above, monitor.id)).flags.find(
        (f) => f.code === 'OUTLIER_AMOUNT',
      )?.sentence;
      expect(sentence).toMatch(/500,000\.21/);
      expect(sentence).toMatch(/500,000\.20/);
      expect(sentence).toMatch(/ 20 contratos/);
    });
  });

  describe('SHARED_RFC: one RFC published under names that normalise differently', () => {
    it('flags an RFC a bidder or an invited supplier published under another name, not the same name written otherwise, nor another monitor’s', async () => {
      const monitor = await newMonitor();
      const other = await newMonitor();
      const avila = await supplier(monitor.id, 'Constructora Ávila, S.A. de C.V.', 'CAV050505AB1');
      const norte = await supplier(
        monitor.id,
        'Servicios Integrales del Norte, S. de R.L. de C.V.',
        'SIN050505AB1',
      );
      const agora = await supplier(monitor.id, 'Inmobiliaria Ágora, S.A.P.I. de C.V.', 'IAG050505AB1');
      const tercera = await supplier(monitor.id, 'Tercera Empresa', 'TER050505AB1');
      // The same name, written with and without accents, capitals, punctuation and its legal form,
      // and its RFC in lower case with spaces: one name.
      const sameName = await save(
        monitor.id,
        entry(
          { supplier: avila, unit: monitor.unit },
          {
            bidders: [
              { name: 'CONSTRUCTORA AVILA SA DE CV', rfc: 'CAV050505AB1' },
              { name: 'constructora ávila', rfc: ' cav050505ab1 ' },
            ],
            invited: [{ name: 'Constructora  Avila S. A. de C. V.', rfc: 'CAV050505AB1' }],
          },
        ),
      );
      // Other legal forms, and an Ñ written as N: still one name each.
      const delta = await supplier(monitor.id, 'Grupo Delta, S.A.B. de C.V.', 'GDE050505AB1');
      const nunez = await supplier(monitor.id, 'Construcciones Núñez, S.C. de R.L. de C.V.', 'CNU050505AB1');
      const otherForms = await save(
        monitor.id,
        entry(
          { supplier: delta, unit: monitor.unit },
          {
            bidders: [
              { name: 'GRUPO DELTA', rfc: 'GDE050505AB1' },
              { name: 'Construcciones Nunez', rfc: 'CNU050505AB1' },
            ],
          },
        ),
      );
      const nunezContract = await save(monitor.id, entry({ supplier: nunez, unit: monitor.unit }));
      const agoraContract = await save(
        monitor.id,
        entry(
          { supplier: agora, unit: monitor.unit },
          { bidders: [{ name: 'INMOBILIARIA AGORA', rfc: 'IAG050505AB1' }] },
        ),
      );
      // Another monitor publishes CAV050505AB1 under another name: says nothing of this one.
      const elsewhere = await supplier(other.id, 'Ávila Hermanos Distribuidores', 'CAV050505AB1');
      await save(other.id, entry({ supplier: elsewhere, unit: other.unit }));
      // The supplier's RFC published by a bidder of another contract under another name.
      const norteContract = await save(monitor.id, entry({ supplier: norte, unit: monitor.unit }));
      const witness = await save(
        monitor.id,
        entry(
          { supplier: tercera, unit: monitor.unit },
          {
            bidders: [
              { name: 'Tercera Empresa', rfc: 'TER050505AB1' },
              { name: 'Grupo Comercial Delta, S.C.', rfc: 'SIN050505AB1' },
            ],
          },
        ),
      );
      // An RFC an invited supplier published under another name.
      const invitedSupplier = await supplier(monitor.id, 'Distribuidora Eme', 'DEM050505AB1');
      const invitedContract = await save(
        monitor.id,
        entry({ supplier: invitedSupplier, unit: monitor.unit }),
      );
      await save(
        monitor.id,
        entry(
          { supplier: tercera, unit: monitor.unit },
          { procedureType: 'INVITATION', invited: [{ name: 'Comercializadora Ele', rfc: 'DEM050505AB1' }] },
        ),
      );
      await refreshed();

      const shared = (await flagsOf(norteContract)).SHARED_RFC as { rfc: string; names: string[] };
      expect(shared.rfc).toBe('SIN050505AB1');
      expect([...shared.names].sort()).toEqual([
        'Grupo Comercial Delta, S.C.',
        'Servicios Integrales del Norte, S. de R.L. de C.V.',
      ]);
      expect(
        (await detail(norteContract, monitor.id)).flags.find((f) => f.code === 'SHARED_RFC')?.sentence,
      ).toMatch(/El RFC SIN050505AB1 aparece en este monitor con dos nombres distintos/);
      expect((await flagsOf(invitedContract)).SHARED_RFC).toMatchObject({ rfc: 'DEM050505AB1' });
      // The contract where the other name appeared is of another supplier, whose RFC is not shared.
      expect((await flagsOf(witness)).SHARED_RFC).toBeUndefined();
      expect((await flagsOf(sameName)).SHARED_RFC).toBeUndefined();
      expect((await flagsOf(otherForms)).SHARED_RFC).toBeUndefined();
      expect((await flagsOf(nunezContract)).SHARED_RFC).toBeUndefined();
      expect((await flagsOf(agoraContract)).SHARED_RFC).toBeUndefined();
    });
  });

  describe('INVALID_RFC: the RFC does not match ^[A-ZÑ&]{3,4}\\d{6}[A-Z\\d]{3}$ after trimming and upper-casing', () => {
    it('flags malformed RFCs as published, not valid ones of 12 and 13 characters, and says ‘sin datos’ without an RFC', async () => {
      const monitor = await newMonitor();
      const contractOf = async (name: string, rfc: string | null) =>
        save(monitor.id, entry({ supplier: await supplier(monitor.id, name, rfc), unit: monitor.unit }));
      const malformed: Record<string, string> = {};
      for (const rfc of [
        'PCE01010AB1', // five digits of the date
        'ABC-010101-AB1', // hyphens: never corrected
        'A1C010101AB1', // a digit among the letters
        'ABCDE010101AB1', // five letters
        'ABC010101AB', // a homoclave of two
        'ABCD010101AB12', // 14 characters
      ])
        malformed[rfc] = await contractOf(`Mal escrito ${rfc}`, rfc);
      const valid = [
        await contractOf('Persona Moral', 'ABC010101AB1'),
        await contractOf('Persona Física', 'ABCD010101AB1'),
        await contractOf('Con Eñe', 'MUÑO800101AB1'),
        await contractOf('Con Ampersand', 'A&B010101AB1'),
        await contractOf('Minúsculas', ' abcd010101ab1 '),
      ];
      const withoutRfc = await contractOf('Sin RFC', null);

      for (const [rfc, id] of Object.entries(malformed))
        expect((await flagsOf(id)).INVALID_RFC, rfc).toEqual({ rfc, supplier: `Mal escrito ${rfc}` });
      for (const id of valid) expect((await flagsOf(id)).INVALID_RFC).toBeUndefined();
      expect((await flagsOf(withoutRfc)).INVALID_RFC).toBeUndefined();
      expect(await unevaluatedCodes(withoutRfc, monitor.id)).toContain('INVALID_RFC');
      expect(await unevaluatedCodes(valid[0]!, monitor.id)).not.toContain('INVALID_RFC');
    });
  });

  describe('LATE_PUBLICATION: the information date after the quarter’s format-28 deadline', () => {
    it('flags the day after the deadline, not the deadline itself', async () => {
      const monitor = await newMonitor();
      const refs = { supplier: await supplier(monitor.id, 'Puntual', 'PUN060606AB1'), unit: monitor.unit };
      const dated = (period: string, informationDate: string | null) =>
        save(monitor.id, entry(refs, { period, informationDate }));
      // 30 days after each quarter ends.
      const lateQ4 = await dated('4o 2024', '2025-01-31');
      const onTimeQ4 = await dated('4o 2024', '2025-01-30');
      const lateQ1 = await dated('1o 2026', '2026-05-01');
      const onTimeQ1 = await dated('1o 2026', '2026-04-30');
      const lateQ2 = await dated('2o 2025', '2025-07-31');
      const onTimeQ3 = await dated('3o 2025', '2025-10-30');
      const undated = await dated('4o 2024', null);

      expect((await flagsOf(lateQ4)).LATE_PUBLICATION).toEqual({
        informationDate: '2025-01-31',
        deadline: '2025-01-30',
        period: '4o 2024',
      });
      expect((await flagsOf(lateQ1)).LATE_PUBLICATION).toMatchObject({ deadline: '2026-04-30' });
      expect((await flagsOf(lateQ2)).LATE_PUBLICATION).toMatchObject({ deadline: '2025-07-30' });
      for (const id of [onTimeQ4, onTimeQ1, onTimeQ3, undated])
        expect((await flagsOf(id)).LATE_PUBLICATION).toBeUndefined();
      expect(await unevaluatedCodes(undated, monitor.id)).toContain('LATE_PUBLICATION');
      expect(await unevaluatedCodes(onTimeQ4, monitor.id)).not.toContain('LATE_PUBLICATION');
    });
  });

  describe('NO_CONTRACT_DOCUMENT and NO_CALL_DOCUMENT', () => {
    it('flags a concluded procedure without its contract and a tender or invitation without its call; blank is missing', async () => {
      const monitor = await newMonitor();
      const refs = {
        supplier: await supplier(monitor.id, 'Documentada', 'DOC070707AB1'),
        unit: monitor.unit,
      };
      const save_ = (overrides: Record<string, unknown>) => save(monitor.id, entry(refs, overrides));
      const neither = await save_({ contractUrl: null, announcementUrl: null });
      const both = await save_({});
      const invitationWithoutCall = await save_({ procedureType: 'INVITATION', announcementUrl: null });
      const directAward = await save_({ procedureType: 'NO_BID', announcementUrl: null });
      const inProgress = await save_({ procedureState: 'IN_PROGRESS', contractUrl: null });
      const canceled = await save_({ procedureState: 'CANCELED', contractUrl: null });
      const deserted = await save_({ procedureState: 'DESERTED', contractUrl: null });
      // Links only of blanks, as a load may leave them: refreshed from the contracts as they are.
      const blank = await save_({});
      await ctx.database.db.execute(
        sql`UPDATE contracts SET contract_url = '   ', announcement_url = '' WHERE id = ${blank}`,
      );
      await refreshed();
      await refreshMonitorFlags(ctx.app.deps, monitor.id);

      expect(Object.keys(await flagsOf(neither))).toEqual(
        expect.arrayContaining(['NO_CALL_DOCUMENT', 'NO_CONTRACT_DOCUMENT']),
      );
      expect((await flagsOf(neither)).NO_CONTRACT_DOCUMENT).toEqual({});
      const blanks = await flagsOf(blank);
      expect(blanks.NO_CONTRACT_DOCUMENT).toBeDefined();
      expect(blanks.NO_CALL_DOCUMENT).toBeDefined();
      const page = await detail(neither, monitor.id);
      expect(page.flags.map((flag) => flag.code)).toEqual(
        expect.arrayContaining(['NO_CONTRACT_DOCUMENT', 'NO_CALL_DOCUMENT']),
      );
      const linked = await flagsOf(both);
      expect(linked.NO_CONTRACT_DOCUMENT).toBeUndefined();
      expect(linked.NO_CALL_DOCUMENT).toBeUndefined();
      expect((await flagsOf(invitationWithoutCall)).NO_CALL_DOCUMENT).toEqual({});
      // A direct award has no call to publish.
      expect((await flagsOf(directAward)).NO_CALL_DOCUMENT).toBeUndefined();
      // Not concluded: no contract to publish yet, or ever (the call is still missing).
      for (const id of [inProgress, canceled, deserted]) {
        const flags = await flagsOf(id);
        expect(flags.NO_CONTRACT_DOCUMENT).toBeUndefined();
        expect(flags.NO_CALL_DOCUMENT).toBeUndefined();
      }
    });
  });

  describe('AMENDED: recorded convenios modificatorios', () => {
    it('flags a contract with recorded amendments, with them in the evidence, and follows the list as it is saved', async () => {
      const monitor = await newMonitor();
      const refs = { supplier: await supplier(monitor.id, 'Modificada', 'MOD080808AB1'), unit: monitor.unit };
      const amendments = [
        {
          number: 'CM-01/2024',
          object: 'Ampliación del plazo de entrega',
          signedDate: '2024-11-15',
          url: 'https://example.org/cm-01.pdf',
        },
        { number: 'CM-02/2024', object: 'Ampliación del monto', signedDate: '2024-12-10' },
      ];
      const first = entry(refs, { amendments });
      const amended = await save(monitor.id, first);
      const plain = await save(monitor.id, entry(refs));
      // A row whose category says it is an amendment records none of its own.
      const modification = await save(monitor.id, entry(refs, { category: 'MODIFICATION' }));

      expect((await flagsOf(amended)).AMENDED).toEqual({
        count: 2,
        amendments: [
          { number: 'CM-01/2024', signedDate: '2024-11-15', object: 'Ampliación del plazo de entrega' },
          { number: 'CM-02/2024', signedDate: '2024-12-10', object: 'Ampliación del monto' },
        ],
      });
      expect((await detail(amended, monitor.id)).flags.find((f) => f.code === 'AMENDED')?.sentence).toBe(
        'El contrato tiene 2 convenios modificatorios registrados, el último firmado el 10/12/2024.',
      );
      expect((await flagsOf(plain)).AMENDED).toBeUndefined();
      expect((await flagsOf(modification)).AMENDED).toBeUndefined();

      // Saved again without the list: the amendments stay, and so does the flag.
      const { amendments: _kept, ...withoutList } = first;
      await save(monitor.id, { ...withoutList, _id: amended, totalAmount: 130_000 });
      expect((await flagsOf(amended)).AMENDED).toMatchObject({ count: 2 });
      // Saved with an empty list: none recorded, no flag.
      await save(monitor.id, { ...withoutList, _id: amended, amendments: [] });
      expect((await flagsOf(amended)).AMENDED).toBeUndefined();
      // Recorded later on the plain one: flagged with that save.
      await save(monitor.id, { ...entry(refs), _id: plain, amendments: amendments.slice(1) });
      expect((await flagsOf(plain)).AMENDED).toMatchObject({ count: 1 });
    });
  });

  describe('NON_WORKING_DAY: weekends and the days of rest of LFT art. 74', () => {
    it('flags the moving Mondays of 2024–2026, not the fixed dates they replaced, and Saturdays and Sundays as such', async () => {
      const monitor = await newMonitor();
      const refs = { supplier: await supplier(monitor.id, 'Calendario', 'CAL090909AB1'), unit: monitor.unit };
      const signed = (date: string) =>
        save(monitor.id, entry(refs, { contractDate: date, fiscalYear: date.slice(0, 4) }));
      const holidays: [string, string][] = [
        ['2024-02-05', HOLIDAY_NAMES.constitution], // first Monday of February
        ['2024-03-18', HOLIDAY_NAMES.juarez], // third Monday of March
        ['2024-11-18', HOLIDAY_NAMES.revolution], // third Monday of November
        ['2025-02-03', HOLIDAY_NAMES.constitution],
        ['2025-03-17', HOLIDAY_NAMES.juarez],
        ['2025-11-17', HOLIDAY_NAMES.revolution],
        ['2026-02-02', HOLIDAY_NAMES.constitution],
        ['2026-03-16', HOLIDAY_NAMES.juarez],
        ['2026-11-16', HOLIDAY_NAMES.revolution],
        ['2025-09-16', HOLIDAY_NAMES.independence],
        // A holiday on a weekend is said as the holiday.
        ['2022-12-25', HOLIDAY_NAMES.christmas],
        // Before 2024 the federal executive changed on 1 December.
        ['2006-12-01', HOLIDAY_NAMES.handoverBefore2024],
      ];
      const working = [
        '2025-02-05', // 5 February on a Wednesday
        '2026-02-05',
        '2024-03-21', // 21 March on a Thursday
        '2025-03-21',
        '2024-11-20', // 20 November on a Wednesday
        '2025-11-20',
        '2026-11-20',
        '2024-02-12', // the second Monday of February
        '2025-03-24', // the fourth Monday of March
        '2026-11-09', // the second Monday of November
        '2024-12-02', // the Monday after 1 December 2024, no longer a change of executive
      ];
      const weekends: [string, 'SATURDAY' | 'SUNDAY'][] = [
        ['2026-03-21', 'SATURDAY'], // 21 March 2026: a Saturday, not a holiday
        ['2025-02-01', 'SATURDAY'],
        ['2026-02-01', 'SUNDAY'],
        ['2024-12-01', 'SUNDAY'], // no longer a holiday in 2024: a Sunday
      ];
      for (const [date, name] of holidays)
        expect((await flagsOf(await signed(date))).NON_WORKING_DAY, date).toEqual({
          date,
          kind: 'HOLIDAY',
          name,
        });
      for (const date of working)
        expect((await flagsOf(await signed(date))).NON_WORKING_DAY, date).toBeUndefined();
      for (const [date, kind] of weekends)
        expect((await flagsOf(await signed(date))).NON_WORKING_DAY, date).toEqual({
          date,
          kind,
          name: kind === 'SATURDAY' ? 'sábado' : 'domingo',
        });
      const monday = await signed('2025-11-17');
      expect(
        (await detail(monday, monitor.id)).flags.find((f) => f.code === 'NON_WORKING_DAY')?.sentence,
      ).toBe(`El contrato se firmó el 17/11/2025, día inhábil: ${HOLIDAY_NAMES.revolution}.`);
    });
  });

  const upload = (kind: string, file: Buffer, name: string, monitorId: string) => {
    const { payload, contentType } = multipart(file, { name });
    return ctx.app.inject({
      method: 'POST',
      url: `/api/red-flags/lists/${kind}`,
      headers: { ...bearer(general, monitorId), 'content-type': contentType },
      payload,
    });
  };

  describe('SAT_69B with the SAT’s real list (30 November 2022)', () => {
    it('flags a Presunto and a Definitivo supplier, never a court-hidden RFC, nor a cleared one', async () => {
      const monitor = await newMonitor();
      const { db } = ctx.database;
      const contractOf = async (name: string, rfc: string, contractDate = '2024-10-02') =>
        save(
          monitor.id,
          entry({ supplier: await supplier(monitor.id, name, rfc), unit: monitor.unit }, { contractDate }),
        );
      // Rows of the file itself (sat-69b-listado-completo-2022-11-30.csv):
      // 107: AAMR7312046L3, Presunto, presumption published by the SAT 04/12/2018 and the DOF 18/01/2019.
      const presumed = await contractOf('Anastasio Mejía María del Rocío', 'AAMR7312046L3');
      // Before the list is loaded, the flag is 'sin datos'.
      expect((await detail(presumed, monitor.id)).unevaluated).toContainEqual(
        expect.objectContaining({ code: 'SAT_69B', reason: UNEVALUATED_REASONS.noSat69b }),
      );
      const file = readFileSync(path.join(FIXTURES, 'sat-69b-listado-completo-2022-11-30.csv'));
      const loaded = await upload('sat-69b', file, 'Listado_Completo_69-B.csv', monitor.id);
      expect(loaded.statusCode, loaded.body).toBe(200);
      // 12,666 rows; 12,509 distinct RFCs, one of them the court's XXXXXXXXXXXX (86 rows).
      expect(loaded.json().data).toMatchObject({ cutOff: '2022-11-30', rows: 12_666, kept: 12_508 });
      await refreshed();

      // 1536–1537: CACL7806172Y1 on two rows, Presunto and Definitivo: the most severe.
      const twoRows = await contractOf('Carmona Cárdenas Lino', 'CACL7806172Y1', '2019-05-06');
      // 142–143: AAS110331G59 Definitivo (2020) and Sentencia Favorable (an earlier proceeding).
      const definitiveAndFavourable = await contractOf('Abira & Saffi Corporativo', 'AAS110331G59');
      // 1: Sentencia Favorable; 2: Desvirtuado. Cleared: no flag.
      const favourable = await contractOf('Asesores en Avalúos y Activos, S.A. de C.V.', 'AAA080808HL8');
      const rebutted = await contractOf('Aquaeris Acuacultura', 'AAA091014835');
      // 12475…: the court-hidden rows (XXXXXXXXXXXX, 'Información suprimida…', Presunto).
      const hidden = await contractOf(
        'Información suprimida en cumplimiento a la declaratoria de nulidad emitida por la Segunda Sala Regional Hidalgo México.',
        'XXXXXXXXXXXX',
      );
      const hidden13 = await contractOf('Información suprimida', 'XXXXXXXXXXXXX');

      expect((await flagsOf(presumed)).SAT_69B).toEqual({
        rfc: 'AAMR7312046L3',
        listedName: 'ANASTASIO MEJIA MARIA DEL ROCIO',
        situation: 'PRESUNTO',
        presumptionDof: '2019-01-18',
        presumptionSat: '2018-12-04',
        definitiveDof: null,
        definitiveSat: null,
        contractDate: '2024-10-02',
        cutOff: '2022-11-30',
      });
      const sentence = (await detail(presumed, monitor.id)).flags.find((f) => f.code === 'SAT_69B')?.sentence;
      expect(sentence).toMatch(/«presunto»/);
      expect(sentence).toMatch(/18\/01\/2019/);
      expect(sentence).toMatch(/después de su publicación como presunto/);
      expect((await flagsOf(twoRows)).SAT_69B).toMatchObject({
        situation: 'DEFINITIVO',
        presumptionDof: '2018-07-18',
        definitiveDof: '2019-04-16',
        contractDate: '2019-05-06',
      });
      expect((await flagsOf(definitiveAndFavourable)).SAT_69B).toMatchObject({
        situation: 'DEFINITIVO',
        definitiveDof: '2020-07-07',
      });
      for (const id of [favourable, rebutted, hidden, hidden13])
        expect((await flagsOf(id)).SAT_69B).toBeUndefined();
      for (const id of [favourable, rebutted])
        expect(await unevaluatedCodes(id, monitor.id)).not.toContain('SAT_69B');
      // The hidden rows are not kept at all: nothing can match them.
      const [{ n: kept } = { n: 0 }] = await queryRows<{ n: number | string }>(
        db,
        sql`SELECT count(*) AS n FROM sat_69b_entries WHERE rfc ~ '^X+$' OR name ILIKE '%suprimida%'`,
      );
      expect(Number(kept)).toBe(0);
      const [{ situation } = { situation: '' }] = await queryRows<{ situation: string }>(
        db,
        sql`SELECT situation FROM sat_69b_entries WHERE rfc = 'AAA080808HL8'`,
      );
      expect(situation).toBe('SENTENCIA_FAVORABLE');
    });
  });

  describe('SANCTIONED_SUPPLIER with the federal directory (11 June 2026)', () => {
    it('flags a contract from the first to the last day of a debarment window only, and never for a fine alone', async () => {
      const monitor = await newMonitor();
      const file = readFileSync(path.join(FIXTURES, 'sabg-directorio-sancionados-api-2026-06-11.json'));
      const loaded = await upload('sanctions', file, 'sancionados.json', monitor.id);
      expect(loaded.statusCode, loaded.body).toBe(200);
      // BRI2302065EA: debarred 3 months, 2026-06-05 to 2026-09-05. FNA940617BC1: two windows,
      // 2023-06-20 to 2025-06-20 and 2026-04-02 to 2028-04-02. FMA910514LZ9: a fine, no debarment.
      const debarred = await supplier(monitor.id, 'Debarred', 'BRI2302065EA');
      const twice = await supplier(monitor.id, 'Twice', 'FNA940617BC1');
      const fined = await supplier(monitor.id, 'Fabricación y Mantenimiento de Anuncios', 'FMA910514LZ9');
      const signed = (supplierId: string, date: string) =>
        save(
          monitor.id,
          entry(
            { supplier: supplierId, unit: monitor.unit },
            { contractDate: date, fiscalYear: date.slice(0, 4) },
          ),
        );
      const firstDay = await signed(debarred, '2026-06-05');
      const lastDay = await signed(debarred, '2026-09-05');
      const dayBefore = await signed(debarred, '2026-06-04');
      const dayAfter = await signed(debarred, '2026-09-06');
      const endOfFirst = await signed(twice, '2025-06-20');
      const between = await signed(twice, '2025-12-01');
      const finedOnly = await signed(fined, '2017-06-01');

      expect((await flagsOf(firstDay)).SANCTIONED_SUPPLIER).toMatchObject({
        rfc: 'BRI2302065EA',
        from: '2026-06-05',
        to: '2026-09-05',
        contractDate: '2026-06-05',
      });
      expect((await flagsOf(lastDay)).SANCTIONED_SUPPLIER).toMatchObject({
        from: '2026-06-05',
        to: '2026-09-05',
      });
      expect((await flagsOf(endOfFirst)).SANCTIONED_SUPPLIER).toMatchObject({
        from: '2023-06-20',
        to: '2025-06-20',
      });
      for (const id of [dayBefore, dayAfter, between, finedOnly])
        expect((await flagsOf(id)).SANCTIONED_SUPPLIER).toBeUndefined();
    });
  });
});
