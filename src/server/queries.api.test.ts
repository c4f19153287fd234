import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signIn } from './test/auth';
import {
  contractEntry,
  createContract,
  createOrganization,
  createSupplier,
  createUnit,
} from './test/factories';
import { createTestApp, createTestDatabase, type TestContext, testConfig } from './test/test-app';

/**
 * Query snapshots: the SQL the hot public calls and the contract write path send, kept as reviewed
 * files under __query-snapshots__/ (drizzle writes each statement; its logger hands us the text,
 * the values stay parameters). A change to one of these queries — a lost index condition, a
 * second scan, a new statement per request — then shows in review as a diff of that file, and this
 * test fails until the file is updated on purpose (`npx vitest run -u src/server/queries.api.test.ts`).
 *
 * Each call is asked once and computes its answer (no result cache). Its statements are listed
 * each once, sorted: a call sends some at once (the page and its totals), and their order on a pool
 * of connections is not the code's. The bookkeeping around a request (the monitor it names, sessions,
 * rate counters, visits, the job queue) is left out, since it is not the query under review.
 */
const BOOKKEEPING = [
  /^select .* from "organizations" where \("organizations"\."id" = \$1 and "organizations"\."deleted_at" is null\) limit \$2$/,
  /\bpgboss\b/,
  /"rate_counters"|\brate_counters\b/,
  /"sessions"|\bsessions\b/,
  /"visits"|\bvisits\b/,
  /"users"|\busers\b/,
  /\bpg_advisory/,
  /^(begin|commit|rollback|savepoint|release)/i,
];

/** A statement with its clauses on lines of their own, so that a diff points at the clause that changed. */
const readable = (statement: string) =>
  statement.replace(
    / (from|where|left join|inner join|group by|order by|limit|offset|values|on conflict|returning|set|union all|except all) /gi,
    '\n  $1 ',
  );

type Request = { method: 'GET' | 'POST'; url: string; payload?: object };

describe('query snapshots', () => {
  let ctx: TestContext;
  let recording = false;
  const sent: string[] = [];
  let organizationId: string;
  let supplier: string;
  let unit: string;
  let token: string;

  beforeAll(async () => {
    const database = await createTestDatabase({
      logger: {
        logQuery(query) {
          if (recording) sent.push(query.replace(/\s+/g, ' ').trim());
        },
      },
    });
    const base = testConfig();
    ctx = await createTestApp({
      database,
      // Every call computes its answer: none is read from another call's cached result.
      config: { resultCacheEntries: 0, rateLimits: { ...base.rateLimits, loginPer15Minutes: 1_000 } },
    });
    const { db } = database;
    organizationId = (await createOrganization(db)).id;
    unit = (await createUnit(db, organizationId, { name: 'Dirección de Compras' })).id;
    supplier = (
      await createSupplier(db, organizationId, { name: 'PAPELERIA DEL CENTRO', rfc: 'PCE010101AAA' })
    ).id;
    for (let i = 0; i < 3; i++)
      await createContract(db, {
        organizationId,
        unitId: unit,
        supplierId: supplier,
        servicesDescription: `Compra de papelería ${i}`,
      });
    token = await signIn(ctx.app, (await createUser(db, { administratorType: 'GENERAL' })).email);
  });
  afterAll(() => ctx.close());

  /** The statements one call sends, each once and sorted, without the bookkeeping. */
  async function statementsOf(
    request: { method: 'GET' | 'POST'; url: string; payload?: object },
    admin = false,
  ) {
    sent.length = 0;
    recording = true;
    const headers = admin ? bearer(token, organizationId) : { 'x-current-organization-id': organizationId };
    const response = await ctx.app.inject({ ...request, headers });
    // Work a request leaves behind (a kept search's job) is not part of its answer.
    recording = false;
    expect(response.statusCode, response.body).toBe(200);
    const statements = [...new Set(sent)]
      .filter((text) => !BOOKKEEPING.some((noise) => noise.test(text)))
      .sort();
    return { response, text: `${statements.map((statement) => `${readable(statement)};`).join('\n\n')}\n` };
  }

  const list = (filters: object, page = 1) => ({
    method: 'POST' as const,
    url: `/public-api/contracts/filtered-list?page=${page}`,
    payload: { filters },
  });
  const snapshot = (name: string) => `./__query-snapshots__/${name}.sql`;

  it.each([
    ['contracts-list', list({})],
    ['contracts-list-unit', list({ administrativeUnits: ['UNIT'], fiscalYears: ['2022'] })],
    ['contracts-list-search', list({ search: 'papeleria' })],
    ['contract-totals', { method: 'GET' as const, url: '/public-api/contracts/totals' }],
    [
      'suppliers-list',
      {
        method: 'POST' as const,
        url: '/public-api/suppliers/filtered-list?page=1',
        payload: { filters: {} },
      },
    ],
    [
      'suppliers-list-year',
      {
        method: 'POST' as const,
        url: '/public-api/suppliers/filtered-list?page=1',
        payload: { filters: { fiscalYears: ['2022'] } },
      },
    ],
    [
      'chart-amount-by-period',
      { method: 'POST' as const, url: '/public-api/landing/amountByPeriod', payload: {} },
    ],
  ] as [string, Request][])('%s', async (name, request) => {
    const payload = JSON.parse(JSON.stringify(request.payload ?? null).replaceAll('UNIT', unit));
    const { text } = await statementsOf({ ...request, ...(payload ? { payload } : {}) });
    await expect(text).toMatchFileSnapshot(snapshot(name));
  });

  it('supplier-detail', async () => {
    const { text } = await statementsOf({
      method: 'GET',
      url: `/public-api/suppliers/detail?id=${supplier}`,
    });
    await expect(text).toMatchFileSnapshot(snapshot('supplier-detail'));
  });

  it('contract-write: create, then update', async () => {
    // The monitor's red-flag refresh a save queues would start at once (its NOTIFY) and send its
    // statements on the same database while the save's are recorded: no job runs from here on.
    await ctx.app.deps.jobs.stop(10_000);
    const entry = contractEntry({ supplier, unit }, { contractNumber: 'CTO-SNAPSHOT-1' });
    const created = await statementsOf({ method: 'POST', url: '/api/contracts/save', payload: entry }, true);
    await expect(created.text).toMatchFileSnapshot(snapshot('contract-create'));
    const id = created.response.json().data._id as string;
    const updated = await statementsOf(
      { method: 'POST', url: '/api/contracts/save', payload: { ...entry, _id: id, totalAmount: 99_000 } },
      true,
    );
    await expect(updated.text).toMatchFileSnapshot(snapshot('contract-update'));
  });
});
