import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './collections-schema.ts';
import { createdAt } from './columns.ts';
import { units, users } from './schema.ts';

// Compromise settlements (issue 13, migration 0017). Money is integer minor units (paise, cents) beside a currency.
// A settlement is requested, pushed back, resubmitted, approved or rejected on the approval kit (flow SETTLEMENT);
// this table keeps its terms (the outstanding by component at initiation, the waiver split, the schedule) and where
// it is after approval (paying, lapsed, settled). Money received is read from `payments` (the receipts part posts it).

export const settlements = pgTable(
  'settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** copied from the account's branch: row scope */
    unitPath: text('unit_path').notNull(),
    currency: text('currency').notNull(),
    /** PENDING_APPROVAL | APPROVED | REJECTED | PUSHBACK (the spec's status values) */
    status: text('status').notNull().default('PENDING_APPROVAL'),
    /** APPROVAL (waiting) | PAYMENT (approved, paying) | LAPSED (an instalment missed) | SETTLED (paid) | CLOSED (rejected) */
    stage: text('stage').notNull().default('APPROVAL'),
    partyName: text('party_name').notNull(),
    principalMinor: bigint('principal_minor', { mode: 'bigint' }).notNull(),
    interestMinor: bigint('interest_minor', { mode: 'bigint' }).notNull(),
    chargesMinor: bigint('charges_minor', { mode: 'bigint' }).notNull(),
    /** the outstanding at initiation: principal + interest + charges */
    totalMinor: bigint('total_minor', { mode: 'bigint' }).notNull(),
    payableMinor: bigint('payable_minor', { mode: 'bigint' }).notNull(),
    waiverPrincipalMinor: bigint('waiver_principal_minor', { mode: 'bigint' }).notNull(),
    waiverInterestMinor: bigint('waiver_interest_minor', { mode: 'bigint' }).notNull(),
    waiverChargesMinor: bigint('waiver_charges_minor', { mode: 'bigint' }).notNull(),
    waiverMinor: bigint('waiver_minor', { mode: 'bigint' }).notNull(),
    /** the waiver's share of the outstanding in basis points (rounded up) */
    waiverBp: integer('waiver_bp').notNull(),
    /** the approval level it needs (1 branch, 2 region, 3 zone, 4 credit committee, 5 board) and why */
    requiredLevel: integer('required_level').notNull(),
    levelReason: text('level_reason').notNull(),
    /** the plan runs past 90 days from its start (RBI: treated as restructuring) */
    restructuring: boolean('restructuring').notNull().default(false),
    remarks: text('remarks'),
    initiatedByUserId: integer('initiated_by_user_id')
      .notNull()
      .references(() => users.id),
    initiatedUnitId: integer('initiated_unit_id')
      .notNull()
      .references(() => units.id),
    initiatedOn: date('initiated_on').notNull(),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionRemarks: text('decision_remarks'),
    /** the business date and instant of approval: payments since then count against the schedule */
    approvedOn: date('approved_on'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    lapsedOn: date('lapsed_on'),
    settledOn: date('settled_on'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('settlements_scope_idx').on(t.unitPath.op('text_pattern_ops'), t.id),
    index('settlements_account_idx').on(t.accountId),
    index('settlements_stage_idx').on(t.stage),
    // An account has at most one live settlement (waiting for a decision, or approved and being paid).
    uniqueIndex('settlements_one_live_uq')
      .on(t.accountId)
      .where(sql`stage in ('APPROVAL', 'PAYMENT')`),
    check(
      'settlements_waiver_sums',
      sql`${t.waiverMinor} = ${t.waiverPrincipalMinor} + ${t.waiverInterestMinor} + ${t.waiverChargesMinor}
      and ${t.totalMinor} = ${t.principalMinor} + ${t.interestMinor} + ${t.chargesMinor}
      and ${t.payableMinor} + ${t.waiverMinor} = ${t.totalMinor} and ${t.payableMinor} > 0`,
    ),
  ],
);

export const settlementInstalments = pgTable(
  'settlement_instalments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    settlementId: bigint('settlement_id', { mode: 'number' })
      .notNull()
      .references(() => settlements.id),
    instalmentNo: integer('instalment_no').notNull(),
    dueDate: date('due_date').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [
    uniqueIndex('settlement_instalments_no_uq').on(t.settlementId, t.instalmentNo),
    check('settlement_instalments_positive', sql`${t.amountMinor} > 0`),
  ],
);
