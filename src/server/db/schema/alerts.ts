import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { xid8 } from './columns';
import { organizations } from './organizations';

/**
 * Watch lists and alerts (issue 33, decision 0053): the addresses that follow something, what each
 * follows, the outbox of what is to be told (one row per address and change), and the hashes of
 * addresses that unsubscribed (the 30-day rule). No token is stored: links carry HMACs.
 */

/** An e-mail address with at least one follow (deleted with its last follow). */
export const alertSubscribers = pgTable('alert_subscribers', {
  id: uuid().primaryKey(),
  /** Lower-cased and trimmed. */
  email: text().notNull().unique(),
  /**
   * The management token (the e-mails' links and /alerts/{token}) is derived, not stored: an HMAC
   * of the subscriber's id and this version under a key from the session secret; a new link bumps
   * the version, and every earlier link stops working.
   */
  tokenVersion: integer().notNull().default(1),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Set by a GENERAL administrator when the address complains: nothing more is sent to it. */
  suspendedAt: timestamp({ withTimezone: true }),
  suspendedBy: uuid(),
});

/** Something an address follows in a monitor, and what it has already been told of. */
export const alertFollows = pgTable(
  'alert_follows',
  {
    id: uuid().primaryKey(),
    subscriberId: uuid()
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** CONTRACTS, FLAG, INDEX or PUBLICATION. */
    kind: text().notNull(),
    /** CONTRACTS: the public filters of the page it was asked from (PublicFilters). */
    filters: jsonb().$type<Record<string, unknown>>(),
    /** FLAG: the red flag's code, or 'ANY'. */
    code: text(),
    /** INDEX: the points the index must move by. */
    threshold: numeric({ precision: 6, scale: 2, mode: 'number' }),
    /** IMMEDIATE (after each data change) or WEEKLY (Monday's digest). */
    frequency: text().notNull().default('IMMEDIATE'),
    /** When the confirmation e-mail (its link: an HMAC of the follow's id) was last sent. */
    confirmationSentAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The contracts' change order already looked at (decision 0051's cursor). */
    cursorXid: xid8(),
    cursorChange: bigint({ mode: 'number' }),
    /** INDEX: the value last told (or seen when confirmed). */
    lastIndex: numeric({ precision: 8, scale: 2, mode: 'number' }),
  },
  (t) => [
    index('alert_follows_subscriber_idx').on(t.subscriberId),
    index('alert_follows_org_kind_idx').on(t.organizationId, t.kind),
  ],
);

/**
 * What one matching run found for one target (a page's filters, a flag) and cursor, written once
 * for all the follows of that target: the newest ITEMS_PER_RUN matches' facts (each with its key
 * and time, so that a follow confirmed after some of them leaves those out). The outbox rows of the
 * follows point at it: a 100,000-row load is one list per target, not one row per follower and
 * contract (1.5 GB of outbox at 100,000 follows, decision 0053).
 */
export const alertBatches = pgTable('alert_batches', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: uuid()
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** { why, flag, link (the list), items: [{ key, at, contractId, number, …, link }] }. */
  payload: jsonb().$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** What is to be told to an address, once: unique per address and change. */
export const alertOutbox = pgTable(
  'alert_outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriberId: uuid()
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: 'cascade' }),
    followId: uuid().references(() => alertFollows.id, { onDelete: 'set null' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 'run:{follow}:{horizon}' (a batch), 'index:{version}', 'publication:{period}'. */
    changeKey: text().notNull(),
    /** What the e-mail says of it (title, link, facts). */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** IMMEDIATE or WEEKLY, from the follow when it was queued. */
    frequency: text().notNull(),
    /** A run's matches for a follow (its payload then says how many and since when). */
    batchId: bigint({ mode: 'number' }).references(() => alertBatches.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /**
     * When a sender claimed the row: no other sender takes it for ten minutes (a sender that died
     * after claiming leaves it to the next one after that). Cleared when it is sent or refused.
     */
    claimedAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (t) => [
    uniqueIndex('alert_outbox_change_key').on(t.subscriberId, t.changeKey),
    index('alert_outbox_pending_idx').on(t.subscriberId).where(sql`sent_at IS NULL`),
    index('alert_outbox_batch_idx').on(t.batchId),
    // A follow that ends sets its rows' follow_id to null: without it, a scan of the outbox each.
    index('alert_outbox_follow_idx').on(t.followId),
  ],
);

/** The SHA-256 of an address that unsubscribed, and when: no confirmation e-mail for 30 days. */
export const alertSuppressions = pgTable('alert_suppressions', {
  emailSha256: text().primaryKey(),
  unsubscribedAt: timestamp({ withTimezone: true }).notNull(),
});
