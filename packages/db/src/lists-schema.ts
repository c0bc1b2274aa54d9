import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { customers } from './collections-schema.ts';
import { users } from './schema.ts';

// Lists as staff expect them: saved views of a list (per user, per list) and the word index of customer names that
// the global account search reads (a prefix match on a btree, the same on PostgreSQL and PGlite).

/** A named filter set of one list (a tray, a stage tray, the pool), owned by one user. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** the list's route name (`escalcases`, `legalFilingApproval`, …) */
    listKey: text('list_key').notNull(),
    name: text('name').notNull(),
    /** the list's address parameters without its paging position, as [key, value] pairs */
    params: jsonb('params').notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_user_list_name_uq').on(t.userId, t.listKey, sql`lower(${t.name})`)],
);

/**
 * The words of every customer's name in lower case, kept by a trigger on customers (and filled set-based by the
 * book generator, whose fast load skips triggers). `word LIKE 'prefix%'` walks the btree on both databases, where
 * pg_trgm would exist only on PostgreSQL.
 */
export const customerNameWords = pgTable(
  'customer_name_words',
  {
    word: text('word').notNull(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.customerId] }),
    index('customer_name_words_prefix_idx').on(t.word.op('text_pattern_ops'), t.customerId),
    index('customer_name_words_customer_idx').on(t.customerId),
  ],
);
