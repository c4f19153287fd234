import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
