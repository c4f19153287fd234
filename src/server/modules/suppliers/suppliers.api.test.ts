import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContract, createOrganization, createSupplier, createUnit } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('public suppliers API', () => {
  let ctx: TestContext;
  let organizationId: string;
  let supplierId: string;
  let otherSupplierId: string;
  const headers = () => ({ 'x-current-organization-id': organizationId });

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    organizationId = (await createOrganization(db)).id;
    const unitId = (await createUnit(db, organizationId)).id;
    supplierId = (await createSupplier(db, organizationId, { name: 'DISTRIBUIDORA ÁLAMO SA DE CV' })).id;
    const small = (await createSupplier(db, organizationId, { name: 'PAPELERIA CENTRO SA DE CV' })).id;
    for (let i = 0; i < 45; i++) {
      await createContract(db, {
        organizationId,
        unitId,
        supplierId,
        procedureType: 'NO_BID',
        contractDate: `2022-03-${String((i % 28) + 1).padStart(2, '0')}`,
        totalOrMaxAmount: 1000 + i,
        totalAmount: 1000 + i,
      });
    }
    await createContract(db, {
      organizationId,
      unitId,
      supplierId: small,
      procedureType: 'PUBLIC',
      totalOrMaxAmount: 5,
      totalAmount: 5,
    });
    const other = await createOrganization(db);
    otherSupplierId = (await createSupplier(db, other.id)).id;
  });
  afterAll(() => ctx.close());

  it("ranks suppliers by total with the spec's columns, and searches by name without accents", async () => {
    const response = await ctx.app.inject({ url: '/public-api/suppliers/list?page=1', headers: headers() });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.docs.map((doc: { name: string }) => doc.name)).toEqual([
      'DISTRIBUIDORA ÁLAMO SA DE CV',
      'PAPELERIA CENTRO SA DE CV',
    ]);
    expect(data.docs[0]).toMatchObject({
      _id: supplierId,
      contractsCount: 45,
      noBidCount: 45,
      noBid: 45 * 1000 + 990,
      public: 0,
    });
    expect(data.totals).toMatchObject({ totalCount: 46, noBidCount: 45, publicCount: 1, total: 45_990 + 5 });
    const search = await ctx.app.inject({
      url: '/public-api/suppliers/list?search=alamo',
      headers: headers(),
    });
    expect(search.json().data.docs.map((doc: { name: string }) => doc.name)).toEqual([
      'DISTRIBUIDORA ÁLAMO SA DE CV',
    ]);
  });

  it("shows a supplier's detail with its latest contracts per type, and pages through the rest", async () => {
    const detail = await ctx.app.inject({
      url: `/public-api/suppliers/detail?id=${supplierId}`,
      headers: headers(),
    });
    expect(detail.statusCode).toBe(200);
    const { data } = detail.json();
    expect(data.supplier).toMatchObject({ _id: supplierId, name: 'DISTRIBUIDORA ÁLAMO SA DE CV' });
    expect(data.noBid.count).toBe(45);
    expect(data.noBid.docs).toHaveLength(20);
    const dates = data.noBid.docs.map((doc: { contractDate: string }) => doc.contractDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(data.public).toEqual({ count: 0, docs: [] });

    const seen = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      const more = await ctx.app.inject({
        url: `/public-api/suppliers/detail/contracts?id=${supplierId}&procedureType=NO_BID&page=${page}`,
        headers: headers(),
      });
      const body = more.json().data;
      expect(body).toMatchObject({ total: 45, page, pages: 3 });
      for (const doc of body.docs) seen.add(doc._id);
    }
    expect(seen.size).toBe(45);
  });

  it('applies filters to the detail, except a supplier filter', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/public-api/suppliers/detail?id=${supplierId}`,
      headers: headers(),
      payload: { filters: { administrationPeriods: ['2018-2021'] } },
    });
    expect(response.json().data.totals.count).toBe(0);
  });

  it("answers 404 for another monitor's supplier and 400 for a malformed id", async () => {
    const other = await ctx.app.inject({
      url: `/public-api/suppliers/detail?id=${otherSupplierId}`,
      headers: headers(),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('El proveedor solicitado no existe.');
    const bad = await ctx.app.inject({ url: '/public-api/suppliers/detail?id=abc', headers: headers() });
    expect(bad.statusCode).toBe(400);
    const badType = await ctx.app.inject({
      url: `/public-api/suppliers/detail/contracts?id=${supplierId}&procedureType=ALL`,
      headers: headers(),
    });
    expect(badType.statusCode).toBe(400);
  });

  it('reads chart filters at the top level of the body or under filters', async () => {
    for (const payload of [{ procedureTypes: ['PUBLIC'] }, { filters: { procedureTypes: ['PUBLIC'] } }]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/public-api/landing/amountByProcedure',
        headers: headers(),
        payload,
      });
      expect(response.json().data.data.datasets[0].data).toEqual([5, 0, 0]);
    }
  });
});
