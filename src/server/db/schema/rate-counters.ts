import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit and failure counters shared by every app process (decision 0018): one row per key
 * and fixed window, counted with an atomic upsert; rows whose window ended are deleted now and then.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    /** What is counted and for whom, e.g. `route:POST /public-api/accounts/login:10.0.0.1`. */
    key: text().primaryKey(),
    count: integer().notNull(),
    /** End of the current window: from then on the next hit starts a new one. */
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_reset_at_idx').on(t.resetAt)],
);

/**
 * Public answers computed by one app process for every process (decision 0054): after a data
 * change, the first process to claim an answer's new version computes it, the others take it from
 * here instead of computing it again (their visitors get the previous answer meanwhile). One row
 * per answer (build, route, monitor, filters, page); rows not stored again for a day are deleted.
 */
export const sharedAnswers = pgTable(
  'shared_answers',
  {
    name: text().primaryKey(),
    /** The data version the answer is of (or is being computed for). */
    version: bigint({ mode: 'number' }).notNull(),
    /** The answer as sent; null while its computation runs. */
    body: text(),
    /** Until when the process that claimed it computes it: past that, another may. */
    claimedUntil: timestamp({ withTimezone: true }),
    storedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shared_answers_stored_at_idx').on(t.storedAt)],
);
