import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSources } from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
import { contractEntry, createOrganization, createSupplier, createUnit } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * The contract form's bidders, invited and amendments (issue 30): the save and the inline save take
 * them in the shape the detail gives them, under the same rules as the format-28 import; a list
 * given replaces the stored one, an absent list stays.
 */
describe("a contract's bidders, invited and amendments, edited by hand", () => {
  let ctx: TestContext;
  let organizationId: string;
  let otherOrganizationId: string;
  let token: string;
  let readerToken: string;
  let entry: (overrides?: Record<string, unknown>) => Record<string, unknown>;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    organizationId = (await createOrganization(db)).id;
    otherOrganizationId = (await createOrganization(db)).id;
    token = await signIn(ctx.app, (await createUser(db, { permissions: ['CONTRACTS'] })).email);
    readerToken = await signIn(ctx.app, (await createUser(db, { permissions: ['SUPPLIERS'] })).email);
    const unit = (await createUnit(db, organizationId)).id;
    const supplier = (
      await createSupplier(db, organizationId, { name: 'Constructora Ganadora', rfc: 'CGA010101AB1' })
    ).id;
    entry = (overrides = {}) => contractEntry({ supplier, unit }, overrides);
  });
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    as = token,
    organization = organizationId,
  ) => ctx.app.inject({ method, url, headers: bearer(as, organization), ...(payload ? { payload } : {}) });
  const detail = async (id: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/public-api/contracts/detail?id=${id}`,
        headers: { 'x-current-organization-id': organizationId },
      })
    ).json().data;

  const bidders = [
    { name: 'Constructora Ganadora, S.A. de C.V.', rfc: 'CGA010101AB1' },
    { name: 'Obras del Norte', rfc: 'OBN0202029X' },
  ];
  const amendment = {
    number: 'CM-01',
    object: 'Ampliación del plazo',
    signedDate: '2022-08-01',
    url: 'https://transparencia.example.org/convenios/cm-01.pdf',
  };

  it("saves them with the contract, gives them to the form and the public detail, and registers the amendment's document", async () => {
    const saved = await call(
      'POST',
      '/api/contracts/save',
      entry({ bidders, invited: [{ name: 'Invitada Tres', rfc: null }], amendments: [amendment] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data._id as string;

    const form = await call('GET', `/api/contracts/relations/${id}`);
    expect(form.statusCode).toBe(200);
    expect(form.json().data).toMatchObject({
      bidders: [
        { ...bidders[0], isWinner: true },
        { ...bidders[1], isWinner: false },
      ],
      invited: [{ name: 'Invitada Tres', rfc: null }],
      amendments: [{ ...amendment, backupFileId: null }],
      beneficialOwners: [],
      budgetLines: [],
    });
    expect((await detail(id)).bidders).toEqual(form.json().data.bidders);
    const [source] = await ctx.database.db
      .select()
      .from(documentSources)
      .where(eq(documentSources.url, amendment.url));
    expect(source).toBeDefined();

    // Only the amendments given: the bidders and invited stay; the amendments are replaced.
    const updated = await call('POST', '/api/contracts/save', {
      ...entry({ contractNumber: saved.json().data.contractNumber }),
      _id: id,
      amendments: [],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = await detail(id);
    expect(after.bidders).toHaveLength(2);
    expect(after.invited).toHaveLength(1);
    expect(after.amendments).toEqual([]);

    // The inline save takes them too, in the detail's shape (the winner mark is the server's).
    const inline = await call('POST', '/api/contracts/save-updated-docs', {
      docs: [
        {
          ...entry({ contractNumber: saved.json().data.contractNumber }),
          _id: id,
          bidders: after.bidders.slice(1),
        },
      ],
    });
    expect(inline.statusCode, inline.body).toBe(200);
    expect((await detail(id)).bidders).toEqual([{ ...bidders[1], isWinner: false }]);
  });

  it('refuses a bidder without a name, an amendment with a bad link or date, and more than 500 of each', async () => {
    const refused = await call(
      'POST',
      '/api/contracts/save',
      entry({
        bidders: [{ name: '  ', rfc: 'XAXX010101000' }],
        amendments: [{ ...amendment, url: 'javascript:alert(1)', signedDate: '2022-02-31' }],
      }),
    );
    expect(refused.statusCode).toBe(400);
    const paths = (refused.json().errors as { path: string; message: string }[]).map((error) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.bidders.0.name',
        'body.amendments.0.url',
        'body.amendments.0.signedDate',
      ]),
    );
    const many = await call(
      'POST',
      '/api/contracts/save',
      entry({
        invited: Array.from({ length: 501 }, (_, index) => ({ name: `Invitada ${index}`, rfc: null })),
      }),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().errors[0].message).toBe('Máximo 500 registros.');
  });

  it("keeps another monitor's lists to itself and needs the CONTRACTS permission", async () => {
    const saved = await call('POST', '/api/contracts/save', entry({ bidders }));
    const id = saved.json().data._id as string;
    const elsewhere = await call(
      'GET',
      `/api/contracts/relations/${id}`,
      undefined,
      token,
      otherOrganizationId,
    );
    expect(elsewhere.statusCode).toBe(404);
    const reader = await call('GET', `/api/contracts/relations/${id}`, undefined, readerToken);
    expect(reader.statusCode).toBe(403);
    const badId = await call('GET', '/api/contracts/relations/123');
    expect(badId.statusCode).toBe(400);
  });

  it("lists on a supplier's page the procedures it bid for without winning", async () => {
    const { db } = ctx.database;
    const unit = (await createUnit(db, organizationId)).id;
    const winner = await createSupplier(db, organizationId, {
      name: 'Ganadora del Sur',
      rfc: 'GSU0303031A1',
    });
    const loser = await createSupplier(db, organizationId, {
      name: 'Perdedora Constante',
      rfc: 'PCO0404041B2',
    });
    const nameless = await createSupplier(db, organizationId, { name: 'Sin Rfc Servicios', rfc: null });
    const lostOne = await call(
      'POST',
      '/api/contracts/save',
      contractEntry(
        { supplier: winner.id, unit },
        {
          contractDate: '2023-03-01',
          servicesDescription: 'Bacheo',
          bidders: [
            { name: 'Ganadora del Sur', rfc: 'GSU0303031A1' },
            { name: 'PERDEDORA CONSTANTE SA', rfc: 'PCO0404041B2' },
            { name: 'sin rfc servicios', rfc: null },
          ],
        },
      ),
    );
    expect(lostOne.statusCode, lostOne.body).toBe(200);
    // The loser's own contract, where it also appears among the bidders: not a lost bid.
    await call(
      'POST',
      '/api/contracts/save',
      contractEntry(
        { supplier: loser.id, unit },
        { bidders: [{ name: 'Perdedora Constante', rfc: 'PCO0404041B2' }] },
      ),
    );
    const page = async (id: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/public-api/suppliers/detail?id=${id}`,
          headers: { 'x-current-organization-id': organizationId },
        })
      ).json().data.bidsLost;
    expect(await page(loser.id)).toEqual({
      count: 1,
      docs: [
        expect.objectContaining({
          _id: lostOne.json().data._id,
          servicesDescription: 'Bacheo',
          contractDate: '2023-03-01',
          winner: { _id: winner.id, name: 'Ganadora del Sur' },
        }),
      ],
    });
    // Without an RFC, the supplier is found among the bidders by its name, case aside.
    expect((await page(nameless.id)).count).toBe(1);
    expect(await page(winner.id)).toEqual({ count: 0, docs: [] });
    const more = await ctx.app.inject({
      method: 'GET',
      url: `/public-api/suppliers/detail/bids?id=${loser.id}&page=1`,
      headers: { 'x-current-organization-id': organizationId },
    });
    expect(more.json().data).toMatchObject({ total: 1, page: 1, pages: 1 });
    // Another monitor does not know the supplier.
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: `/public-api/suppliers/detail/bids?id=${loser.id}`,
      headers: { 'x-current-organization-id': otherOrganizationId },
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
