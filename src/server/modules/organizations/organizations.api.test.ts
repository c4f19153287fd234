import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicOrganizationSchema } from '../../../shared/schemas/organizations';
import { organizations } from '../../db/schema';
import { createOrganization } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('GET /public-api/organizations/list', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ config: { hasPublicUrl: true, publicUrl: 'https://monitor.example.org' } });
    const { db } = ctx.database;
    await createOrganization(db, {
      name: 'Municipio de Álamos',
      shortName: 'ALA',
      theme: 'green',
      color: '#17cf86',
      contactEmail: 'privado@example.org',
      isDemo: true,
    });
    await createOrganization(db, { name: 'Gobierno de Zacatecas Norte', shortName: 'ZAC' });
    const removed = await createOrganization(db, { name: 'Organización Borrada', shortName: 'BOR' });
    await db.update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, removed.id));
  });
  afterAll(() => ctx.close());

  it('lists the non-deleted monitors alphabetically in the spec shape', async () => {
    const response = await ctx.app.inject('/public-api/organizations/list');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ error: false, message: '', data: { total: 2, page: 1, pages: 1 } });
    expect(body.data.docs.map((doc: { name: string }) => doc.name)).toEqual([
      'Gobierno de Zacatecas Norte',
      'Municipio de Álamos',
    ]);
    for (const doc of body.data.docs) expect(PublicOrganizationSchema.parse(doc)).toBeTruthy();
    const alamos = body.data.docs[1];
    expect(alamos).toMatchObject({
      shortName: 'ALA',
      theme: 'green',
      color: '#17cf86',
      isDemo: true,
      round: true,
    });
    expect(alamos._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(alamos.baseRemoteUrl).toBe('https://monitor.example.org');
  });

  it('never exposes private settings', async () => {
    const response = await ctx.app.inject('/public-api/organizations/list');
    expect(response.body).not.toContain('privado@example.org');
    for (const doc of response.json().data.docs) {
      expect(Object.keys(doc)).not.toEqual(expect.arrayContaining(['contactEmail']));
      expect(doc).not.toHaveProperty('deletedAt');
    }
  });

  it('finds monitors by name ignoring accents and case, with the text taken literally', async () => {
    const byAccent = await ctx.app.inject('/public-api/organizations/list?search=alamos');
    expect(byAccent.json().data.docs.map((doc: { shortName: string }) => doc.shortName)).toEqual(['ALA']);
    const byShortName = await ctx.app.inject('/public-api/organizations/list?search=zac');
    expect(byShortName.json().data.total).toBe(1);
    const wildcard = await ctx.app.inject(`/public-api/organizations/list?search=${encodeURIComponent('%')}`);
    expect(wildcard.json().data.total).toBe(0);
    const regex = await ctx.app.inject(`/public-api/organizations/list?search=${encodeURIComponent('(.*')}`);
    expect(regex.statusCode).toBe(200);
    expect(regex.json().data.total).toBe(0);
  });

  it('refuses search text with control characters (a NUL byte) with a 400, not a 500', async () => {
    const response = await ctx.app.inject('/public-api/organizations/list?search=%00');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('La búsqueda contiene caracteres no válidos.');
  });

  it('paginates with a bounded page size', async () => {
    const first = await ctx.app.inject('/public-api/organizations/list?limit=1&page=2');
    expect(first.json().data).toMatchObject({ total: 2, page: 2, pages: 2 });
    expect(first.json().data.docs).toHaveLength(1);
    const tooMany = await ctx.app.inject('/public-api/organizations/list?limit=10000');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: true, code: 'VALIDATION' });
    expect(tooMany.json().message).toContain('El límite máximo es 500.');
    const badPage = await ctx.app.inject('/public-api/organizations/list?page=abc');
    expect(badPage.statusCode).toBe(400);
  });
});
