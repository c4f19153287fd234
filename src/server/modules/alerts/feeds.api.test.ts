import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { dataLoads } from '../../db/schema';
import { bearer, createUser, signIn } from '../../test/auth';
import {
  contractEntry,
  createContract,
  createOrganization,
  createSupplier,
  createUnit,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

const PUBLIC_URL = 'https://vigia.example.org';
const ATOM_SCHEMA = {
  fileName: 'atom.rng',
  contents: readFileSync(path.resolve(import.meta.dirname, '../../test/fixtures/atom/atom.rng'), 'utf8'),
};

interface Link {
  rel: string;
  type: string;
  href: string;
}
interface Entry {
  id: string;
  title: string;
  updated: string;
  summary: string;
  links: Link[];
  categories: string[];
}
interface Feed {
  lang: string;
  id: string;
  title: string;
  updated: string;
  author: string;
  links: Link[];
  entries: Entry[];
}

/** The feed as a reader sees it (names and texts unescaped), from an XML parser, not a pattern. */
function parseFeed(xml: string): Feed {
  const parser = new SaxesParser({ xmlns: true });
  const feed: Feed = { lang: '', id: '', title: '', updated: '', author: '', links: [], entries: [] };
  const path: string[] = [];
  let text = '';
  let entry: Entry | null = null;
  parser.on('opentag', (tag) => {
    expect(tag.uri).toBe('http://www.w3.org/2005/Atom');
    path.push(tag.local);
    text = '';
    const attribute = (name: string) => tag.attributes[name]?.value ?? '';
    if (tag.local === 'feed') feed.lang = tag.attributes['xml:lang']?.value ?? '';
    if (tag.local === 'entry')
      entry = { id: '', title: '', updated: '', summary: '', links: [], categories: [] };
    if (tag.local === 'link')
      (entry?.links ?? feed.links).push({
        rel: attribute('rel'),
        type: attribute('type'),
        href: attribute('href'),
      });
    if (tag.local === 'category') entry?.categories.push(attribute('term'));
  });
  parser.on('text', (value) => {
    text += value;
  });
  parser.on('closetag', (tag) => {
    path.pop();
    const target = (entry ?? feed) as unknown as Record<string, unknown>;
    if (['id', 'title', 'updated', 'summary'].includes(tag.local) && path.at(-1) !== 'author')
      target[tag.local] = text;
    if (tag.local === 'name' && path.at(-1) === 'author') feed.author = text;
    if (tag.local === 'entry' && entry) {
      feed.entries.push(entry);
      entry = null;
    }
  });
  parser.write(xml).close();
  return feed;
}

/**
 * Valid against RFC 4287's RELAX NG grammar (the fixture), and the appendix's two Schematron rules
 * RELAX NG cannot say: an author on the feed (or on every entry), and each entry without content
 * carrying a rel="alternate" link.
 */
async function expectValidAtom(xml: string): Promise<Feed> {
  const result = await validateXML({
    xml: { fileName: 'feed.xml', contents: xml },
    schema: ATOM_SCHEMA,
    extension: 'relaxng',
  });
  expect(result.errors.map((error) => error.rawMessage)).toEqual([]);
  expect(result.valid).toBe(true);
  const feed = parseFeed(xml);
  expect(feed.author).not.toBe('');
  expect(feed.lang).toBe('es');
  for (const entry of feed.entries) {
    expect(entry.links.filter((link) => link.rel === 'alternate')).toHaveLength(1);
    // RFC 3339, as the schema's xsd:dateTime does not insist on a zone.
    expect(entry.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  }
  expect(feed.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  return feed;
}

/**
 * The Atom feeds of a monitor (issue 33, decision 0053): what each lists, of its monitor only,
 * newest first and at most 50, escaped, valid Atom, cached with an ETag, and 404 for what is not there.
 */
describe('Atom feeds of a monitor', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let monitorId: string;
  let otherId: string;
  let token: string;
  let units: { first: string; second: string; other: string };
  let suppliers: { odd: string; plain: string; other: string };
  const saved: Record<string, string> = {};
  const ODD_SUPPLIER = 'PAPELERÍA "LA <ESTRELLA>" & HIJOS';
  const ODD_DESCRIPTION = 'Compra de "papel" & tóner <urgente> para la Dirección de Años';

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
  /** A contract with its documents' links (else the 'no document' flags are raised too). */
  const entry = (refs: Parameters<typeof contractEntry>[0], overrides: Record<string, unknown> = {}) =>
    contractEntry(refs, {
      announcementUrl: 'https://example.org/convocatoria.pdf',
      contractUrl: 'https://example.org/contrato.pdf',
      ...overrides,
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });
  const feedOf = async (url: string) => {
    const answer = await get(url);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    return expectValidAtom(answer.body);
  };
  const contractIds = (feed: Feed) => feed.entries.map((entry) => entry.id.split('/contract/')[1]);

  beforeAll(async () => {
    ctx = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
    const { db } = ctx.database;
    monitorId = (await createOrganization(db, { name: 'Municipio de Ñuño & <Asociados>' })).id;
    otherId = (await createOrganization(db)).id;
    token = await signIn(ctx.app, (await createUser(db, { permissions: ['CONTRACTS'] })).email);
    units = {
      first: (await createUnit(db, monitorId, { name: 'Dirección de Obras "Públicas"' })).id,
      second: (await createUnit(db, monitorId)).id,
      other: (await createUnit(db, otherId)).id,
    };
    suppliers = {
      odd: (await createSupplier(db, monitorId, { name: ODD_SUPPLIER })).id,
      plain: (await createSupplier(db, monitorId)).id,
      other: (await createSupplier(db, otherId)).id,
    };
    const single = { bidders: [{ name: 'Único Postor', rfc: 'UPO010101AB1' }] };
    saved.odd = await save(
      monitorId,
      entry(
        { supplier: suppliers.odd, unit: units.first },
        { servicesDescription: ODD_DESCRIPTION, totalAmount: 1_234_567.8 },
      ),
    );
    saved.requested = await save(
      monitorId,
      entry({ supplier: suppliers.plain, unit: units.second, applicant: units.first }, single),
    );
    saved.plain = await save(monitorId, entry({ supplier: suppliers.plain, unit: units.second }));
    saved.other = await save(otherId, entry({ supplier: suppliers.other, unit: units.other }, single));
    await db.insert(dataLoads).values([
      {
        organizationId: monitorId,
        fileName: 'interno-no-publicar.xlsx',
        status: 'CONFIRMED',
        confirmedAt: new Date(Date.now() + 60_000),
        summary: {
          newContractsCount: 1200,
          newSuppliersCount: 1,
          newAdministrativeUnitsCount: 2,
          skippedContractsCount: 0,
          skippedSuppliersCount: 0,
          skippedAdministrativeUnitsCount: 0,
          errorsCount: 0,
          notContractsCount: 0,
        },
      },
      { organizationId: monitorId, fileName: 'cancelada.xlsx', status: 'CANCELLED' },
      { organizationId: otherId, fileName: 'otra.xlsx', status: 'CONFIRMED', confirmedAt: new Date() },
    ]);
  });
  afterAll(() => ctx.close());

  it('lists the monitor’s new contracts and confirmed loads, newest first, with stable ids and links', async () => {
    const feed = await feedOf(`/feeds/${monitorId}.atom`);
    expect(feed.id).toBe(`tag:vigia.example.org,2026:${monitorId}/feed`);
    expect(feed.title).toBe('Municipio de Ñuño & <Asociados>: contratos nuevos y cargas de datos');
    expect(feed.links).toEqual([
      { rel: 'self', type: 'application/atom+xml', href: `${PUBLIC_URL}/feeds/${monitorId}.atom` },
      {
        rel: 'alternate',
        type: 'text/html',
        href: `${PUBLIC_URL}/contracts?changeOrganization=${monitorId}`,
      },
    ]);
    const [load, ...contracts] = feed.entries;
    expect(load!.id).toMatch(new RegExp(`^tag:vigia\\.example\\.org,2026:${monitorId}/data-load/`));
    expect(load!.title).toBe('Carga de datos: 1,200 contratos nuevos');
    expect(load!.summary).toMatch(
      /^Se confirmó una carga de datos el \d{2}\/\d{2}\/\d{4} con 1,200 contratos nuevos, 1 proveedor nuevo y 2 unidades administrativas nuevas\.$/,
    );
    // Neither the file's name nor the cancelled load reach the public.
    expect(JSON.stringify(feed)).not.toMatch(/interno-no-publicar|cancelada/);
    expect(contracts.map((entry) => entry.id.split('/contract/')[1])).toEqual([
      saved.plain,
      saved.requested,
      saved.odd,
    ]);
    expect(contracts[2]!.links).toEqual([
      {
        rel: 'alternate',
        type: 'text/html',
        href: `${PUBLIC_URL}/contracts/${saved.odd}?changeOrganization=${monitorId}`,
      },
    ]);
    // The same feed asked again is the same document (ids and dates do not move).
    expect((await get(`/feeds/${monitorId}.atom`)).body).toBe((await get(`/feeds/${monitorId}.atom`)).body);
  });

  it('escapes names and descriptions, and says supplier, procedure, amount and date in Spanish', async () => {
    const answer = await get(`/feeds/${monitorId}/suppliers/${suppliers.odd}.atom`);
    expect(answer.body).not.toContain('<urgente>');
    expect(answer.body).toContain('&lt;urgente&gt;');
    expect(answer.body).toContain('&quot;LA &lt;ESTRELLA&gt;&quot; &amp; HIJOS');
    const feed = await expectValidAtom(answer.body);
    expect(feed.title).toBe(`Municipio de Ñuño & <Asociados>: contratos de ${ODD_SUPPLIER}`);
    const [first] = feed.entries;
    expect(first!.title).toMatch(
      /^CTO-[0-9a-f]+: Compra de "papel" & tóner <urgente> para la Dirección de Años$/,
    );
    expect(first!.summary.split('\n')).toEqual([
      `Proveedor: ${ODD_SUPPLIER}`,
      'Tipo de procedimiento: Pública',
      'Monto: $1,234,567.80',
      'Fecha del contrato: 10/05/2022',
    ]);
  });

  it('lists exactly a supplier’s, a unit’s (requesting or convening) and a flag’s contracts of the monitor', async () => {
    expect(contractIds(await feedOf(`/feeds/${monitorId}/suppliers/${suppliers.plain}.atom`))).toEqual([
      saved.plain,
      saved.requested,
    ]);
    const unit = await feedOf(`/feeds/${monitorId}/units/${units.first}.atom`);
    expect(contractIds(unit)).toEqual([saved.requested, saved.odd]);
    expect(unit.links[1]!.href).toBe(
      `${PUBLIC_URL}/contracts?unidad=${units.first}&changeOrganization=${monitorId}`,
    );
    expect(contractIds(await feedOf(`/feeds/${monitorId}/units/${units.second}.atom`))).toEqual([
      saved.plain,
      saved.requested,
    ]);
    const single = await feedOf(`/feeds/${monitorId}/flags/SINGLE_BIDDER.atom`);
    expect(contractIds(single)).toEqual([saved.requested]);
    expect(single.title).toBe(
      'Municipio de Ñuño & <Asociados>: contratos con la señal «Un solo participante»',
    );
    expect(single.entries[0]!.categories).toEqual(['SINGLE_BIDDER']);
    expect(single.entries[0]!.summary).toContain(
      'Señal de alerta: Un solo participante. Solo participó Único Postor (RFC UPO010101AB1) en el procedimiento.',
    );
    expect(contractIds(await feedOf(`/feeds/${monitorId}/flags/ANY.atom`))).toEqual([saved.requested]);
    expect(contractIds(await feedOf(`/feeds/${monitorId}/flags/OUTLIER_AMOUNT.atom`))).toEqual([]);
    // The other monitor's feeds hold its own contract only.
    expect(contractIds(await feedOf(`/feeds/${otherId}.atom`)).filter(Boolean)).toEqual([saved.other]);
    expect(contractIds(await feedOf(`/feeds/${otherId}/flags/ANY.atom`))).toEqual([saved.other]);
  });

  it('answers 404 for a monitor, supplier, unit or flag that is not there, or is another monitor’s', async () => {
    const missing = '01900000-0000-7000-8000-000000000000';
    for (const url of [
      `/feeds/${missing}.atom`,
      '/feeds/not-an-id.atom',
      `/feeds/${monitorId}/suppliers/${missing}.atom`,
      `/feeds/${monitorId}/suppliers/${suppliers.other}.atom`,
      `/feeds/${monitorId}/suppliers/x.atom`,
      `/feeds/${monitorId}/units/${units.other}.atom`,
      `/feeds/${monitorId}/flags/NOPE.atom`,
      `/feeds/${monitorId}/flags/single_bidder.atom`,
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().error, url).toBe(true);
    }
  });

  it('sends an ETag and answers 304 to it; a new contract changes the feed', async () => {
    const url = `/feeds/${monitorId}.atom`;
    const first = await get(url);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const newer = await save(monitorId, entry({ supplier: suppliers.plain, unit: units.second }));
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(contractIds(await expectValidAtom(changed.body))).toContain(newer);
  });

  it('has a validator that refuses what is not Atom', async () => {
    const xml = (await get(`/feeds/${monitorId}.atom`)).body;
    for (const broken of [
      xml.replace(/<id>[^<]*<\/id>/, ''),
      xml.replace(/<updated>[^<]*<\/updated>/, '<updated>ayer</updated>'),
      xml.replace('<title type="text">', '<title type="markdown">'),
    ]) {
      const result = await validateXML({
        xml: { fileName: 'feed.xml', contents: broken },
        schema: ATOM_SCHEMA,
        extension: 'relaxng',
      });
      expect(result.valid).toBe(false);
    }
  });

  it('keeps the 50 most recently created contracts, newest first', async () => {
    const { db } = ctx.database;
    const organization = await createOrganization(db);
    const unitId = (await createUnit(db, organization.id)).id;
    const created: string[] = [];
    for (let i = 0; i < 55; i++) {
      const row = await createContract(db, {
        organizationId: organization.id,
        unitId,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      });
      created.push(row.id);
    }
    // A deleted contract and a row saying no procedures were held are no news.
    await createContract(db, { organizationId: organization.id, unitId, deletedAt: new Date() });
    await createContract(db, { organizationId: organization.id, unitId, isEmpty: true });
    const feed = await feedOf(`/feeds/${organization.id}.atom`);
    expect(contractIds(feed)).toEqual(created.reverse().slice(0, 50));
    const unit = await feedOf(`/feeds/${organization.id}/units/${unitId}.atom`);
    expect(unit.entries).toHaveLength(50);
    // An empty feed is valid Atom too.
    expect((await feedOf(`/feeds/${organization.id}/flags/ANY.atom`)).entries).toEqual([]);
  });
});
