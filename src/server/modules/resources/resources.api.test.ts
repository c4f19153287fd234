import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, resources } from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
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

describe('POST /api/resources/upload-image', () => {
  let ctx: TestContext;
  let organizationId: string;
  let otherOrganizationId: string;
  let token: string;
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  beforeAll(async () => {
    ctx = await createTestApp();
    organizationId = (await createOrganization(ctx.database.db)).id;
    otherOrganizationId = (await createOrganization(ctx.database.db)).id;
    token = await signIn(ctx.app, (await createUser(ctx.database.db, { permissions: ['RESOURCES'] })).email);
  });
  afterAll(() => ctx.close());

  const article = async (organization = organizationId) => {
    const [row] = await ctx.database.db
      .insert(resources)
      .values({
        organizationId: organization,
        title: `Artículo ${Math.random()}`,
        classification: 'ARTICLE',
        url: 'https://example.org/articulo',
      })
      .returning();
    return row!.id;
  };
  const upload = (id: string, data: Buffer | null, organization = organizationId, as = token) => {
    const boundary = '----vigia';
    const parts: Buffer[] = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="_id"\r\n\r\n${id}\r\n`),
    ];
    if (data) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return ctx.app.inject({
      method: 'POST',
      url: '/api/resources/upload-image',
      headers: { ...bearer(as, organization), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(parts),
    });
  };

  it('stores the image of an article, shows it on /resources and replaces the previous one', async () => {
    const id = await article();
    const first = await upload(id, png);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('La imagen del recurso se guardó correctamente');
    const image = first.json().data.image as string;
    const served = await ctx.app.inject({ method: 'GET', url: `/public-api/files/image/${image}` });
    expect(served.headers['content-type']).toBe('image/png');
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/public-api/resources/list',
      headers: { 'x-current-organization-id': organizationId },
    });
    expect(listed.json().data.article.find((item: { _id: string }) => item._id === id)?.image).toBe(image);

    const second = await upload(id, png);
    expect(second.json().data.image).not.toBe(image);
    const [old] = await ctx.database.db.select().from(files).where(eq(files.id, image));
    expect(old).toBeUndefined();
  });

  it('refuses other file types, unsafe SVG, a missing file, and resources of another monitor', async () => {
    const id = await article();
    const html = await upload(id, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(415);
    const svg = await upload(id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'));
    expect(svg.statusCode).toBe(422);
    const missing = await upload(id, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Selecciona una imagen (campo image).');
    const foreign = await upload(await article(otherOrganizationId), png);
    expect(foreign.statusCode).toBe(404);
    const noPermission = await signIn(ctx.app, (await createUser(ctx.database.db)).email);
    expect((await upload(id, png, organizationId, noPermission)).statusCode).toBe(403);
  });
});
