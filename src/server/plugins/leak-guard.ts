import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_ERROR_MESSAGES, type ErrorEnvelope } from '../../shared/errors';

/**
 * What must never leave the server, whatever a presenter does by mistake: a field holding a
 * password or token hash (as a JSON key: text that merely mentions the words is escaped or has no
 * colon after its closing quote), or an argon2 hash itself.
 */
const SECRET_KEYS = /"(passwordHash|password_hash|tokenHash|token_hash|resetPasswordToken)":/;
const ARGON2_HASH = /\$argon2(id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{16,}/;

/** True when a response body carries a password hash or a stored token. */
export function carriesSecrets(body: string): boolean {
  return SECRET_KEYS.test(body) || ARGON2_HASH.test(body);
}

/** Replies whose answer was checked before it was kept (lib/cached-answer.ts): not read again. */
const checkedReplies = new WeakSet<FastifyReply>();

/** Says that the answer `reply` sends was checked with carriesSecrets when it was computed. */
export function markAnswerChecked(reply: FastifyReply): void {
  checkedReplies.add(reply);
}

/**
 * Last line of defence behind the presenters: an API answer that carries a password hash or a
 * token hash is replaced by a masked 500 and logged, so a presenter mistake cannot leak them.
 */
export function registerLeakGuard(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !/^\/(public-)?api\//.test(request.url)) return payload;
    if (checkedReplies.has(reply) || !carriesSecrets(payload)) return payload;
    request.log.error({ url: request.url }, 'response carried a secret; replaced by a 500');
    reply.code(500).type('application/json; charset=utf-8');
    const envelope: ErrorEnvelope = {
      error: true,
      code: 'INTERNAL',
      message: DEFAULT_ERROR_MESSAGES.INTERNAL,
      requestId: String(request.id),
    };
    return JSON.stringify(envelope);
  });
}
