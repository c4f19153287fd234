import type { Session } from '../../../shared/schemas/accounts';
import type { Profile, User } from '../../../shared/schemas/users';
import type { UserRow } from './users.repository';

export const fullName = (user: Pick<UserRow, 'name' | 'lastName'>) => `${user.name} ${user.lastName}`.trim();

/** A user for the catalogue: an explicit list of fields, so no hash or token can slip out. */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    lastName: row.lastName,
    fullName: fullName(row),
    email: row.email,
    active: row.active,
    administratorType: row.administratorType,
    permissions: row.permissions,
    notes: row.notes,
    profilePicture: row.profilePictureFileId,
    hasPassword: row.passwordHash !== null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentProfile(row: UserRow): Profile {
  return {
    _id: row.id,
    name: row.name,
    lastName: row.lastName,
    fullName: fullName(row),
    email: row.email,
    profilePicture: row.profilePictureFileId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentSessionUser(row: UserRow): Session['user'] {
  return {
    _id: row.id,
    fullName: fullName(row),
    profilePicture: row.profilePictureFileId,
    administratorType: row.administratorType,
  };
}
