import { integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

// Collections settings (issue 14, /collapp/settings): the business-editable rules of collections, one row (id 1).
// No row means the defaults (packages/domain/src/collections/settings.ts); the first save inserts it.

export const collectionsSettings = pgTable('collections_settings', {
  id: smallint('id').primaryKey().default(1),
  /** furthest promised date without a supervisor, in days from the business date, bucket B1 (and current) */
  ptpHorizonDaysB1: integer('ptp_horizon_days_b1').notNull(),
  /** the same for B2 and later buckets */
  ptpHorizonDaysLater: integer('ptp_horizon_days_later').notNull(),
  /** furthest promised date at all (a deviation beyond it is refused, not sent to a supervisor) */
  ptpMaxDays: integer('ptp_max_days').notNull(),
  /** accounts one collector carries at most: the capacity rule-based allocation fills to */
  collectorCapacity: integer('collector_capacity').notNull(),
  /** broken PTPs in a row after which an account is escalated to its unit manager */
  escalationBrokenPtps: integer('escalation_broken_ptps').notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
