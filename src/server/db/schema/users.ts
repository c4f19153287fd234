import { sql } from 'drizzle-orm';
import { boolean, index, inet, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, softDelete, updatedAt } from './columns';
import { administratorTypeEnum, permissionEnum, tokenPurposeEnum } from './enums';
import { files } from './organizations';

/**
 * Administrators of the installation. Users are not tenant rows: the association's staff work
 * on every monitor it runs (docs/decisions/0003-users-are-installation-wide.md).
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased. */
    email: text().notNull(),
    name: text().notNull(),
    lastName: text().notNull(),
    /** argon2id; null until an invited user sets a password. */
    passwordHash: text(),
    active: boolean().notNull().default(true),
    /** Set for passwords someone else chose (first administrator, demo): the next sign-in asks for a new one. */
    mustChangePassword: boolean().notNull().default(false),
    administratorType: administratorTypeEnum().notNull().default('CUSTOM'),
    permissions: permissionEnum().array().notNull().default(sql`'{}'::permission[]`),
    notes: text(),
    profilePictureFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdBy: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email).where(sql`deleted_at IS NULL`)],
);

/** One row per sign-in: the signed token names it, so it can be revoked on its own. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    lastSeenAt: timestamp({ withTimezone: true }),
    ip: inet(),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password reset and invitation links: only a hash of the random token is kept; single use. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurposeEnum().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_tokens_hash_key').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId),
  ],
);
