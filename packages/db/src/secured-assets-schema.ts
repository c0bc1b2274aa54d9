import { bigint, bigserial, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './collections-schema.ts';
import { receipts } from './receipts-schema.ts';
import { cases } from './workflow-schema.ts';
import { units, users } from './schema.ts';
import { createdAt } from './columns.ts';

// Secured assets (repossession and SARFAESI effects, issue 15): the co-obligors of an account that a SARFAESI §13(2)
// demand notice names beside the borrower, and the §13(8) redemption lock a case takes when its auction notice is
// published.

/** The account's obligors other than its customer (the borrower): co-borrowers and guarantors. */
export const accountObligors = pgTable(
  'account_obligors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** CO_BORROWER | GUARANTOR */
    role: text('role').notNull(),
    name: text('name').notNull(),
    /** the postal address a notice is sent to, lines separated by newlines */
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [index('account_obligors_account_idx').on(t.accountId, t.id)],
);

/**
 * §13(8): once the auction notice of a case is published, full-dues redemption is no longer accepted. One row per
 * case (written by the lockRedemption effect in the publishing step's transaction; kept if the case is later
 * re-auctioned).
 */
export const redemptionLocks = pgTable('redemption_locks', {
  caseId: bigint('case_id', { mode: 'number' })
    .primaryKey()
    .references(() => cases.id),
  /** the business date of the publication step */
  lockedOn: date('locked_on').notNull(),
  /** the publication date captured on the case (salePublicationDate), when it was given */
  publicationDate: date('publication_date'),
  lockedByUserId: integer('locked_by_user_id')
    .notNull()
    .references(() => users.id),
  actingUnitId: integer('acting_unit_id')
    .notNull()
    .references(() => units.id),
  createdAt: createdAt(),
});

/**
 * §13(7) and rule 15: how a repossession or SARFAESI case closed against its account. One row per case, written by the
 * settleClosure effect in the closing step's transaction: the outstanding before, the sale proceeds and the expenses
 * recovered from them (minor units of the account's currency), what was posted to the account as a receipt, the
 * shortfall left on the account (still recoverable) and the surplus owed back to the borrower (a refund, DUE until
 * someone records it PAID).
 */
export const securedClosures = pgTable('secured_closures', {
  caseId: bigint('case_id', { mode: 'number' })
    .primaryKey()
    .references(() => cases.id),
  accountId: bigint('account_id', { mode: 'number' })
    .notNull()
    .references(() => accounts.id),
  closureType: text('closure_type').notNull(),
  currency: text('currency').notNull(),
  outstandingMinor: bigint('outstanding_minor', { mode: 'bigint' }).notNull(),
  proceedsMinor: bigint('proceeds_minor', { mode: 'bigint' }).notNull(),
  expensesMinor: bigint('expenses_minor', { mode: 'bigint' }).notNull(),
  appliedMinor: bigint('applied_minor', { mode: 'bigint' }).notNull(),
  shortfallMinor: bigint('shortfall_minor', { mode: 'bigint' }).notNull(),
  surplusMinor: bigint('surplus_minor', { mode: 'bigint' }).notNull(),
  /** the receipt the applied proceeds were posted as (none when nothing was applied) */
  receiptId: bigint('receipt_id', { mode: 'number' }).references(() => receipts.id),
  /** NONE (no surplus) | DUE | PAID */
  refundStatus: text('refund_status').notNull(),
  refundPaidOn: date('refund_paid_on'),
  refundReference: text('refund_reference'),
  refundRecordedByUserId: integer('refund_recorded_by_user_id').references(() => users.id),
  /** the business date of the closing step */
  closedOn: date('closed_on').notNull(),
  closedByUserId: integer('closed_by_user_id')
    .notNull()
    .references(() => users.id),
  actingUnitId: integer('acting_unit_id')
    .notNull()
    .references(() => units.id),
  createdAt: createdAt(),
});
