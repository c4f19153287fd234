import { addressKey } from '../../lib/address-key';
import type { Limit } from '../../lib/limiter';
import type { AppDeps } from '../../types';

/**
 * Failure holds on password checks (decision 0017). Sign-in failures count per account *and*
 * address, so guessing from one place holds that place only and the owner elsewhere still gets
 * in; the current-password check of the profile counts per account (whoever tries it already has
 * a session). Setting a password through a reset or invitation link ends every hold of the account.
 */
const HOLD_WINDOW_MS = 15 * 60_000;

export function holdLimit(deps: AppDeps): Limit {
  return { max: deps.config.rateLimits.loginFailuresPerAccount, windowMs: HOLD_WINDOW_MS };
}

const signInPrefix = (email: string) => `sign-in-failures:${email}:`;

/** Sign-in failures of one account (lower-case e-mail) from one address (IPv6: its /64). */
export function signInHoldKey(email: string, ip: string): string {
  return `${signInPrefix(email)}${addressKey(ip)}`;
}

/** Wrong current passwords given in one account's profile. */
export function passwordCheckHoldKey(userId: string): string {
  return `password-check-failures:${userId}`;
}

/** Ends the account's holds: its owner proved who they are through a link sent to its e-mail. */
export async function endHolds(deps: AppDeps, user: { id: string; email: string }): Promise<void> {
  await deps.limiter.clear(signInPrefix(user.email));
  await deps.limiter.clear(passwordCheckHoldKey(user.id));
}
