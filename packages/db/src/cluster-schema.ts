import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// State that several server instances must share (docs/architecture.md, "Several instances").

/**
 * Attempt counters of the sign-in limits: per-address rate limits (fixed windows) and the failure count and lock of
 * usernames that do not exist. One row per (bucket, key), updated by one atomic `INSERT … ON CONFLICT … DO UPDATE …
 * RETURNING`, so every instance counts into the same row. `key` is a SHA-256 digest (typed usernames are not kept);
 * rows past `expires_at` are pruned.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.key] }),
    index('attempt_counters_expires_idx').on(table.expiresAt),
  ],
);
