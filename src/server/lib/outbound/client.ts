import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import type { z } from 'zod';
import { mayConnect, parseAllowList } from './addresses';
import { AnswerCache } from './answer-cache';

/**
 * The one way the server calls another server (index-and-federation.md, 'Outbound requests'):
 * comparisons with monitors on other installations (getJson) and the backups of contract
 * documents (getDocument: streamed, conditional).
 * Only http and https, without credentials in the address; the host's addresses resolved once and
 * every one of them checked (isPublicAddress, or the allow-list), the connection pinned to the
 * checked address (no second lookup that a rebinding DNS could answer differently); redirects
 * followed by hand, each hop checked again, at most three; one deadline for the whole exchange;
 * the answer capped in bytes, JSON only, then validated with the caller's zod schema; what the
 * schema kept is kept for a short while (AnswerCache: bounded in bytes and time). Every failure is an OutboundError with a Spanish message for the page.
 */

export type OutboundReason =
  | 'ADDRESS' // not an http(s) address, or with credentials
  | 'NOT_ALLOWED' // a private, loopback, link-local… address
  | 'NOT_FOUND' // the name does not resolve
  | 'NETWORK' // refused, reset, TLS
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'REDIRECTS'
  | 'STATUS' // not 2xx
  | 'NOT_JSON'
  | 'INVALID'; // JSON, but not what was expected

const MESSAGES: Record<OutboundReason, string> = {
  ADDRESS: 'La dirección no es válida: usa una dirección http:// o https:// sin usuario ni contraseña.',
  NOT_ALLOWED: 'La dirección apunta a una red privada o reservada; por seguridad no se consulta.',
  NOT_FOUND: 'No se encontró el servidor de esa dirección.',
  NETWORK: 'No fue posible conectar con el servidor de esa dirección.',
  TIMEOUT: 'El servidor de esa dirección tardó demasiado en responder.',
  TOO_LARGE: 'La respuesta del servidor es demasiado grande.',
  REDIRECTS: 'El servidor redirige demasiadas veces o a una dirección no válida.',
  STATUS: 'El servidor de esa dirección respondió con un error.',
  NOT_JSON: 'La dirección no corresponde a un monitor: su respuesta no es la de un monitor.',
  INVALID: 'La respuesta del servidor no tiene el formato esperado de un monitor.',
};

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundReason,
    detail?: string,
    /** The HTTP status of a STATUS failure. */
    readonly status?: number,
  ) {
    super(MESSAGES[reason], detail ? { cause: detail } : undefined);
    this.name = 'OutboundError';
  }
}

export interface OutboundOptions {
  /** PEERS_ALLOW_PRIVATE: host names or CIDR ranges allowed although private. */
  allowPrivate: readonly string[];
  /** For the whole exchange, redirects included (default 5 s). */
  timeoutMs?: number;
  /** Largest answer read (default 1 MB). */
  maxBytes?: number;
  /** How long an answer is kept (default 2 minutes; 0: not kept). */
  cacheMs?: number;
  /** The most kept in all, as the JSON text of the validated answers (default 8 MB). */
  cacheBytes?: number;
  /** The cache itself (tests look into it); otherwise one from cacheMs, cacheBytes and now. */
  cache?: AnswerCache;
  /** Names the portal and its public address to the servers called. */
  userAgent?: string;
  /** The resolver (tests replace it to play a rebinding DNS). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
  now?: () => number;
}

export interface DocumentRequest {
  /** Larger answers fail with TOO_LARGE (declared or read), and nothing more is read. */
  maxBytes: number;
  /** The whole exchange, body included, ends when this aborts (TIMEOUT). */
  signal: AbortSignal;
  /** Conditional request: the validators of the copy we have. */
  etag?: string | null;
  lastModified?: string | null;
}

