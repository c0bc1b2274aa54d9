import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { units, users } from './schema.ts';

// Collections targets (issue 14, migration 0022): the amount a unit is to collect in a month, per currency, in minor
// units. The collections dashboard sets what was collected in the business date's month against it: a unit's target
// is its own row when it has one, else the sum of the rows of the units below it (branches usually carry them).

export const collectionTargets = pgTable(
  'collection_targets',
  {
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** the first day of the month */
    month: date('month').notNull(),
    currency: text('currency').notNull(),
    targetMinor: bigint('target_minor', { mode: 'bigint' }).notNull(),
    setByUserId: integer('set_by_user_id').references(() => users.id),
    /** optimistic version of an edit on the Reports screen (migration 0028) */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.month, t.currency] }), index('collection_targets_month_idx').on(t.month)],
);
