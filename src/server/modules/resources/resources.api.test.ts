import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../db/schema';
import { createOrganization } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('GET /public-api/resources/list', () => {
  let ctx: TestContext;
  let organizationId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    organizationId = (await createOrganization(db)).id;
    const other = (await createOrganization(db)).id;
    const add = (
      organization: string,
      title: string,
      classification: 'ARTICLE' | 'NOTES' | 'LEGAL_FRAMEWORK' | 'WEBSITE',
      extra = {},
    ) =>
      db.insert(resources).values({
        organizationId: organization,
        title,
        classification,
        url: 'https://example.org/x',
        ...extra,
      });
    await add(organizationId, 'Licitaciones simuladas', 'ARTICLE');
    await add(organizationId, 'Ley de Adquisiciones', 'LEGAL_FRAMEWORK');
    await add(organizationId, 'Reglamento de Obra Pública', 'LEGAL_FRAMEWORK');
    await add(organizationId, 'Nota metodológica', 'NOTES');
    await add(organizationId, 'Portal de transparencia', 'WEBSITE', {
      url: 'https://transparencia.example.gob.mx',
    });
    await add(organizationId, 'Borrado', 'ARTICLE', { deletedAt: new Date() });
    await add(other, 'Ley de otro monitor', 'LEGAL_FRAMEWORK');
  });
  afterAll(() => ctx.close());

  const list = (search?: string, organization = organizationId) =>
    ctx.app.inject({
      method: 'GET',
      url: `/public-api/resources/list${search === undefined ? '' : `?search=${encodeURIComponent(search)}`}`,
      headers: { 'x-current-organization-id': organization },
    });

  it("groups the monitor's resources, without deleted ones or other monitors'", async () => {
    const data = (await list()).json().data;
    expect(data.article.map((r: { title: string }) => r.title)).toEqual(['Licitaciones simuladas']);
    expect(data.legalFramework.map((r: { title: string }) => r.title).sort()).toEqual([
      'Ley de Adquisiciones',
      'Reglamento de Obra Pública',
    ]);
    expect(data.notes).toHaveLength(1);
    expect(data.website).toHaveLength(1);
  });

  it('searches titles without accents or case, and addresses', async () => {
    const byTitle = (await list('  obra publica ')).json().data;
    expect(byTitle.legalFramework.map((r: { title: string }) => r.title)).toEqual([
      'Reglamento de Obra Pública',
    ]);
    expect(byTitle.article).toEqual([]);
    const byUrl = (await list('transparencia.example')).json().data;
    expect(byUrl.website).toHaveLength(1);
    const nothing = (await list('otro monitor')).json().data;
    expect(Object.values(nothing).flat()).toEqual([]);
  });

  it('needs a monitor that exists', async () => {
    expect((await list(undefined, '0192aaaa-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });
});
