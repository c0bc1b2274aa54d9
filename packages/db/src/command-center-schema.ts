import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, agencies } from './collections-schema.ts';
import { units, users } from './schema.ts';

// Command center (issue 16): the devices field users report from, and the command-center settings. The positions themselves
// live in `field_positions`, a table PARTITIONED BY RANGE (fix_time), one partition a day, which drizzle cannot
// express: it is created by the custom migration `command_center_positions` and read and written with SQL in
// apps/server/src/modules/command-center (docs/architecture.md "Command center: location ingest").

/** A device (an installation of the field app, or a tracker) registered to the first user who reported from it. */
export const fieldDevices = pgTable(
  'field_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the app's installation id as the device sends it */
    deviceKey: text('device_key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    platform: text('platform'),
    appVersion: text('app_version'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    /** when the server last received a batch from it */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** the latest fix (by fix time) it reported, with its battery */
    lastFixAt: timestamp('last_fix_at', { withTimezone: true }),
    lastLatitude: doublePrecision('last_latitude'),
    lastLongitude: doublePrecision('last_longitude'),
    lastAccuracyM: doublePrecision('last_accuracy_m'),
    lastBattery: smallint('last_battery'),
  },
  (t) => [
    uniqueIndex('field_devices_key_uq').on(t.deviceKey),
    index('field_devices_user_idx').on(t.userId, t.lastSeenAt),
  ],
);

/**
 * The command-center settings (one row, id 1; none: DEFAULT_COMMAND_CENTER_SETTINGS of the domain): the values of
 * `commandCenterSettingsSchema` as one JSON object (the ingest's accuracy filter and retention among them), versioned.
 */
export const cmdCenterSettings = pgTable('cmd_center_settings', {
  id: smallint('id').primaryKey().default(1),
  values: jsonb('values').$type<Record<string, unknown>>().notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A map-based allocation batch (issue 16, `/cmdCenter/mapBasedAllocation`): the accounts a supervisor selected on the
 * map, planned by proximity and applied through the collections allocation (docs/architecture.md "Command center:
 * map-based allocation"). `status`: QUEUED | RUNNING | DONE (all allocated) | PARTIAL (some skipped or failed) | FAILED.
 */
export const cmdAllocationBatches = pgTable(
  'cmd_allocation_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchNo: text('batch_no').notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    unitPath: text('unit_path').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(), // PROXIMITY
    status: text('status').notNull(),
    totalCount: integer('total_count').notNull(),
    allocatedCount: integer('allocated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cmd_allocation_batches_no_uq').on(t.batchNo),
    index('cmd_allocation_batches_unit_idx').on(t.unitPath, t.createdAt),
  ],
);

/** One account of a batch: to whom, and the outcome (ALLOCATED | SKIPPED | FAILED) with its reason. */
export const cmdAllocationBatchItems = pgTable(
  'cmd_allocation_batch_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => cmdAllocationBatches.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    userId: integer('user_id').references(() => users.id),
    agencyId: integer('agency_id').references(() => agencies.id),
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    distanceM: integer('distance_m'),
  },
  (t) => [index('cmd_allocation_batch_items_batch_idx').on(t.batchId, t.outcome, t.id)],
);
