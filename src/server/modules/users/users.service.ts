import { effectivePermissions } from '../../../shared/auth/permissions';
import type { Permission } from '../../../shared/constants/enums';
import { USER_MESSAGES, type UserFields } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/errors';
import type { Limit } from '../../lib/limiter';
import { hashPassword } from '../../lib/passwords';
import type { AppDeps } from '../../types';
import type { Written } from '../catalogues/catalogue';
import {
  countOtherActiveGenerals,
  findUser,
  findUserByEmail,
  insertUser,
  softDeleteUser,
  type UserRow,
  updateUser,
} from './users.repository';

/** What accounts (sign-in, password links) read and write of a user: through this service, never the repository. */
export { findUser, findUserByEmail, recordLogin, type UserRow, updateUser } from './users.repository';

/**
 * What a change to a user does to its account (sign-in, sessions, password links and their
 * e-mails, failure holds: modules/accounts, which provides it as accountEffects). The app passes
 * it to the users' routes, so that users and accounts do not import each other: accounts reads
 * and writes users through this service.
 */
export interface AccountEffects {
  /** Ends the user's sessions at once (all, or all but the one given). */
  endSessions(tx: Database, userId: string, now: Date, exceptSessionId?: string): Promise<void>;
  /** Ends the user's unused password links. */
  retireLinks(tx: Database, userId: string, now: Date): Promise<void>;
  /** Queues the invitation e-mail (a durable job). */
  invite(deps: Pick<AppDeps, 'jobs'>, userId: string, invitedBy: string): Promise<void>;
  /** The failure hold of wrong current passwords given in one account's profile (decision 0017). */
  passwordCheckHold(deps: AppDeps, userId: string): { key: string; limit: Limit };
}

export interface AdministratorInput {
  email: string;
  password: string;
  name: string;
  lastName: string;
}

/** Creates an active GENERAL administrator (first start, demo set-up, command line). */
export async function createAdministrator(db: Database, input: AdministratorInput): Promise<UserRow> {
  return insertUser(db, {
    email: input.email.trim().toLowerCase(),
    name: input.name,
    lastName: input.lastName,
    passwordHash: await hashPassword(input.password),
    active: true,
    administratorType: 'GENERAL',
    permissions: [],
  });
}

/** Throws the first rule a change to `target` breaks (self-demotion, last GENERAL, privilege). */
async function checkChange(
  tx: Database,
  actor: Actor,
  target: UserRow | null,
  next: Pick<UserRow, 'active' | 'administratorType' | 'permissions'> | null,
): Promise<void> {
  const actorIsGeneral = actor.administratorType === 'GENERAL';
  if (!actorIsGeneral) {
    // A CUSTOM user may only grant, change or remove what they hold themselves.
    const grants = next ? effectivePermissions(next.administratorType, next.permissions) : [];
    const held = target ? effectivePermissions(target.administratorType, target.permissions) : [];
    const touchesGeneral = target?.administratorType === 'GENERAL' || next?.administratorType === 'GENERAL';
    if (
      touchesGeneral ||
      [...grants, ...held].some((permission) => !actor.permissions.includes(permission))
    ) {
      throw new AppError('FORBIDDEN', USER_MESSAGES.onlyGeneralGrants);
    }
  }
  if (!target) return;
  const isSelf = target.id === actor.userId;
  if (isSelf && !next) throw new AppError('CONFLICT', USER_MESSAGES.cannotDeleteSelf);
  if (isSelf && next && demotes(target, next)) throw new AppError('CONFLICT', USER_MESSAGES.cannotDemoteSelf);
  const removesGeneral =
    target.administratorType === 'GENERAL' &&
    target.active &&
    (!next?.active || next.administratorType !== 'GENERAL');
  if (removesGeneral && (await countOtherActiveGenerals(tx, target.id)) === 0) {
    throw new AppError('CONFLICT', USER_MESSAGES.lastGeneral);
  }
}

