import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BUILD, notModified, tagAnswer } from '../plugins/http-cache';
import { carriesSecrets, markAnswerChecked } from '../plugins/leak-guard';
import type { ResultKey } from './result-cache';

/**
 * How answers are compressed, for @fastify/compress (app.ts) and for the kept answers here alike:
 * from 1 KB, brotli at quality 4; the kept answers in brotli or gzip (a client that takes neither
 * gets their text, which @fastify/compress then handles as any other answer).
 */
export const COMPRESSION = { threshold: 1024, brotliQuality: 4, encodings: ['br', 'gzip'] } as const;

type Encoding = (typeof COMPRESSION.encodings)[number];

/** An answer as kept: its text, and the text compressed once per encoding a visitor asked for. */
class KeptAnswer {
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly text: string) {}

  /**
   * The text compressed as `encoding`, compressed on the first ask only: a kept list was
   * compressed again for every visitor, 2.5 ms of a 3.8-ms answer (decision 0054).
   */
  bytes(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.text, {
              params: { [constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality },
            })
          : gzipSync(this.text);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** The encoding a request accepts that we keep (as @fastify/compress negotiates it), or null: the text. */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  if (request.headers['x-no-compression'] !== undefined) return null;
  return negotiate(request.headers['accept-encoding'] ?? '', [...COMPRESSION.encodings]) as Encoding | null;
}

/**
 * Answers a request with a whole answer kept in the result cache as the bytes it was sent as.
 * The answer is computed once per data version (`key`), encoded by the route's response schema
 * (the presenter's rows checked, private columns dropped) and kept serialised: requests that find
 * it send the same text again, without encoding it anew, and compressed once per encoding asked
 * (not once per request); on PostgreSQL it is computed by one process for all of them
 * (lib/shared-answers.ts). The envelope's `lastUpdate` is part of it, so a previous version's
 * answer (decision 0030) carries its own date. The leak guard reads an answer once, before it is
 * kept (one carrying a secret is a masked 500, never kept), not at every sending. Errors are not kept.
 */
export async function sendCachedAnswer<R extends FastifyReply>(
  reply: R,
  key: ResultKey,
  answer: () => Promise<Parameters<R['send']>[0]>,
): Promise<R> {
  const { method, url } = reply.request.routeOptions;
  const { value: kept, version } = await reply.server.deps.cache.getVersioned(
    { name: `answer|${method} ${url}|${key.name}`, version: key.version },
    async () => {
      const compute = async () => {
        const serialised = reply.serialize(await answer()) as string;
        if (carriesSecrets(serialised)) throw new Error(`${method} ${url}: the answer carried a secret`);
        return serialised;
      };
      // On PostgreSQL, computed once for every process (lib/shared-answers.ts); the build is part
      // of the name, so a server of another build never takes this one's text.
      const { sharedAnswers } = reply.server.deps;
      return new KeptAnswer(
        sharedAnswers
          ? await sharedAnswers.once(`${BUILD}|${method} ${url}|${key.name}`, key.version, compute)
          : await compute(),
      );
    },
  );
  markAnswerChecked(reply);
  // A GET its route lets browsers and proxies keep is tagged with the version it is (plugins/http-cache.ts).
  if (key.organizationId) {
    tagAnswer(reply, key.organizationId, version, version === key.version);
    // One the 304 hook could not vouch for from memory (plugins/http-cache.ts): the visitor holds it.
    if (notModified(reply)) return reply;
  }
  reply.type('application/json; charset=utf-8');
  const encoding = kept.text.length >= COMPRESSION.threshold ? acceptedEncoding(reply.request) : null;
  if (!encoding) return reply.send(kept.text as never) as R;
  // Sent as it is kept: @fastify/compress leaves an answer that has its Content-Encoding.
  const vary = reply.getHeader('vary');
  return reply
    .header('content-encoding', encoding)
    .header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    .send(kept.bytes(encoding) as never) as R;
}
