import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
 * Auction bids of a repossession or SARFAESI case (issue 15), entered at the auction stage. Amounts in integer minor
 * units (paise) with the currency. ACTIVE bids count for the current auction; WITHDRAWN ones were taken back; LAPSED
 * ones belonged to an auction that failed (the case went to a reduced reserve and a re-auction).
 */
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => cases.id),
    bidderName: text('bidder_name').notNull(),
    /** PAN or another identity document number */
    bidderIdNo: text('bidder_id_no'),
    emdAmountMinor: bigint('emd_amount_minor', { mode: 'bigint' }).notNull(),
    /** the EMD's bank reference (UTR) */
    emdReference: text('emd_reference'),
    emdReceivedOn: date('emd_received_on'),
    bidAmountMinor: bigint('bid_amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    qualified: boolean('qualified').notNull(),
    remarks: text('remarks'),
    /** ACTIVE | WITHDRAWN | LAPSED */
    status: text('status').notNull().default('ACTIVE'),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('auction_bids_case_idx').on(t.caseId, t.id)],
);

/**
 * An auction batch (issue 15): several assets sold in one auction event. OPEN while lots are added, PUBLISHED once the
 * sale notice is out, COMPLETED after the auction. Scoped to the unit that built it (and the units above it).
 */
export const auctionBatches = pgTable(
  'auction_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchNo: text('batch_no').notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    unitPath: text('unit_path').notNull(),
    auctionDate: date('auction_date').notNull(),
    emdLastDate: date('emd_last_date').notNull(),
    inspectionDate1: date('inspection_date1'),
    inspectionDate2: date('inspection_date2'),
    /** the auction agency or e-auction portal */
    auctionAgency: text('auction_agency').notNull(),
    /** OPEN | PUBLISHED | COMPLETED */
    status: text('status').notNull().default('OPEN'),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auction_batches_batch_no_key').on(t.batchNo), index('auction_batches_unit_idx').on(t.unitPath)],
);

/** A lot of a batch: one case, its lot number (1, 2, … in the order added) and its reserve price in minor units. */
export const auctionLots = pgTable(
  'auction_lots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => auctionBatches.id),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => cases.id),
    lotNo: integer('lot_no').notNull(),
    reservePriceMinor: bigint('reserve_price_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auction_lots_batch_lot_key').on(t.batchId, t.lotNo),
    uniqueIndex('auction_lots_batch_case_key').on(t.batchId, t.caseId),
    index('auction_lots_case_idx').on(t.caseId),
  ],
);

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
