import http, { type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isPublicAddress, mayConnect, parseAllowList } from './addresses';
import { AnswerCache } from './answer-cache';
import { createOutboundClient, OutboundError } from './client';

const Monitor = z.object({ name: z.string(), color: z.string().regex(/^#[0-9a-f]{6}$/i) });

/** A small HTTP server on loopback whose answers each test chooses by path. */
let server: http.Server;
let base: string;
let hits = 0;
const routes = new Map<string, RequestListener>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits++;
    const route = routes.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const json =
    (body: unknown): RequestListener =>
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
  routes.set('/monitor', json({ name: 'Monitor de prueba', color: '#336699' }));
  routes.set('/html', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html><body>No soy un monitor</body></html>');
  });
  routes.set('/big', (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`{"name":"${'x'.repeat(2_000_000)}","color":"#000000"}`);
  });
  // A valid answer padded to 900 KB with empty objects (some 20 MB once parsed).
  routes.set('/padded', (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`{"name":"Monitor de prueba","color":"#336699","padding":[${'{},'.repeat(300_000)}{}]}`);
  });
  // Answers at once, then trickles its body (read until the connection closes: no length, not
  // chunked) a byte at a time, never done before the deadline.
  routes.set('/trickle', (request) => {
    const socket = request.socket;
    socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n{"name":"Monitor de prueba"');
    const timer = setInterval(() => socket.write(' '), 50);
    socket.on('close', () => clearInterval(timer));
  });
  routes.set('/hang', () => {
    /* never answers */
  });
  routes.set('/to-metadata', (_request, response) =>
    response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  );
  routes.set('/to-monitor', (_request, response) => response.writeHead(301, { location: '/monitor' }).end());
  routes.set('/loop', (_request, response) => response.writeHead(302, { location: '/loop' }).end());
  routes.set('/script', json({ name: '<script>alert(1)</script>', color: 'red; background:url(x)' }));
  routes.set('/error', (_request, response) => response.writeHead(500).end('{}'));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const loopback = (extra: Partial<Parameters<typeof createOutboundClient>[0]> = {}) =>
  createOutboundClient({ allowPrivate: ['127.0.0.1/32'], cacheMs: 0, ...extra });

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as Error).message).toMatch(/^[A-ZÁÉÍÓÚ¿].+\.$/);
    return (error as OutboundError).reason;
  }
}

