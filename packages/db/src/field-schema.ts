import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, agencies, collaterals, documents } from './collections-schema.ts';
import { users, units } from './schema.ts';
import { createdAt } from './columns.ts';

// Field work (issue 14, migration 0025): a field collector's work plan for a date (the accounts to visit, in route
// order, with targets and each visit's status) and PVR cases (property visit reports of secured accounts: opened,
// delegated to field staff or an agency, the visit captured with its geotag and photos, reviewed by a second user).

export const workPlans = pgTable(
  'work_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the field collector whose plan it is */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** the unit the plan was made in: row scope (a supervisor sees the plans of the acting unit's subtree) */
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    unitPath: text('unit_path').notNull(),
    planDate: date('plan_date', { mode: 'string' }).notNull(),
    /** where the route starts (the branch, or the collector's own point); null: the first visit */
    startLatitude: doublePrecision('start_latitude'),
    startLongitude: doublePrecision('start_longitude'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('work_plans_user_date_uq').on(t.userId, t.planDate),
    index('work_plans_scope_idx').on(t.unitPath.op('text_pattern_ops'), t.planDate),
  ],
);

export const workPlanVisits = pgTable(
  'work_plan_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: bigint('plan_id', { mode: 'number' })
      .notNull()
      .references(() => workPlans.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** 1-based position on the route */
    seq: integer('seq').notNull(),
    /** HIGH | MEDIUM | LOW */
    priority: text('priority').notNull(),
    /** the amount to collect, in minor units of the account's currency */
    targetMinor: bigint('target_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** copied from the borrower's address when planned (null: not geocoded) */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** PLANNED | VISITED | PTP | PAID | RTP | DOOR_LOCKED | NOT_AVAILABLE | SHIFTED | NOT_FOUND */
    status: text('status').notNull().default('PLANNED'),
    collectedMinor: bigint('collected_minor', { mode: 'number' }),
    remarks: text('remarks'),
    visitedAt: timestamp('visited_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('work_plan_visits_account_uq').on(t.planId, t.accountId),
    index('work_plan_visits_plan_idx').on(t.planId, t.seq),
  ],
);

export const pvrCases = pgTable(
  'pvr_cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseNo: text('case_no').notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    collateralId: bigint('collateral_id', { mode: 'number' })
      .notNull()
      .references(() => collaterals.id),
    /** copied from the account's branch: row scope */
    unitPath: text('unit_path').notNull(),
    /** INITIATED | DELEGATED | CAPTURED | SENT_BACK | APPROVED */
    status: text('status').notNull(),
    propertyAddress: text('property_address').notNull(),
    /** where the property is on record (the collateral's geotag, else the borrower's residence) */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    reason: text('reason').notNull(),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    assigneeUserId: integer('assignee_user_id').references(() => users.id),
    assigneeAgencyId: integer('assignee_agency_id').references(() => agencies.id),
    dueDate: date('due_date', { mode: 'string' }),
    delegatedBy: integer('delegated_by').references(() => users.id),
    delegatedAt: timestamp('delegated_at', { withTimezone: true }),
    /** the visit: when and where it was captured, what was found */
    visitedAt: timestamp('visited_at', { withTimezone: true }),
    visitLatitude: doublePrecision('visit_latitude'),
    visitLongitude: doublePrecision('visit_longitude'),
    /** SELF_OCCUPIED | TENANTED | VACANT | LOCKED | UNDER_CONSTRUCTION */
    occupancy: text('occupancy'),
    /** GOOD | FAIR | POOR | DAMAGED */
    condition: text('condition'),
    personMet: text('person_met'),
    visitRemarks: text('visit_remarks'),
    capturedBy: integer('captured_by').references(() => users.id),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewRemarks: text('review_remarks'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('pvr_cases_scope_idx').on(t.unitPath.op('text_pattern_ops'), t.status, t.id),
    uniqueIndex('pvr_cases_one_open_uq')
      .on(t.accountId)
      .where(sql`${t.status} <> 'APPROVED'`),
  ],
);

/** The photos of a visit: account documents (the document store) linked to the case. */
export const pvrCasePhotos = pgTable(
  'pvr_case_photos',
  {
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => pvrCases.id),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pvr_case_photos_uq').on(t.caseId, t.documentId)],
);

/** The case's history, one row per step (OPEN, DELEGATE, CAPTURE, APPROVE, SEND_BACK). Append-only (migration 0025). */
export const pvrCaseEvents = pgTable(
  'pvr_case_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => pvrCases.id),
    action: text('action').notNull(),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id),
    remarks: text('remarks'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pvr_case_events_case_idx').on(t.caseId, t.id)],
);
