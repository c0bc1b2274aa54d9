import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  date,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts, customers } from './collections-schema.ts';
import { units, users } from './schema.ts';

// Receipts (issue 13): money received on an account, its receipt books and the idempotency keys of every money post.
// Amounts here are integer minor units (paise, cents) beside a currency column; the old `payments` table keeps its
// numeric(18,2) and gets one row per receipt (and a negative one per reversal).

/** System numbers of electronic receipts (NEFT/RTGS/IMPS/UPI, imports): `E` + the next value, zero-padded. */
export const receiptSystemNoSeq = pgSequence('receipt_system_no_seq', { startWith: 1 });

/** A book of pre-printed receipt numbers issued to a branch, or to one collector of it. */
export const receiptBooks = pgTable(
  'receipt_books',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookNo: text('book_no').notNull(),
    /** the branch the book is issued to; its receipts are scoped by this unit's path */
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    unitPath: text('unit_path').notNull(),
    /** the collector holding the book; null: any user of the branch */
    issuedToUserId: integer('issued_to_user_id').references(() => users.id),
    rangeFrom: integer('range_from').notNull(),
    rangeTo: integer('range_to').notNull(),
    /** ACTIVE | CLOSED */
    status: text('status').notNull().default('ACTIVE'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('receipt_books_book_no_uq').on(t.bookNo), index('receipt_books_unit_idx').on(t.unitPath)],
);

/** The numbers of a book that were used: a number is used once, ever (the primary key), even by a cancelled receipt. */
export const receiptBookNumbers = pgTable(
  'receipt_book_numbers',
  {
    bookId: bigint('book_id', { mode: 'number' })
      .notNull()
      .references(() => receiptBooks.id),
    number: integer('number').notNull(),
    receiptId: bigint('receipt_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.number] })],
);

export const receipts = pgTable(
  'receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** printed number: `<book>-<number>` for a book receipt, `E<system number>` otherwise */
    receiptNo: text('receipt_no').notNull(),
    bookId: bigint('book_id', { mode: 'number' }).references(() => receiptBooks.id),
    bookNumber: integer('book_number'),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** the payer (§269ST counts cash per customer and day across accounts) */
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** copied from the account's branch: row scope */
    unitPath: text('unit_path').notNull(),
    branchUnitId: integer('branch_unit_id')
      .notNull()
      .references(() => units.id),
    /** CASH | CHEQUE | DD | NEFT | RTGS | IMPS | UPI */
    mode: text('mode').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** the business date it was received on */
    receivedOn: date('received_on').notNull(),
    receivedByUserId: integer('received_by_user_id')
      .notNull()
      .references(() => users.id),
    receivedUnitId: integer('received_unit_id')
      .notNull()
      .references(() => units.id),
    /** UTR, cheque/DD number, UPI reference */
    reference: text('reference'),
    /** the mode's own fields (cheque bank/MICR/date, cash denominations) */
    instrument: jsonb('instrument').notNull().default({}),
    /** PENDING_VERIFICATION | VERIFIED | CANCEL_REQUESTED | CANCELLED */
    status: text('status').notNull().default('PENDING_VERIFICATION'),
    verifiedByUserId: integer('verified_by_user_id').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    chargesMinor: bigint('charges_minor', { mode: 'bigint' }).notNull(),
    interestMinor: bigint('interest_minor', { mode: 'bigint' }).notNull(),
    principalMinor: bigint('principal_minor', { mode: 'bigint' }).notNull(),
    /** what the posting changed, so the reversal undoes exactly that (dues applied, charge split, PTPs) */
    posting: jsonb('posting').notNull(),
    /** MANUAL | UPI_COLLECT | IMPORT */
    source: text('source').notNull(),
    sourceRef: text('source_ref'),
    paymentId: bigint('payment_id', { mode: 'number' }),
    reversalPaymentId: bigint('reversal_payment_id', { mode: 'number' }),
    cancelReasonCode: text('cancel_reason_code'),
    cancelRemarks: text('cancel_remarks'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('receipts_receipt_no_uq').on(t.receiptNo),
    // a payment source (a UPI collect request) becomes a receipt at most once
    uniqueIndex('receipts_source_ref_uq')
      .on(t.source, t.sourceRef)
      .where(sql`source_ref is not null`),
    index('receipts_account_idx').on(t.accountId, t.id.desc()),
    index('receipts_scope_idx').on(t.unitPath.op('text_pattern_ops'), t.id.desc()),
    index('receipts_status_idx').on(t.status, t.id.desc()),
    index('receipts_customer_day_idx').on(t.customerId, t.receivedOn),
  ],
);

/**
 * Idempotency keys of money posts: the first request with a key stores its reply; the same key with the same body
 * gets that reply again, with another body a 422. The row is inserted first in the post's own transaction, so
 * concurrent duplicates wait on the unique key and then read the committed reply.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the canonical request body */
    requestHash: text('request_hash').notNull(),
    replyStatus: integer('reply_status'),
    replyBody: jsonb('reply_body'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_uq').on(t.userId, t.route, t.key)],
);
