import { effectivePermissions } from '../../../shared/auth/permissions';
import type { Permission } from '../../../shared/constants/enums';
import type { FieldError } from '../../../shared/errors';
import type { UserListQuery, UserSave } from '../../../shared/schemas/users';
import { USER_MESSAGES } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { type Page, toPage } from '../../lib/pagination';
import { hashPassword } from '../../lib/passwords';
import type { Principal } from '../../plugins/auth';
import type { AppDeps } from '../../types';
import { INVITATION_MAIL_JOB } from '../accounts/account-jobs';
import { retireTokens } from '../accounts/password-tokens.repository';
import { revokeSessions } from '../accounts/sessions.repository';
import { fullName } from './users.presenter';
import {
  countOtherActiveGenerals,
  findUser,
  findUserByEmail,
  insertUser,
  listUsers,
  lockUsers,
  softDeleteUser,
  type UserRow,
  updateUser,
} from './users.repository';

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

export async function listUsersPage(deps: AppDeps, query: UserListQuery): Promise<Page<UserRow>> {
  const { rows, total } = await listUsers(deps.database.db, query);
  return toPage(rows, total, query.page, query.limit);
}

/**
 * Changes to users run one at a time (an advisory lock in a transaction), so two administrators
 * cannot each remove the other and leave no GENERAL administrator.
 */
async function serialized<T>(deps: AppDeps, fn: (tx: Database) => Promise<T>): Promise<T> {
  return deps.database.db.transaction(async (tx) => {
    await lockUsers(tx);
    return fn(tx);
  });
}

/** Throws the first rule a change to `target` breaks (self-demotion, last GENERAL, privilege). */
async function checkChange(
  tx: Database,
  actor: Principal,
  target: UserRow | null,
  next: Pick<UserRow, 'active' | 'administratorType' | 'permissions'> | null,
): Promise<void> {
  const actorIsGeneral = actor.user.administratorType === 'GENERAL';
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
  const isSelf = target.id === actor.user.id;
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
function userValues(body: Omit<UserSave, '_id'>) {
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

async function applyUpdate(deps: AppDeps, tx: Database, actor: Principal, body: UserSave & { _id: string }) {
  const target = await findUser(tx, body._id);
  if (!target) throw notFound(USER_MESSAGES.notFound);
  const values = userValues(body);
  await checkChange(tx, actor, target, values);
  const other = await findUserByEmail(tx, values.email);
  if (other && other.id !== target.id) throw new AppError('CONFLICT', USER_MESSAGES.emailTaken);
  const now = deps.now();
  const updated = await updateUser(tx, target.id, values, now);
  const emailChanged = values.email !== target.email;
  // Taking access away ends the user's sessions at once. A new address also ends the links sent
  // to the old one and the sessions opened with it (but not the editor's own).
  if (target.active && !values.active) await revokeSessions(tx, target.id, now);
  else if (emailChanged) await revokeSessions(tx, target.id, now, actor.sessionId);
  if (emailChanged) await retireTokens(tx, target.id, now);
  // Someone who has not chosen a password yet is invited (again) when their address changes or
  // their access is switched on.
  const invite = updated.active && !updated.passwordHash && (emailChanged || !target.active);
  return { user: updated, invite };
}

/**
 * Creates (no `_id`: the user is invited by e-mail to choose a password) or updates a user,
 * enforcing who may grant what and that a GENERAL administrator always remains.
 */
export async function saveUser(
  deps: AppDeps,
  actor: Principal,
  body: UserSave,
): Promise<{ user: UserRow; created: boolean }> {
  try {
    if (body._id) {
      const { user, invite } = await serialized(deps, (tx) =>
        applyUpdate(deps, tx, actor, { ...body, _id: body._id! }),
      );
      if (invite) await sendInvitation(deps, user, fullName(actor.user));
      return { user, created: false };
    }
    const user = await serialized(deps, async (tx) => {
      const values = userValues(body);
      await checkChange(tx, actor, null, values);
      if (await findUserByEmail(tx, values.email)) throw new AppError('CONFLICT', USER_MESSAGES.emailTaken);
      return insertUser(tx, { ...values, passwordHash: null, createdBy: actor.user.id });
    });
    if (user.active) await sendInvitation(deps, user, fullName(actor.user));
    return { user, created: true };
  } catch (error) {
    throw uniqueEmailConflict(error);
  }
}

/** Queues the invitation e-mail (a durable job: retried until the mail server takes it). */
async function sendInvitation(deps: AppDeps, user: UserRow, invitedBy: string): Promise<void> {
  await deps.jobs.enqueue(INVITATION_MAIL_JOB, { userId: user.id, invitedBy });
}

/** Soft-deletes a user and ends their sessions; never oneself, never the last GENERAL administrator. */
export async function deleteUser(deps: AppDeps, actor: Principal, id: string): Promise<void> {
  await serialized(deps, async (tx) => {
    const target = await findUser(tx, id);
    if (!target) throw notFound(USER_MESSAGES.notFound);
    await checkChange(tx, actor, target, null);
    const now = deps.now();
    await softDeleteUser(tx, target.id, actor.user.id, now);
    await revokeSessions(tx, target.id, now);
  });
}

/**
 * Saves the rows changed in the catalogue's inline edit mode: all of them or none. A failing row
 * is reported with its position (docs.N.field) and the whole batch is rolled back.
 */
export async function saveUpdatedUsers(
  deps: AppDeps,
  actor: Principal,
  docs: (UserSave & { _id: string })[],
): Promise<number> {
  const toInvite: UserRow[] = [];
  try {
    await serialized(deps, async (tx) => {
      for (const [index, doc] of docs.entries()) {
        try {
          const { user, invite } = await applyUpdate(deps, tx, actor, doc);
          if (invite) toInvite.push(user);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const rowError: FieldError = {
            path: `docs.${index}`,
            message: `Registro ${index + 1}: ${error.message}`,
          };
          throw new AppError(error.code, `${USER_MESSAGES.rowsFailed} ${rowError.message}`, {
            errors: [rowError],
          });
        }
      }
    });
  } catch (error) {
    throw uniqueEmailConflict(error);
  }
  // Only once the whole batch is saved.
  for (const user of toInvite) await sendInvitation(deps, user, fullName(actor.user));
  return docs.length;
}

/** Two requests that pass the e-mail check together still meet the unique index: same 409. */
function uniqueEmailConflict(error: unknown): unknown {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === '23505'
    ? new AppError('CONFLICT', USER_MESSAGES.emailTaken)
    : error;
}
