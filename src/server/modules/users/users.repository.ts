import { and, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { LOCKS } from '../../db/migrate';
import { users } from '../../db/schema';
import { containsPattern } from '../../db/sql';
import { catalogueStore } from '../catalogues/catalogue.repository';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Makes the rest of the transaction wait for (and hold off) every other change to users. */
export async function lockUsers(tx: Database): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.users})`);
}

/** Every user ever created, deleted ones included: an installation with none has no administrator yet. */
export async function countAllUsers(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  return row?.total ?? 0;
}

export async function insertUser(db: Database, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

/** A user who has not been deleted, by id. */
export async function findUser(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** A user who has not been deleted, by e-mail (stored lower-cased). */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function updateUser(
  db: Database,
  id: string,
  changes: Partial<NewUser>,
  now: Date,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row!;
}

/**
 * The user's current profile picture, with the user row locked until the transaction ends (two
 * uploads at once cannot both keep the old picture). Undefined when there is no such user.
 */
export async function lockProfilePicture(
  tx: Database,
  userId: string,
): Promise<{ previous: string | null } | undefined> {
  const [row] = await tx
    .select({ previous: users.profilePictureFileId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Notes a sign-in without touching `updatedAt` (the user's data did not change). */
export async function recordLogin(db: Database, id: string, now: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, id));
}

export async function softDeleteUser(db: Database, id: string, by: string, now: Date): Promise<void> {
  await db.update(users).set({ deletedAt: now, deletedBy: by, active: false }).where(eq(users.id, id));
}

/** Active GENERAL administrators other than `exceptId`: one must always remain. */
export async function countOtherActiveGenerals(db: Database, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(
      and(
        eq(users.administratorType, 'GENERAL'),
        eq(users.active, true),
        isNull(users.deletedAt),
        ne(users.id, exceptId),
      ),
    );
  return row?.total ?? 0;
}

const folded = (column: unknown) => sql`lower(immutable_unaccent(${column}))`;

/** The users catalogue's table: searched by name, last name (or both) and e-mail, accents ignored. */
export const userStore = catalogueStore({
  table: users,
  sortable: {
    name: users.name,
    lastName: users.lastName,
    email: users.email,
    createdAt: users.createdAt,
  },
  search: (text) => {
    const pattern = containsPattern(text);
    return or(
      sql`${folded(users.name)} LIKE ${pattern}`,
      sql`${folded(users.lastName)} LIKE ${pattern}`,
      sql`lower(immutable_unaccent(${users.name} || ' ' || ${users.lastName})) LIKE ${pattern}`,
      sql`${users.email} LIKE ${pattern}`,
    )!;
  },
});
