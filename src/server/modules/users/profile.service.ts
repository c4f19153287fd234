import { ACCOUNT_MESSAGES } from '../../../shared/schemas/accounts';
import type { ProfileUpdateBody } from '../../../shared/schemas/users';
import { USER_MESSAGES } from '../../../shared/schemas/users';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { checkImage } from '../../lib/images';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AppDeps } from '../../types';
import { deleteImageIfUnused, insertImageFile } from '../files/files.service';
import { findUser, lockProfilePicture, type UserRow, updateUser } from './users.repository';
import type { AccountEffects } from './users.service';

/**
 * Changes one's own names, or one's password (with the current one). A new password ends the
 * user's other sessions; this one stays signed in. Wrong current passwords are limited as sign-in
 * failures are, so a stolen session cannot be used to guess the password (decision 0017).
 */
export async function updateProfile(
  deps: AppDeps,
  accounts: AccountEffects,
  actor: Pick<Actor, 'userId' | 'sessionId'>,
  body: ProfileUpdateBody,
): Promise<UserRow> {
  const { db } = deps.database;
  const now = deps.now();
  const user = await findUser(db, actor.userId);
  // Deleted after this request's session check: the session is no longer valid.
  if (!user) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
  if ('newPassword' in body) {
    const hold = accounts.passwordCheckHold(deps, user.id);
    // Counted before the check, atomically: simultaneous guesses cannot all slip under the hold.
    if ((await deps.limiter.hit(hold.key, hold.limit)).exceeded) {
      throw new AppError('RATE_LIMITED', USER_MESSAGES.currentPasswordHeld);
    }
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw new AppError('BAD_REQUEST', USER_MESSAGES.currentPasswordWrong, {
        errors: [{ path: 'body.currentPassword', message: USER_MESSAGES.currentPasswordWrong }],
      });
    }
    await deps.limiter.clear(hold.key);
    const passwordHash = await hashPassword(body.newPassword);
    return db.transaction(async (tx) => {
      const updated = await updateUser(tx, user.id, { passwordHash, mustChangePassword: false }, now);
      await accounts.endSessions(tx, user.id, now, actor.sessionId);
      return updated;
    });
  }
  return updateUser(db, user.id, { name: body.name, lastName: body.lastName }, now);
}

/** Stores a new profile picture (checked by content; SVG only without script) and drops the old one. */
export async function replaceProfilePicture(
  deps: AppDeps,
  actor: Pick<Actor, 'userId'>,
  data: Buffer,
): Promise<UserRow> {
  const image = checkImage(data);
  const { userId } = actor;
  return deps.database.db.transaction(async (tx) => {
    // The user row locked: two uploads at once cannot both keep the old picture.
    const current = await lockProfilePicture(tx, userId);
    const fileId = await insertImageFile(tx, {
      kind: 'PROFILE_PICTURE',
      organizationId: null,
      name: 'perfil',
      data,
      image,
      createdBy: userId,
    });
    const updated = await updateUser(tx, userId, { profilePictureFileId: fileId }, deps.now());
    if (current?.previous) await deleteImageIfUnused(tx, current.previous);
    return updated;
  });
}
