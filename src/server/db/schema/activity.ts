import {
  bigint,
  date,
  index,
  inet,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { notificationStatusEnum } from './enums';
import { organizations } from './organizations';
import { users } from './users';

/** Route log: one row per public page view (POST /public-api/route-logs/register). */
export const visits = pgTable(
  'visits',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    path: text().notNull(),
    /** Section of the portal (see visitRouteKey), for the dashboard chart. */
    routeKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('visits_org_created_idx').on(t.organizationId, t.createdAt)],
);

/** Daily visit counts per section, kept up to date on every visit so the dashboard never scans the log. */
export const visitDailyCounts = pgTable(
  'visit_daily_counts',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    routeKey: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.routeKey] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    message: text().notNull(),
    status: notificationStatusEnum().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_org_created_idx').on(t.organizationId, t.createdAt.desc())],
);

/** Who has seen which notification. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: uuid()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index('notification_reads_user_idx').on(t.userId),
  ],
);

/** Contact-form messages, kept so none is lost when e-mail delivery fails. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    message: text().notNull(),
    ip: inet(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    deliveryError: text(),
  },
  (t) => [index('contact_messages_org_created_idx').on(t.organizationId, t.createdAt)],
);

/** Solved captcha challenges, so a solution cannot be replayed on any server process. */
export const usedCaptchas = pgTable(
  'used_captchas',
  {
    signature: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('used_captchas_expires_idx').on(t.expiresAt)],
);