function demotes(
  current: Pick<UserRow, 'active' | 'administratorType' | 'permissions'>,
  next: Pick<UserRow, 'active' | 'administratorType' | 'permissions'>,
): boolean {
  if (current.active && !next.active) return true;
  const before = effectivePermissions(current.administratorType, current.permissions);
  const after = new Set<Permission>(effectivePermissions(next.administratorType, next.permissions));
  return (
    (current.administratorType === 'GENERAL' && next.administratorType !== 'GENERAL') ||
    before.some((permission) => !after.has(permission))
  );
}

/** The stored form of the modal's fields: permissions only for CUSTOM users, in a stable order. */
function userValues(body: UserFields) {
  return {
    name: body.name,
    lastName: body.lastName,
    email: body.email,
    active: body.active,
    administratorType: body.administratorType,
    permissions: body.administratorType === 'CUSTOM' ? effectivePermissions('CUSTOM', body.permissions) : [],
    notes: body.notes ?? null,
  };
}

/** The invitation e-mail, queued once the write has committed (a durable job, retried until sent). */
function invitation(
  deps: Pick<AppDeps, 'jobs'>,
  accounts: AccountEffects,
  user: UserRow,
  actor: Actor,
): () => Promise<void> {
  return () => accounts.invite(deps, user.id, actor.name);
}

/**
 * The users catalogue's creation (engine hook, inside its locked transaction): the user is
 * invited by e-mail to choose a password, if given access.
 */
export async function createUserEntry(
  deps: Pick<AppDeps, 'jobs'>,
  accounts: AccountEffects,
  tx: Database,
  actor: Actor,
  input: UserFields,
): Promise<Written<UserRow>> {
  const values = userValues(input);
  await checkChange(tx, actor, null, values);
  if (await findUserByEmail(tx, values.email)) throw new AppError('CONFLICT', USER_MESSAGES.emailTaken);
  const user = await insertUser(tx, { ...values, passwordHash: null, createdBy: actor.userId });
  return { row: user, afterCommit: user.active ? invitation(deps, accounts, user, actor) : undefined };
}

/**
 * The users catalogue's update (engine hook, inside its locked transaction), enforcing who may
 * grant what and that a GENERAL administrator always remains.
 */
export async function updateUserEntry(
  deps: Pick<AppDeps, 'jobs' | 'now'>,
  accounts: AccountEffects,
  tx: Database,
  actor: Actor,
  id: string,
  input: UserFields,
): Promise<Written<UserRow>> {
  const target = await findUser(tx, id);
  if (!target) throw notFound(USER_MESSAGES.notFound);
  const values = userValues(input);
  await checkChange(tx, actor, target, values);
  const other = await findUserByEmail(tx, values.email);
  if (other && other.id !== target.id) throw new AppError('CONFLICT', USER_MESSAGES.emailTaken);
  const now = deps.now();
  const updated = await updateUser(tx, target.id, values, now);
  const emailChanged = values.email !== target.email;
  // Taking access away ends the user's sessions at once. A new address also ends the links sent
  // to the old one and the sessions opened with it (but not the editor's own).
  if (target.active && !values.active) await accounts.endSessions(tx, target.id, now);
  else if (emailChanged) await accounts.endSessions(tx, target.id, now, actor.sessionId);
  if (emailChanged) await accounts.retireLinks(tx, target.id, now);
  // Someone who has not chosen a password yet is invited (again) when their address changes or
  // their access is switched on.
  const invite = updated.active && !updated.passwordHash && (emailChanged || !target.active);
  return { row: updated, afterCommit: invite ? invitation(deps, accounts, updated, actor) : undefined };
}

/**
 * The users catalogue's deletion (engine hook, inside its locked transaction): the user's sessions
 * end; never oneself, never the last GENERAL administrator.
 */
export async function removeUserEntry(
  deps: Pick<AppDeps, 'now'>,
  accounts: AccountEffects,
  tx: Database,
  actor: Actor,
  id: string,
): Promise<void> {
  const target = await findUser(tx, id);
  if (!target) throw notFound(USER_MESSAGES.notFound);
  await checkChange(tx, actor, target, null);
  const now = deps.now();
  await softDeleteUser(tx, target.id, actor.userId, now);
  await accounts.endSessions(tx, target.id, now);
}
