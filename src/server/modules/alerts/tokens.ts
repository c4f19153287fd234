import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The alerts' links (decision 0053): no token is stored. A subscriber's management token is
 * `{id}.{mac}`, the mac an HMAC-SHA256 of the id and its token version under a key derived from the
 * session key; a follow's confirmation token is the same over the follow's id. A new management link
 * bumps the version, and every earlier one stops working; a confirmation link works until the follow
 * is confirmed (then it only says so).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface AlertTokens {
  /** The subscriber's management token at its current version. */
  management(subscriberId: string, tokenVersion: number): string;
  /** The follow's confirmation token. */
  confirmation(followId: string): string;
  /** The id a token names, or null when it is not of that shape (then nothing is looked up). */
  idOf(token: string): string | null;
  /** Whether `token` is the subscriber's management token at this version (constant time). */
  isManagement(token: string, subscriberId: string, tokenVersion: number): boolean;
  /** Whether `token` is the follow's confirmation token (constant time). */
  isConfirmation(token: string, followId: string): boolean;
}

export function alertTokens(sessionKey: Uint8Array): AlertTokens {
  // A key of its own: a token of the alerts can never pass for a session's, nor the reverse.
  const key = Buffer.from(hkdfSync('sha256', sessionKey, Buffer.alloc(0), 'vigia alerts links', 32));
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const management = (id: string, version: number) => `${id}.${mac(`manage:${id}:${version}`)}`;
  const confirmation = (id: string) => `${id}.${mac(`confirm:${id}`)}`;
  const same = (given: string, expected: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  return {
    management,
    confirmation,
    idOf(token) {
      const id = token.split('.', 1)[0] ?? '';
      return token.length <= 100 && UUID.test(id) ? id : null;
    },
    isManagement: (token, id, version) => same(token, management(id, version)),
    isConfirmation: (token, id) => same(token, confirmation(id)),
  };
}