export type DocumentAnswer =
  | { notModified: true }
  | {
      notModified: false;
      /** The body, read as it arrives; fails with TOO_LARGE past maxBytes and TIMEOUT on the signal. */
      stream: NodeJS.ReadableStream & AsyncIterable<Buffer>;
      etag: string | null;
      lastModified: string | null;
      /** The address answered, after redirects. */
      url: string;
    };

export interface OutboundClient {
  /** GETs `url` and returns its JSON answer as `schema` reads it (its transforms sanitise texts). */
  getJson<S extends z.ZodType>(url: string, schema: S): Promise<z.output<S>>;
  /** GETs a document, conditionally when validators are given; 304 is `notModified`, other non-2xx a STATUS failure. */
  getDocument(url: string, request: DocumentRequest): Promise<DocumentAnswer>;
}

const MAX_REDIRECTS = 3;

export function createOutboundClient(options: OutboundOptions): OutboundClient {
  const allow = parseAllowList(options.allowPrivate);
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxBytes = options.maxBytes ?? 1_000_000;
  const now = options.now ?? Date.now;
  const resolve = options.resolve ?? ((host: string) => lookup(host, { all: true, verbatim: true }));
  // A detail is some 5 KB as validated (at most ~1.2 MB): 8 MB keeps hundreds, the worst six.
  const cache =
    options.cache ??
    new AnswerCache({ ttlMs: options.cacheMs ?? 120_000, maxBytes: options.cacheBytes ?? 8_000_000, now });

  const userAgent = options.userAgent ?? 'Vigia/1';

  async function getJson<S extends z.ZodType>(url: string, schema: S): Promise<z.output<S>> {
    const kept = cache.get(url, schema);
    if (kept) return kept.value as z.output<S>;
    const signal = AbortSignal.timeout(timeoutMs);
    const { response, url: answered } = await open(url, signal, { accept: 'application/json' });
    const body = await readJson(response, answered, signal).catch((error: unknown) => {
      response.destroy();
      throw error instanceof OutboundError
        ? error
        : new OutboundError(signal.aborted ? 'TIMEOUT' : 'NETWORK', String(error));
    });
    const value = parse(schema, body);
    cache.set(url, schema, value);
    return value;
  }

  async function getDocument(url: string, request: DocumentRequest): Promise<DocumentAnswer> {
    const headers: Record<string, string> = { accept: '*/*' };
    if (request.etag) headers['if-none-match'] = request.etag;
    if (request.lastModified) headers['if-modified-since'] = request.lastModified;
    const { response, url: answered } = await open(url, request.signal, headers);
    const status = response.statusCode ?? 0;
    if (status === 304) {
      response.resume();
      return { notModified: true };
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new OutboundError('STATUS', `${status} ${answered.origin}`, status);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > request.maxBytes) {
      response.destroy();
      throw new OutboundError('TOO_LARGE', `${declared}`);
    }
    let size = 0;
    const capped = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > request.maxBytes) callback(new OutboundError('TOO_LARGE', `${size}`));
        else callback(null, chunk);
      },
    });
    response.on('error', (error) =>
      capped.destroy(
        error instanceof OutboundError
          ? error
          : new OutboundError(request.signal.aborted ? 'TIMEOUT' : 'NETWORK', String(error)),
      ),
    );
    const onAbort = () => capped.destroy(new OutboundError('TIMEOUT'));
    request.signal.addEventListener('abort', onAbort, { once: true });
    capped.on('close', () => {
      request.signal.removeEventListener('abort', onAbort);
      response.destroy();
    });
    response.pipe(capped);
    const header = (name: string) => {
      const value = response.headers[name];
      return typeof value === 'string' && value.length <= 500 ? value : null;
    };
    return {
      notModified: false,
      stream: capped,
      etag: header('etag'),
      lastModified: header('last-modified'),
      url: answered.toString(),
    };
  }

  /**
   * Opens `url`, following redirects by hand (each hop checked again, at most three), and answers
   * the last response unread.
   */
  async function open(
    url: string,
    signal: AbortSignal,
    headers: Record<string, string>,
  ): Promise<{ response: IncomingMessage; url: URL }> {
    let target = checkedUrl(url);
    for (let hop = 0; ; hop++) {
      const response = await connect(target, signal, headers);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status < 300 || status >= 400 || status === 304 || !location) return { response, url: target };
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new OutboundError('REDIRECTS');
      try {
        target = checkedUrl(new URL(location, target).toString());
      } catch (error) {
        throw error instanceof OutboundError ? new OutboundError('REDIRECTS', error.message) : error;
      }
    }
  }

  /** One request to an address already checked: the connection goes to the address checked. */
  async function connect(
    url: URL,
    signal: AbortSignal,
    headers: Record<string, string>,
  ): Promise<IncomingMessage> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const pinned = await pin(host, signal);
    const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all)
        (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(
          null,
          [pinned],
        );
      else callback(null, pinned.address, pinned.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolvePromise, reject) => {
      const request = client.request(
        {
          protocol: url.protocol,
          hostname: host,
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers: { ...headers, 'user-agent': userAgent },
          lookup: pinnedLookup,
          // A connection of its own: the shared agent keeps sockets alive, and a second call reusing
          // one the server had just closed failed with ECONNRESET (seen on a busy machine).
          agent: false,
          signal,
          ...(url.protocol === 'https:' && !net.isIP(host) ? { servername: host } : {}),
        },
        resolvePromise,
      );
      request.on('error', (error: Error & { code?: string }) => {
        if (signal.aborted) reject(new OutboundError('TIMEOUT'));
        else
          reject(
            error instanceof OutboundError
              ? error
              : new OutboundError('NETWORK', error.code ?? error.message),
          );
      });
      request.end();
    });
  }

  async function readJson(response: IncomingMessage, url: URL, signal: AbortSignal): Promise<unknown> {
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      response.resume();
      throw new OutboundError('STATUS', `${status} ${url.origin}`, status);
    }
    const type = String(response.headers['content-type'] ?? '');
    if (!/\bjson\b/i.test(type)) {
      response.resume();
      throw new OutboundError('NOT_JSON', type);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > maxBytes) throw new OutboundError('TOO_LARGE');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new OutboundError('TOO_LARGE');
      chunks.push(chunk as Buffer);
    }
    // A body read until the connection closes (no length, not chunked) just ends when the deadline
    // closes it: a peer that trickled it past the deadline is slow, not 'not a monitor'.
    if (signal.aborted) throw new OutboundError('TIMEOUT');
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      throw new OutboundError('NOT_JSON', 'unparsable');
    }
  }

  /** The host's address to connect to: every address it resolves to must be allowed. */
  async function pin(host: string, signal: AbortSignal): Promise<{ address: string; family: number }> {
    if (net.isIP(host)) {
      if (!mayConnect(host, host, allow)) throw new OutboundError('NOT_ALLOWED', host);
      return { address: host, family: net.isIP(host) };
    }
    let addresses: { address: string; family: number }[];
    try {
      addresses = await Promise.race([
        resolve(host),
        new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => reject(new OutboundError('TIMEOUT')), { once: true }),
        ),
      ]);
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      throw new OutboundError('NOT_FOUND', host);
    }
    if (addresses.length === 0) throw new OutboundError('NOT_FOUND', host);
    const refused = addresses.find((item) => !mayConnect(item.address, host, allow));
    if (refused) throw new OutboundError('NOT_ALLOWED', `${host} → ${refused.address}`);
    return addresses[0]!;
  }

  return { getJson, getDocument };
}

/** An http(s) address without credentials, or ADDRESS. */
function checkedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('ADDRESS', raw);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw new OutboundError('ADDRESS', url.protocol);
  return url;
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new OutboundError('INVALID', result.error.issues[0]?.message);
  return result.data;
}
