import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { units, users } from './schema.ts';

// Operations (issue 14, migration 0023): the schedules of the product's processes (Schedule Process screen) and the
// rules day start allocates newly delinquent accounts by.

/**
 * The schedule of one process of the catalogue (apps/server/src/modules/processes/process-catalogue.ts), by its
 * code. No row: the catalogue's default. The job worker reads this table on every scheduling tick, so an edit takes
 * effect without a restart. A process runs either every `every_minutes` or once a day at `time_of_day` (HH:MM, the
 * organisation's time zone), as the catalogue says.
 */
export const processSchedules = pgTable('process_schedules', {
  code: text('code').primaryKey(),
  enabled: boolean('enabled').notNull(),
  everyMinutes: integer('every_minutes'),
  timeOfDay: text('time_of_day'),
  version: integer('version').notNull().default(1),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Day start's allocation step: an unallocated delinquent account goes to the collector of the first active rule (by
 * priority) that matches its product, bucket and primary address pincode prefix (a null criterion matches all),
 * while the collector holds fewer than `capacity` accounts. Held, suppressed, settling and FRAUD/DECEASED-marked
 * accounts are never allocated. A rule belongs to a unit (null: the organisation, rules from before migration 0028)
 * and allocates only the accounts of that unit's subtree; it is edited on the Day Start screen (optimistic
 * `version`). A rule whose collector is inactive or no longer collects in the unit fails the step with its reason.
 */
export const allocationRules = pgTable(
  'allocation_rules',
  {
    id: serial('id').primaryKey(),
    priority: integer('priority').notNull(),
    product: text('product'),
    bucket: text('bucket'),
    pinCodePrefix: text('pin_code_prefix'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    capacity: integer('capacity').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    unitId: integer('unit_id').references(() => units.id),
    version: integer('version').notNull().default(1),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('allocation_rules_priority_idx').on(t.priority, t.id)],
);
