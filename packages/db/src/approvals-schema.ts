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
import { createdAt, money } from './columns.ts';
import { units, users } from './schema.ts';

// Maker-checker approvals (issue 10): one request table for every flow (re-allocation, PTP deviation, escalation,
// and the settlement, receipt, payment batch, marking, user and waiver approvals to come). A flow is data
// (packages/domain/src/approvals); its request is decided by one conditional UPDATE on status, level and version;
// its history is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE).

export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the flow's code (packages/domain/src/approvals/flows) */
    flowCode: text('flow_code').notNull(),
    /** ACCOUNT | RECEIPT | PAYMENT_BATCH | SETTLEMENT | USER | CASE | REALLOCATION_REQUEST | PTP | ESCALATION */
    subjectType: text('subject_type').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    /** row scope: the ancestry path of the unit the request belongs to (a checker sees their subtree) */
    unitPath: text('unit_path').notNull(),
    /** null for requests the system raised (an escalation of a broken PTP at day start) */
    makerUserId: integer('maker_user_id').references(() => users.id),
    makerUnitId: integer('maker_unit_id').references(() => units.id),
    /** PENDING | APPROVED | REJECTED | PUSHBACK | WITHDRAWN */
    status: text('status').notNull().default('PENDING'),
    /** the checker level the request waits at (1 = first); above a checker's limit it moves up */
    level: integer('level').notNull().default(1),
    /** the named decision that closed it (approve, reject, or a flow's own, e.g. an escalation's reallocate) */
    decision: text('decision'),
    /** checkers who approved it at a lower level: none of them may approve it again */
    checkerUserIds: integer('checker_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    lastCheckerUserId: integer('last_checker_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    remarks: text('remarks'),
    /** what delegation limits compare (amount-limited flows) */
    amount: money('amount'),
    currency: text('currency'),
    /** the flow's request fields (validated by the flow's payload schema) */
    payload: jsonb('payload').notNull().default({}),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_requests_subject_idx').on(t.flowCode, t.subjectId, t.id),
    /** a subject waits in at most one open request of a flow */
    uniqueIndex('approval_requests_one_open_uq')
      .on(t.flowCode, t.subjectType, t.subjectId)
      .where(sql`status in ('PENDING', 'PUSHBACK')`),
    index('approval_requests_pending_idx')
      .on(t.flowCode, t.unitPath)
      .where(sql`status = 'PENDING'`),
  ],
);

/** The history of a request: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export const approvalEvents = pgTable(
  'approval_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => approvalRequests.id),
    /** REQUEST | APPROVE | FORWARD | REJECT | PUSHBACK | RESUBMIT | RECONSIDER | WITHDRAW */
    action: text('action').notNull(),
    /** the flow's decision name (e.g. reallocate) */
    decision: text('decision'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    fromLevel: integer('from_level'),
    toLevel: integer('to_level').notNull(),
    /** null for the system (day start) */
    actorUserId: integer('actor_user_id').references(() => users.id),
    actingUnitId: integer('acting_unit_id').references(() => units.id),
    remarks: text('remarks'),
    /** what the decision's effect did (accounts moved, PTP cancelled, ...) */
    effects: jsonb('effects').notNull().default({}),
    /** the request version after the step */
    requestVersion: integer('request_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('approval_events_request_idx').on(t.requestId, t.id)],
);

/**
 * Delegation limits: the most a user may approve with an authority in a unit, per currency. No row for the
 * (user, unit, authority) means no limit; rows in other currencies only mean a request in this one is not covered.
 */
export const approvalLimits = pgTable(
  'approval_limits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    authority: text('authority').notNull(),
    currency: text('currency').notNull(),
    maxAmount: money('max_amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.unitId, t.authority, t.currency] })],
);
