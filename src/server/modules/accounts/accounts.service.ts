import { effectivePermissions } from '../../../shared/auth/permissions';
import { LIMITS } from '../../../shared/constants/limits';
import {
  ACCOUNT_MESSAGES,
  type LoginBody,
  type NewPasswordBody,
  type Session,
} from '../../../shared/schemas/accounts';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { signSessionToken } from '../../lib/session-tokens';
import type { AppDeps } from '../../types';
import { presentSessionUser } from '../users/users.presenter';
import {
  type AccountEffects,
  findUser,
  findUserByEmail,
  recordLogin,
  type UserRow,
  updateUser,
} from '../users/users.service';
import { endHolds, holdLimit, passwordCheckHoldKey, signInHoldKey } from './account-holds';
import { INVITATION_MAIL_JOB, PASSWORD_RESET_MAIL_JOB } from './account-jobs';
import { consumePasswordToken, isLiveToken, retireTokens } from './password-tokens.repository';
import { findLiveSession, insertSession, revokeSession, revokeSessions } from './sessions.repository';

// Verified when the e-mail matches no account, so a miss takes as long as a wrong password.
const DUMMY_HASH = hashPassword('not-a-real-password-0123456789');

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/**
 * Signs in with e-mail and password. Unknown e-mail, inactive user, unset or wrong password all
 * give the same answer; an account with too many recent failures from this client's address is
 * held there whatever the password (decision 0017: other addresses are not held).
 * Each attempt is counted before the password is checked, in one atomic step, so simultaneous
 * guesses cannot all pass a hold that none of them has yet recorded; a right password clears it.
 */
export async function login(deps: AppDeps, body: LoginBody, client: ClientInfo): Promise<Session> {
  const now = deps.now();
  const hold = signInHoldKey(body.username, client.ip);
  if ((await deps.limiter.hit(hold, holdLimit(deps))).exceeded) {
    throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.accountHeld);
  }
  const { db } = deps.database;
  const user = await findUserByEmail(db, body.username);
  const valid = await checkPassword(user, body.password);
  if (!user || !valid || !user.active) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.loginFailed);
  await deps.limiter.clear(hold);
  const expiresAt = new Date(now.getTime() + LIMITS.sessionSeconds * 1000);
  const sessionId = newId();
  await insertSession(db, {
    id: sessionId,
    userId: user.id,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  await recordLogin(db, user.id, now);
  return {
    token: await signSessionToken(deps.sessionKey, { userId: user.id, sessionId }, expiresAt),
    expiresAt: Math.floor(expiresAt.getTime() / 1000),
    ...sessionView(user),
  };
}

/** Verifies the password; without an account or a password, spends the same time on a dummy hash. */
async function checkPassword(user: UserRow | undefined, password: string): Promise<boolean> {
  if (user?.passwordHash) return verifyPassword(user.passwordHash, password);
  await verifyPassword(await DUMMY_HASH, password);
  return false;
}

/** What the browser shows of the signed-in user (also after permissions change). */
export function sessionView(user: UserRow): Omit<Session, 'token' | 'expiresAt'> {
  return {
    permissions: effectivePermissions(user.administratorType, user.permissions),
    user: presentSessionUser(user),
  };
}

export async function logout(deps: AppDeps, sessionId: string): Promise<void> {
  await revokeSession(deps.database.db, sessionId, deps.now());
}

/**
 * Queues a reset link for the address; the job sends it only when the address belongs to an active
 * account. The caller answers the same either way after the same single insert, so neither the
 * reply nor its timing tells who has an account.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  await deps.jobs.enqueue(PASSWORD_RESET_MAIL_JOB, { email });
}

/**
 * Sets a password from a reset or invitation link. The link works once and within its time;
 * afterwards every session of the user ends, so a stolen session dies with the old password, and
 * every failure hold of the account ends, so nobody can keep its owner out by guessing.
 */
export async function setPasswordWithToken(deps: AppDeps, body: NewPasswordBody): Promise<void> {
  const { db } = deps.database;
  const now = deps.now();
  // A made-up token costs a lookup, not an argon2 hash.
  if (!(await isLiveToken(db, body.token, now)))
    throw new AppError('LINK_EXPIRED', ACCOUNT_MESSAGES.linkInvalid);
  const passwordHash = await hashPassword(body.password);
  const user = await db.transaction(async (tx) => {
    const used = await consumePasswordToken(tx, body.token, now);
    const owner = used ? await findUser(tx, used.userId) : undefined;
    if (!used || !owner?.active) throw new AppError('LINK_EXPIRED', ACCOUNT_MESSAGES.linkInvalid);
    await updateUser(tx, owner.id, { passwordHash, mustChangePassword: false }, now);
    await retireTokens(tx, owner.id, now);
    await revokeSessions(tx, owner.id, now);
    return owner;
  });
  await endHolds(deps, user);
}

/** The user of a session that is still live (not revoked or expired, the user active), else undefined. */
export function liveSessionUser(deps: Pick<AppDeps, 'database' | 'now'>, sessionId: string, userId: string) {
  return findLiveSession(deps.database.db, sessionId, userId, deps.now());
}

/**
 * What a change to a user does to its account, given to the users' routes by the app (the users
 * module's port): sessions and links end, invitations are queued, profile password checks held.
 */
export const accountEffects: AccountEffects = {
  endSessions: revokeSessions,
  retireLinks: retireTokens,
  invite: async (deps, userId, invitedBy) => {
    await deps.jobs.enqueue(INVITATION_MAIL_JOB, { userId, invitedBy });
  },
  passwordCheckHold: (deps, userId) => ({ key: passwordCheckHoldKey(userId), limit: holdLimit(deps) }),
};