describe('isPublicAddress', () => {
  it('refuses every private, loopback, link-local, reserved and embedded-IPv4 form', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      // IPv4-compatible IPv6 (::/96, deprecated): ::127.0.0.1 is written ::7f00:1.
      '::7f00:1',
      '::127.0.0.1',
      '::a00:1',
      '::8.8.8.8',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2001::1',
      '2001:db8::1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('lets an allow-listed IPv4 range admit its mapped form, not the IPv4-compatible one', () => {
    const allow = parseAllowList(['127.0.0.1/32']);
    expect(mayConnect('::ffff:7f00:1', '::ffff:7f00:1', allow)).toBe(true);
    expect(mayConnect('::7f00:1', '::7f00:1', allow)).toBe(false);
    expect(mayConnect('::127.0.0.1', '::127.0.0.1', allow)).toBe(false);
  });

  it('accepts public unicast addresses, IPv4 and IPv6', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '200.57.7.1', '::ffff:8.8.8.8', '2606:4700:4700::1111'])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('the guarded outbound client', () => {
  it('refuses a server on loopback unless the allow-list names it, then reads and validates its JSON', async () => {
    const guarded = createOutboundClient({ allowPrivate: [], cacheMs: 0 });
    expect(await reason(guarded.getJson(`${base}/monitor`, Monitor))).toBe('NOT_ALLOWED');
    expect(await reason(guarded.getJson(base.replace('127.0.0.1', '[::ffff:127.0.0.1]'), Monitor))).toBe(
      'NOT_ALLOWED',
    );
    const before = hits;
    expect(await reason(guarded.getJson(base.replace('127.0.0.1', '[::127.0.0.1]'), Monitor))).toBe(
      'NOT_ALLOWED',
    );
    expect(hits).toBe(before);
    expect(await loopback().getJson(`${base}/monitor`, Monitor)).toEqual({
      name: 'Monitor de prueba',
      color: '#336699',
    });
  });

  it('refuses a name that resolves to a private address, and never looks it up twice (no rebinding)', async () => {
    let lookups = 0;
    // A rebinding DNS: public the first time, loopback afterwards.
    const rebinding = createOutboundClient({
      allowPrivate: [],
      cacheMs: 0,
      resolve: async () =>
        lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '8.8.8.8', family: 4 }],
    });
    expect(await reason(rebinding.getJson('http://monitor.example.org/monitor', Monitor))).toBe(
      'NOT_ALLOWED',
    );
    expect(lookups).toBe(1);
    // A name whose addresses are all allowed connects to the address that was checked.
    let asked = 0;
    const pinned = createOutboundClient({
      allowPrivate: ['127.0.0.0/8'],
      cacheMs: 0,
      resolve: async () => {
        asked++;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const port = new URL(base).port;
    expect(await pinned.getJson(`http://monitor.example.org:${port}/monitor`, Monitor)).toMatchObject({
      name: 'Monitor de prueba',
    });
    expect(asked).toBe(1);
    // One private address among public ones is enough to refuse.
    const mixed = createOutboundClient({
      allowPrivate: [],
      resolve: async () => [
        { address: '8.8.8.8', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    });
    expect(await reason(mixed.getJson('http://mixed.example.org/', Monitor))).toBe('NOT_ALLOWED');
    const missing = createOutboundClient({ allowPrivate: [], resolve: async () => [] });
    expect(await reason(missing.getJson('http://nowhere.example.org/', Monitor))).toBe('NOT_FOUND');
  });

  it('follows a redirect only after checking it again, at most three times', async () => {
    expect(await loopback().getJson(`${base}/to-monitor`, Monitor)).toMatchObject({ color: '#336699' });
    expect(await reason(loopback().getJson(`${base}/to-metadata`, Monitor))).toBe('NOT_ALLOWED');
    expect(await reason(loopback().getJson(`${base}/loop`, Monitor))).toBe('REDIRECTS');
  });

  it('refuses other schemes and addresses with credentials before any connection', async () => {
    const before = hits;
    for (const url of [
      'ftp://127.0.0.1/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://user:pw@127.0.0.1/',
      'no es una dirección',
    ])
      expect(await reason(loopback().getJson(url, Monitor)), url).toBe('ADDRESS');
    expect(hits).toBe(before);
  });

  it('gives up on a hanging server, a huge answer, HTML, an error status and an unexpected shape', async () => {
    expect(await reason(loopback({ timeoutMs: 300 }).getJson(`${base}/hang`, Monitor))).toBe('TIMEOUT');
    const trickled = await loopback({ timeoutMs: 300 })
      .getJson(`${base}/trickle`, Monitor)
      .catch((error: Error) => error.message);
    expect(trickled).toBe('El servidor de esa dirección tardó demasiado en responder.');
    expect(await reason(loopback().getJson(`${base}/big`, Monitor))).toBe('TOO_LARGE');
    expect(await reason(loopback().getJson(`${base}/html`, Monitor))).toBe('NOT_JSON');
    expect(await reason(loopback().getJson(`${base}/error`, Monitor))).toBe('STATUS');
    // Script in a name is only text; a colour that is not one fails the caller's schema.
    expect(await reason(loopback().getJson(`${base}/script`, Monitor))).toBe('INVALID');
    const refused = await loopback()
      .getJson(`${base}/html`, Monitor)
      .catch((error: Error) => error.message);
    expect(refused).toBe('La dirección no corresponde a un monitor: su respuesta no es la de un monitor.');
  });

  it('keeps an answer for a while, then asks again', async () => {
    let clock = 1_000;
    const client = createOutboundClient({ allowPrivate: ['127.0.0.1'], cacheMs: 60_000, now: () => clock });
    const before = hits;
    await client.getJson(`${base}/monitor`, Monitor);
    await client.getJson(`${base}/monitor`, Monitor);
    expect(hits - before).toBe(1);
    clock += 61_000;
    await client.getJson(`${base}/monitor`, Monitor);
    expect(hits - before).toBe(2);
  });

  it('keeps what the schema kept of an answer, not the padding around it', async () => {
    const cache = new AnswerCache({ ttlMs: 60_000, maxBytes: 100_000, now: Date.now });
    const client = createOutboundClient({ allowPrivate: ['127.0.0.1'], cache });
    const before = hits;
    const first = await client.getJson(`${base}/padded`, Monitor);
    expect(first).toEqual({ name: 'Monitor de prueba', color: '#336699' });
    expect([cache.size, cache.bytes]).toEqual([1, JSON.stringify(first).length]);
    expect(await client.getJson(`${base}/padded`, Monitor)).toEqual(first);
    expect(hits - before).toBe(1);
    // Another schema asking the same address reads it afresh.
    expect(await client.getJson(`${base}/padded`, z.object({ name: z.string() }))).toEqual({
      name: 'Monitor de prueba',
    });
    expect(hits - before).toBe(2);
  });
});
