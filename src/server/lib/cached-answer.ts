import type { FastifyReply } from 'fastify';
import { tagAnswer } from '../plugins/http-cache';
import { carriesSecrets, markAnswerChecked } from '../plugins/leak-guard';
import type { ResultKey } from './result-cache';

/**
 * Answers a request with a whole answer kept in the result cache as the bytes it was sent as.
 * The answer is computed once per data version (`key`), encoded by the route's response schema
 * (the presenter's rows checked, private columns dropped) and kept serialised: requests that find
 * it send the same text again, without encoding it anew. The envelope's `lastUpdate` is part of
 * it, so a previous version's answer (decision 0030) carries its own date. The leak guard reads
 * an answer once, before it is kept (one carrying a secret is a masked 500, never kept), not at
 * every sending. Errors are not kept.
 */
export async function sendCachedAnswer<R extends FastifyReply>(
  reply: R,
  key: ResultKey,
  answer: () => Promise<Parameters<R['send']>[0]>,
): Promise<R> {
  const { method, url } = reply.request.routeOptions;
  const { value: text, version } = await reply.server.deps.cache.getVersioned(
    { name: `answer|${method} ${url}|${key.name}`, version: key.version },
    async () => {
      const serialised = reply.serialize(await answer()) as string;
      if (carriesSecrets(serialised)) throw new Error(`${method} ${url}: the answer carried a secret`);
      return serialised;
    },
  );
  markAnswerChecked(reply);
  // A GET its route lets browsers and proxies keep is tagged with the version it is (plugins/http-cache.ts).
  if (key.organizationId) tagAnswer(reply, key.organizationId, version, version === key.version);
  return reply.type('application/json; charset=utf-8').send(text as never) as R;
}
