import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_WORDING } from '../../../shared/calculations/compare';
import { buildApp } from '../../app';
import { createOrganization, seedGeneratedMonitor } from '../../test/factories';
import { poppler } from '../../test/pdf-text';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';

/**
 * Comparisons: our side equals the contracts page and the index page; another server's side is
 * read through the guarded client (a second app on loopback, allow-listed); hostile peers get a
 * clear Spanish refusal and nothing else.
 */
describe('comparisons between monitors', () => {
  let ctx: TestContext;
  let peer: TestContext;
  let strict: TestContext;
  let peerBase: string;
  let hostile: http.Server;
  let hostileBase: string;
  let monitorId: string;
  let peerMonitorId: string;
  let otherId: string;

  beforeAll(async () => {
    const allow = { peers: { allowPrivate: ['127.0.0.1/32'], timeoutMs: 3_000 } };
    const fewComparisons = { rateLimits: { ...testConfig().rateLimits, comparisonsPerMinute: 3 } };
    [ctx, peer, strict] = await Promise.all([
      createTestApp({ config: allow }),
      createTestApp(),
      createTestApp({ config: fewComparisons }),
    ]);
    monitorId = (await seedGeneratedMonitor(ctx.database.db, { contracts: 300, suppliers: 20 })).organization
      .id;
    otherId = (await seedGeneratedMonitor(ctx.database.db, { contracts: 120, suppliers: 10, seed: 11 }))
      .organization.id;
    peerMonitorId = (await seedGeneratedMonitor(peer.database.db, { contracts: 200, suppliers: 15 }))
      .organization.id;
    await createOrganization(peer.database.db, { deletedAt: new Date(), name: 'Monitor borrado' });
    await peer.app.listen({ port: 0, host: '127.0.0.1' });
    peerBase = `http://127.0.0.1:${(peer.app.server.address() as AddressInfo).port}`;

    // A server that answers like no monitor should: the monitor id asked says how.
    hostile = http.createServer((request, response) => {
      const address = new URL(request.url ?? '/', 'http://x');
      const behaviour = address.pathname.endsWith('/local/list') ? 'script' : address.searchParams.get('id');
      const json = (body: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (behaviour === 'html') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html>hola</html>');
      } else if (behaviour === 'strings') {
        json({
          data: {
            organization: { _id: 'x', name: 'X', color: '#000' },
            totals: { public: '1', invitation: 0, noBid: 0, total: 1 },
            counts: { public: 1, invitation: 0, noBid: 0, total: 1 },
          },
        });
      } else if (behaviour === 'scale') {
        json({
          data: {
            organization: { _id: 'x', name: 'X', color: '#000' },
            corruptionIndex: { result: 250 },
            totals: { public: 1, invitation: 0, noBid: 0, total: 1 },
            counts: { public: 1, invitation: 0, noBid: 0, total: 1 },
          },
        });
      } else if (behaviour === 'script') {
        json([
          {
            _id: 'm1',
            name: '<script>alert(1)</script>Monitor <b>Hostil</b>',
            shortName: 'HOST',
            color: 'red;x:url(y)',
          },
          { _id: 'm2', name: 'Borrado', shortName: 'B', color: '#123456', deleted: true },
        ]);
      } else if (behaviour === 'metadata') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      } else if (behaviour === 'trickle') {
        // Answers at once, then trickles a body read until the connection closes, past the deadline.
        const socket = request.socket;
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n{"data":');
        const timer = setInterval(() => socket.write(' '), 100);
        socket.on('close', () => clearInterval(timer));
      } else if (behaviour === 'huge') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(`[${'"x",'.repeat(400_000)}"x"]`);
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    hostileBase = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    hostile.closeAllConnections();
    await new Promise<void>((resolve) => hostile.close(() => resolve()));
    await Promise.all([ctx.close(), peer.close(), strict.close()]);
  });

  const get = (app: TestContext, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers });

  it('computes our side from the figures engine and the index: equal to the contracts and index pages', async () => {
    for (const id of [monitorId, otherId]) {
      const detail = (await get(ctx, `/public-api/comparations/detail?id=${id}`)).json().data;
      const index = (await get(ctx, `/public-api/comparations/corruption-index?id=${id}`)).json().data;
      expect(detail.administrationPeriod).toBe(index.administrationPeriod);
      expect(detail.corruptionIndex.result).toBe(index.corruptionIndex.result);
      expect(detail.methodKey).toBe(index.corruptionIndex.hash);
      const list = (
        await ctx.app.inject({
          method: 'POST',
          url: '/public-api/contracts/filtered-list?page=1',
          headers: { 'x-current-organization-id': id },
          payload: { filters: { administrationPeriods: [detail.administrationPeriod] } },
        })
      ).json().data;
      expect(detail.totals.total).toBeCloseTo(list.totals.totalAmount, 2);
      expect(detail.totals.public).toBeCloseTo(list.totals.PUBLIC, 2);
      expect(detail.counts).toEqual({
        public: list.totals.publicCount,
        invitation: list.totals.invitationCount,
        noBid: list.totals.noBidCount,
        total: list.totals.totalCount,
      });
      expect(
        detail.totals.publicPercent + detail.totals.invitationPercent + detail.totals.noBidPercent,
      ).toBeCloseTo(1, 9);
      expect(detail.calculationsInfo.length).toBe(index.calculationsInfo.length);
    }
    expect(
      (await get(ctx, '/public-api/comparations/detail?id=0192aaaa-0000-7000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await get(ctx, '/public-api/comparations/detail?id=no-es-un-id')).statusCode).toBe(404);
  });

  it('says a side has too little data: no score, the figures it has', async () => {
    const small = (await seedGeneratedMonitor(ctx.database.db, { contracts: 12, suppliers: 4, seed: 23 }))
      .organization.id;
    const side = (await get(ctx, `/public-api/comparations/detail?id=${small}`)).json().data;
    expect(side.insufficientData).toBe(true);
    expect(side.corruptionIndex.result).toBeNull();
    expect(side.counts.total).toBeLessThan(30);
    const empty = (await createOrganization(ctx.database.db)).id;
    const none = (await get(ctx, `/public-api/comparations/detail?id=${empty}`)).json().data;
    expect([none.administrationPeriod, none.corruptionIndex?.result ?? null, none.totals.total]).toEqual([
      null,
      null,
      0,
    ]);
    expect(none.totals.publicPercent).toBeNull();
  });

  it('lists our monitors for other servers: public fields only, no deleted ones', async () => {
    const docs = (await get(peer, '/public-api/organizations/local/list')).json();
    expect(Array.isArray(docs)).toBe(true);
    expect(docs.map((doc: { name: string }) => doc.name)).not.toContain('Monitor borrado');
    expect(Object.keys(docs[0]).sort()).toEqual(['_id', 'color', 'name', 'shortName']);
  });

  it("reads another server's monitors and one side from it, as that server computes it", async () => {
    const found = (
      await get(
        ctx,
        `/public-api/organizations/remote/list?search=${encodeURIComponent(`${peerBase}/cualquier/ruta`)}`,
      )
    ).json().data;
    expect(found.baseRemoteUrl).toBe(peerBase);
    expect(found.docs.map((doc: { _id: string }) => doc._id)).toContain(peerMonitorId);
    const answer = await get(
      ctx,
      `/public-api/comparations/detail?id=${peerMonitorId}&url=${encodeURIComponent(peerBase)}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const remote = answer.json().data;
    const there = (await get(peer, `/public-api/comparations/detail?id=${peerMonitorId}`)).json().data;
    expect(remote.totals).toEqual(there.totals);
    expect(remote.counts).toEqual(there.counts);
    expect(remote.corruptionIndex.result).toBe(there.corruptionIndex.result);
    expect(remote.corruptionIndex.expression).toBe(there.corruptionIndex.expression);
    expect(remote.organization).toMatchObject({ _id: peerMonitorId, url: peerBase });
    // Both installations have the default index: the same method, whatever the ids.
    const ours = (await get(ctx, `/public-api/comparations/detail?id=${monitorId}`)).json().data;
    expect(remote.methodKey).toBe(ours.methodKey);
    // A name searches this installation's monitors.
    const local = (await get(ctx, '/public-api/organizations/remote/list?search=Monitor')).json().data;
    expect(local.baseRemoteUrl).toBeNull();
  });

  it('refuses loopback peers unless allow-listed, and hostile answers, with a Spanish message', async () => {
    const refused = await get(
      strict,
      `/public-api/organizations/remote/list?search=${encodeURIComponent(peerBase)}`,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'La dirección apunta a una red privada o reservada; por seguridad no se consulta.',
    );
    const detail = (id: string) =>
      `/public-api/comparations/detail?id=${id}&url=${encodeURIComponent(hostileBase)}`;
    const cases: [string, string][] = [
      [detail('html'), 'no es la de un monitor'],
      [detail('strings'), 'no tiene el formato esperado'],
      [detail('scale'), 'no tiene el formato esperado'],
      [detail('metadata'), 'red privada'],
      [detail('trickle'), 'tardó demasiado'],
      [detail('huge'), 'demasiado grande'],
      [detail('missing'), 'respondió con un error'],
    ];
    for (const [url, message] of cases) {
      const response = await get(ctx, url);
      expect([response.statusCode, response.json().message], url).toEqual([
        422,
        expect.stringContaining(message),
      ]);
    }
  });

  it('answers an address that asks for too many sides a 429 in Spanish, both paths counted together', async () => {
    const id = (await createOrganization(strict.database.db)).id;
    const ask = (path: string, remoteAddress = '203.0.113.7') =>
      strict.app.inject({ method: 'GET', url: `${path}?id=${id}`, remoteAddress });
    for (const path of [
      '/public-api/comparations/detail',
      '/public-api/comparations/detail/',
      '/public-api/comparations/detail',
    ])
      expect((await ask(path)).statusCode).toBe(200);
    const refused = await ask('/public-api/comparations/detail/');
    expect([refused.statusCode, refused.json().message]).toEqual([
      429,
      'Has pedido demasiadas comparaciones en poco tiempo. Espera un minuto e intenta nuevamente.',
    ]);
    // Another address has its own count.
    expect((await ask('/public-api/comparations/detail', '203.0.113.8')).statusCode).toBe(200);
  });

  it('keeps a hostile monitor list as plain text with a safe colour, without deleted monitors', async () => {
    const response = await get(
      ctx,
      `/public-api/organizations/remote/list?search=${encodeURIComponent(hostileBase)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.docs).toEqual([
      { _id: 'm1', name: 'alert(1)Monitor Hostil', shortName: 'HOST', color: '#2cbcb6' },
    ]);
    // Not an address we may call: refused before any connection.
    const ftp = await get(
      ctx,
      `/public-api/comparations/detail?id=x&url=${encodeURIComponent('ftp://127.0.0.1/')}`,
    );
    expect([ftp.statusCode, ftp.json().message]).toEqual([
      400,
      'La dirección del otro monitor no es válida.',
    ]);
  });

  it("records the comparisons a visitor is shown, per monitor, newest first, once each, and the original's save", async () => {
    const viewer = (await createOrganization(ctx.database.db)).id;
    const headers = { 'x-current-organization-id': viewer };
    const retrieve = async () => (await get(ctx, '/public-api/comparations/retrieve', headers)).json().data;
    expect(await retrieve()).toEqual([]);
    await get(ctx, `/public-api/comparations/detail?id=${monitorId}`, headers);
    await get(
      ctx,
      `/public-api/comparations/detail?id=${peerMonitorId}&url=${encodeURIComponent(peerBase)}`,
      headers,
    );
    await get(ctx, `/public-api/comparations/detail?id=${monitorId}`, headers);
    // The monitor's own side is not a comparison; another monitor keeps its own list.
    await get(ctx, `/public-api/comparations/detail?id=${viewer}`, headers);
    const list = await retrieve();
    expect(
      list.map((item: { target: string; remoteUrl: string | null }) => [item.target, item.remoteUrl]),
    ).toEqual([
      [monitorId, null],
      [peerMonitorId, peerBase],
    ]);
    expect(
      (await get(ctx, '/public-api/comparations/retrieve', { 'x-current-organization-id': monitorId })).json()
        .data,
    ).toEqual([]);
    // The original's save: only monitors that exist or answer.
    const save = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/public-api/comparations/save', headers, payload });
    expect((await save({ target: '0192aaaa-0000-7000-8000-000000000000' })).statusCode).toBe(404);
    expect((await save({ target: 'x', url: `${hostileBase}` })).statusCode).toBe(422);
    expect((await retrieve()).length).toBe(2);
    // Bounded: fourteen more targets, the page shows the newest twelve.
    for (let index = 0; index < 14; index++) {
      const other = (await createOrganization(ctx.database.db)).id;
      expect((await save({ target: other })).json()).toEqual({ error: false, message: 'Saved!' });
    }
    expect((await retrieve()).length).toBe(12);
  });

  it('records a view without a write when the list would not change, right across processes', async () => {
    const viewer = (await createOrganization(ctx.database.db)).id;
    const headers = { 'x-current-organization-id': viewer };
    // Two processes of one installation: the same database, each its own memory; a second apart.
    let clock = Date.now();
    const now = () => {
      clock += 1_000;
      return new Date(clock);
    };
    const [one, two] = await Promise.all([
      buildApp(testConfig(), { database: ctx.database, now }),
      buildApp(testConfig(), { database: ctx.database, now }),
    ]);
    const view = async (app: typeof one, id: string) =>
      expect(
        (await app.inject({ method: 'GET', url: `/public-api/comparations/detail?id=${id}`, headers }))
          .statusCode,
      ).toBe(200);
    const targets = async (app: typeof one) =>
      (await app.inject({ method: 'GET', url: '/public-api/comparations/retrieve', headers }))
        .json()
        .data.map((item: { target: string }) => item.target);
    // Each row's version (xmin changes with every write of the row).
    const versions = async () =>
      (
        (await ctx.database.db.execute(sql`
          SELECT target_id, xmin::text AS version, updated_at FROM comparisons
          WHERE organization_id = ${viewer} ORDER BY target_id`)) as unknown as { rows: unknown[] }
      ).rows;
    try {
      await view(one, monitorId);
      const first = await versions();
      expect(first.length).toBe(1);
      // Seen again, here and on the other process: the list would not change, nothing is written.
      for (const app of [one, one, two, two]) await view(app, monitorId);
      expect(await versions()).toEqual(first);
      // A new comparison on the other process heads the list, for both.
      await view(two, otherId);
      expect(await targets(one)).toEqual([otherId, monitorId]);
      // The first one again, on the first process: back to the top (it does not trust a memory).
      await view(one, monitorId);
      expect(await targets(two)).toEqual([monitorId, otherId]);
      const moved = await versions();
      await view(two, monitorId);
      expect(await versions()).toEqual(moved);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('downloads a comparison computed on the server, equal to the two sides the page shows', {
    timeout: 60_000,
  }, async () => {
    const other = { id: otherId };
    const left = (await get(ctx, `/public-api/comparations/detail?id=${monitorId}`)).json().data;
    const right = (await get(ctx, `/public-api/comparations/detail?id=${other.id}`)).json().data;
    const headers = { 'x-current-organization-id': monitorId };
    const download = (format: string, query = '') =>
      get(ctx, `/public-api/comparations/download-comparison/${format}/${other.id}${query}`, headers);

    const xls = await download('xls');
    expect(xls.statusCode, xls.body).toBe(200);
    expect(xls.headers['content-disposition']).toMatch(
      /filename="vigia-comparacion-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xls.rawPayload as unknown as ArrayBuffer);
    const amounts = book.getWorksheet('Montos')!;
    const header = (amounts.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
    expect(header).toEqual([
      'TIPO DE PROCEDIMIENTO',
      `MONTO ${left.organization.shortName}`,
      `% ${left.organization.shortName}`,
      `MONTO ${right.organization.shortName}`,
      `% ${right.organization.shortName}`,
    ]);
    const total = amounts.getRow(5).values as ExcelJS.CellValue[];
    expect(total[1]).toBe('Total');
    expect(total[2] as number).toBeCloseTo(left.totals.total, 2);
    expect(total[4] as number).toBeCloseTo(right.totals.total, 2);
    const noBid = amounts.getRow(4).values as ExcelJS.CellValue[];
    expect(noBid[2] as number).toBeCloseTo(left.totals.noBid, 2);
    expect(noBid[3]).toBe(`${(Math.round(left.totals.noBidPercent * 10_000) / 100).toFixed(2)}%`);
    const counts = book.getWorksheet('Contratos')!.getRow(5).values as ExcelJS.CellValue[];
    expect(counts.slice(1)).toEqual(['Total', left.counts.total, right.counts.total]);
    const index = book.getWorksheet('Índice')!;
    expect(index.getRow(2).getCell(1).value).toBe(left.organization.name);
    expect(index.getRow(3).getCell(1).value).toBe(right.organization.name);

    // JSON: both sides as the detail call answers them, and the general data paired by key.
    const json = (await download('json')).json();
    expect(json.detailLeft.totals).toEqual(left.totals);
    expect(json.detailRight.counts).toEqual(right.counts);
    expect(json.sameMethod).toBe(true);
    expect(json.generalData.length).toBe(left.calculationsInfo.length);

    // Each side in its own period; an unknown monitor is a 404, a malformed period a 400.
    const period = right.administrationPeriods.at(-1);
    const older = (
      await get(ctx, `/public-api/comparations/detail?id=${other.id}&administrationPeriod=${period}`)
    ).json().data;
    const byPeriod = (await download('json', `?rightAdministrationPeriod=${period}`)).json();
    expect(byPeriod.detailRight.administrationPeriod).toBe(period);
    expect(byPeriod.detailRight.totals).toEqual(older.totals);
    expect((await download('json', '?rightAdministrationPeriod=2020')).statusCode).toBe(400);
    expect(
      (
        await get(
          ctx,
          '/public-api/comparations/download-comparison/json/0192aaaa-0000-7000-8000-000000000000',
          headers,
        )
      ).statusCode,
    ).toBe(404);

    const pdf = await download('pdf');
    expect(pdf.statusCode).toBe(200);
    const text = (await poppler('pdftotext', pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(
      `Comparación de monitores: ${left.organization.shortName} y ${right.organization.shortName}`,
    );
    // The screen's wording (one constant), not a variant of its own.
    expect(text).toContain(METHOD_WORDING.same);
  });

  it('downloads a comparison with a monitor on another server, read from it', {
    timeout: 30_000,
  }, async () => {
    const there = (await get(peer, `/public-api/comparations/detail?id=${peerMonitorId}`)).json().data;
    const response = await get(
      ctx,
      `/public-api/comparations/download-comparison/json/${peerMonitorId}?url=${encodeURIComponent(peerBase)}&organization=${monitorId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.detailRight.totals).toEqual(there.totals);
    expect(body.detailRight.organization.url).toBe(peerBase);
    // A peer that redirects to the metadata address: refused, no file.
    const refused = await get(
      ctx,
      `/public-api/comparations/download-comparison/json/metadata?url=${encodeURIComponent(hostileBase)}&organization=${monitorId}`,
    );
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      expect.stringContaining('red privada'),
    ]);
    expect(refused.headers['content-disposition']).toBeUndefined();
  });
});
