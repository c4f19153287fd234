import { createHmac } from 'node:crypto';
import {
  type Challenge,
  type ChallengeParameters,
  createChallenge,
  randomInt,
  type Solution,
  verifySolution,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';

/**
 * Difficulty: the solver tries counters from 0 up to a secret one between these bounds, one
 * SHA-256 each. Node needs ~0.1 s for 50,000; a phone's browser, with its workers, about a second.
 */
const COUNTER_MIN = 5_000;
const COUNTER_MAX = 50_000;
/** Long enough to write a message after ticking the box, short enough to keep the replay store small. */
export const CAPTCHA_LIFETIME_MS = 10 * 60_000;

/** Why a captcha payload was refused; the caller turns it into the user's message. */
export type CaptchaRefusal = 'invalid' | 'expired';

export type CaptchaCheck =
  | { ok: true; signature: string; expiresAt: Date }
  | { ok: false; reason: CaptchaRefusal };

/** The widget's payload: base64 of `{ challenge: { parameters, signature }, solution }`. */
const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({ expiresAt: z.number().int().positive(), nonce: z.string() }),
    signature: z.string().min(1).max(256),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(256) }),
});

/** A challenge as the widget fetches it: parameters (sent back untouched) and their signature. */
export interface SignedChallenge {
  parameters: ChallengeParameters & Record<string, unknown>;
  signature: string;
}

export interface Captcha {
  /** A fresh signed challenge (SHA-256, self-hosted: nothing leaves the server). */
  challenge(): Promise<SignedChallenge>;
  /**
   * Checks a widget payload: our signature, not expired, a correct solution. Replays are not
   * detected here: the caller records `signature` once (used_captchas) until `expiresAt`.
   */
  check(payload: string): Promise<CaptchaCheck>;
}

/**
 * ALTCHA proof of work with keys derived from the session secret, so every process of an
 * installation signs and checks challenges alike and no new secret needs configuring. Expiry is
 * checked by altcha-lib against the real clock, so this module uses it too.
 */
export function createCaptcha(sessionKey: Uint8Array): Captcha {
  const derive = (label: string) => createHmac('sha256', sessionKey).update(label).digest('hex');
  const hmacSignatureSecret = derive('vigia:altcha:challenge');
  const hmacKeySignatureSecret = derive('vigia:altcha:derived-key');

  return {
    async challenge() {
      const created = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        expiresAt: new Date(Date.now() + CAPTCHA_LIFETIME_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return {
        parameters: created.parameters as SignedChallenge['parameters'],
        signature: created.signature ?? '',
      };
    },

    async check(payload) {
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      const parsed = PayloadSchema.safeParse(decoded);
      if (!parsed.success) return { ok: false, reason: 'invalid' };
      // The original objects, not the parsed copies: the signature covers every key as sent.
      const { challenge, solution } = decoded as { challenge: Challenge; solution: Solution };
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (result.expired) return { ok: false, reason: 'expired' };
      if (!result.verified) return { ok: false, reason: 'invalid' };
      return {
        ok: true,
        signature: parsed.data.challenge.signature,
        expiresAt: new Date(parsed.data.challenge.parameters.expiresAt * 1_000),
      };
    },
  };
}
