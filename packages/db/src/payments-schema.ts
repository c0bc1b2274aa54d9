import { sql } from 'drizzle-orm';
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
import { createdAt } from './columns.ts';
import { receipts } from './receipts-schema.ts';
import { units, users } from './schema.ts';

// Payments (issue 13, the UPI / batch / reconciliation part): UPI collect requests and their provider callbacks, the
// sandbox payment service provider's own book, deposit batches of verified cash and cheque receipts, bank statement
// credits matched to batches and electronic receipts, and EFT receipt cancellations. Money is integer minor units
// (paise, cents) beside its currency. Receipts are referenced by id (the receipts part owns that table; its columns
// are never extended here).

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const minor = (name: string) => bigint(name, { mode: 'bigint' });

export const upiCollectRequests = pgTable(
  'upi_collect_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** our transaction id, sent to the provider as the merchant reference (unique) */
    txnId: text('txn_id').notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** row scope: the account's branch path */
    unitPath: text('unit_path').notNull(),
    vpa: text('vpa').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** INITIATED | SUCCESS | FAILED | EXPIRED */
    status: text('status').notNull().default('INITIATED'),
    /** the provider that carries it (SANDBOX, or a real one's name) and its own transaction id */
    provider: text('provider').notNull(),
    providerTxnId: text('provider_txn_id'),
    /** the payer bank's retrieval reference number (the UTR of a UPI payment) */
    bankRrn: text('bank_rrn'),
    failureReason: text('failure_reason'),
    initiatedByUserId: integer('initiated_by_user_id')
      .notNull()
      .references(() => users.id),
    initiatedUnitId: integer('initiated_unit_id')
      .notNull()
      .references(() => units.id),
    initiatedAt: timestamptz('initiated_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    completedAt: timestamptz('completed_at'),
    /** SUCCESS arrived after the request had expired here: the money was taken, so it became a receipt anyway */
    lateSuccess: boolean('late_success').notNull().default(false),
    /** the receipt the successful payment became (exactly one) */
    receiptId: bigint('receipt_id', { mode: 'number' }).references(() => receipts.id),
    remarks: text('remarks'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('upi_collect_requests_txn_uq').on(t.txnId),
    uniqueIndex('upi_collect_requests_receipt_uq').on(t.receiptId),
    index('upi_collect_requests_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'INITIATED'`),
    index('upi_collect_requests_scope_idx').on(t.unitPath, t.id),
  ],
);

/** Every signed callback the provider sent, applied or not (duplicates are kept: they prove the idempotency). */
export const upiCallbackEvents = pgTable(
  'upi_callback_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txnId: text('txn_id').notNull(),
    eventId: text('event_id').notNull(),
    status: text('status').notNull(),
    /** APPLIED | DUPLICATE | IGNORED */
    outcome: text('outcome').notNull(),
    bodySha256: text('body_sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('upi_callback_events_txn_idx').on(t.txnId, t.id)],
);

/**
 * The sandbox payment service provider's own book (served by this process in demo mode and tests). A real provider
 * keeps this on its side; the sandbox keeps it here so it survives restarts and serves every instance.
 */
export const upiSandboxTransactions = pgTable(
  'upi_sandbox_transactions',
  {
    pspTxnId: text('psp_txn_id').primaryKey(),
    merchantTxnId: text('merchant_txn_id').notNull(),
    vpa: text('vpa').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** PENDING | SUCCESS | FAILED | EXPIRED */
    status: text('status').notNull().default('PENDING'),
    rrn: text('rrn'),
    failureReason: text('failure_reason'),
    expiresAt: timestamptz('expires_at').notNull(),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('upi_sandbox_transactions_merchant_uq').on(t.merchantTxnId)],
);

export const paymentBatches = pgTable(
  'payment_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchNo: text('batch_no').notNull(),
    branchUnitId: integer('branch_unit_id')
      .notNull()
      .references(() => units.id),
    /** row scope: the branch's path */
    unitPath: text('unit_path').notNull(),
    collectionDate: date('collection_date').notNull(),
    depositSlipNo: text('deposit_slip_no').notNull(),
    currency: text('currency').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    receiptCount: integer('receipt_count').notNull(),
    /** INITIATED | APPROVED | REJECTED */
    status: text('status').notNull().default('INITIATED'),
    makerUserId: integer('maker_user_id')
      .notNull()
      .references(() => users.id),
    makerUnitId: integer('maker_unit_id')
      .notNull()
      .references(() => units.id),
    checkerUserId: integer('checker_user_id').references(() => users.id),
    decidedAt: timestamptz('decided_at'),
    remarks: text('remarks'),
    approvalRequestId: bigint('approval_request_id', { mode: 'number' }),
    /** when a bank credit was matched to it (the deposit is in the bank) */
    reconciledAt: timestamptz('reconciled_at'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_batches_no_uq').on(t.batchNo),
    // One live batch per branch, day and deposit slip.
    uniqueIndex('payment_batches_slip_uq')
      .on(t.branchUnitId, t.collectionDate, t.depositSlipNo)
      .where(sql`${t.status} <> 'REJECTED'`),
    index('payment_batches_scope_idx').on(t.status, t.unitPath, t.id),
  ],
);

export const paymentBatchReceipts = pgTable(
  'payment_batch_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => paymentBatches.id),
    receiptId: bigint('receipt_id', { mode: 'number' })
      .notNull()
      .references(() => receipts.id),
    amountMinor: minor('amount_minor').notNull(),
    /** false once the batch was rejected: the receipt is free for another batch */
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    // A receipt is in at most one live batch.
    uniqueIndex('payment_batch_receipts_live_uq')
      .on(t.receiptId)
      .where(sql`${t.live}`),
    index('payment_batch_receipts_batch_idx').on(t.batchId),
  ],
);

export const bankStatements = pgTable(
  'bank_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    unitPath: text('unit_path').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    credits: integer('credits').notNull(),
    fromDate: date('from_date'),
    toDate: date('to_date'),
    createdAt: createdAt(),
  },
  (t) => [index('bank_statements_scope_idx').on(t.unitPath, t.id)],
);

export const bankStatementCredits = pgTable(
  'bank_statement_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    statementId: bigint('statement_id', { mode: 'number' })
      .notNull()
      .references(() => bankStatements.id),
    rowNo: integer('row_no').notNull(),
    valueDate: date('value_date').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    reference: text('reference').notNull(),
    narration: text('narration'),
    /** BATCH | RECEIPT, null while unmatched */
    matchKind: text('match_kind'),
    matchedBatchId: bigint('matched_batch_id', { mode: 'number' }).references(() => paymentBatches.id),
    matchedReceiptId: bigint('matched_receipt_id', { mode: 'number' }).references(() => receipts.id),
  },
  (t) => [
    index('bank_statement_credits_statement_idx').on(t.statementId, t.rowNo),
    // A reference is loaded once by a bank statement upload (issue 14): the duplicate check reads this.
    index('bank_statement_credits_reference_idx').on(sql`upper(${t.reference})`),
    // A batch, or an electronic receipt, is credited once.
    uniqueIndex('bank_statement_credits_batch_uq')
      .on(t.matchedBatchId)
      .where(sql`${t.matchedBatchId} is not null`),
    uniqueIndex('bank_statement_credits_receipt_uq')
      .on(t.matchedReceiptId)
      .where(sql`${t.matchedReceiptId} is not null`),
  ],
);

export const eftReceiptCancellations = pgTable(
  'eft_receipt_cancellations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receiptId: bigint('receipt_id', { mode: 'number' })
      .notNull()
      .references(() => receipts.id),
    reasonCode: text('reason_code').notNull(),
    remarks: text('remarks').notNull(),
    cancelledByUserId: integer('cancelled_by_user_id')
      .notNull()
      .references(() => users.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('eft_receipt_cancellations_receipt_uq').on(t.receiptId)],
);

/**
 * NACH (auto-debit) presentation results loaded by the collections File Upload (issue 14, type NACH): a SUCCESS
 * became a receipt (mode NACH, through the receipts part's posting), a BOUNCED one was recorded on the account with
 * its return reason and the bounce charge. One row per presentation: the same account, date and UMRN twice is refused.
 */
export const nachPresentations = pgTable(
  'nach_presentations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** row scope: the account's branch path */
    unitPath: text('unit_path').notNull(),
    /** the mandate's unique reference number ('' when the file gave none) */
    umrn: text('umrn').notNull().default(''),
    presentationDate: date('presentation_date').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** SUCCESS | BOUNCED */
    status: text('status').notNull(),
    returnReasonCode: text('return_reason_code'),
    /** the receipt a SUCCESS became */
    receiptId: bigint('receipt_id', { mode: 'number' }).references(() => receipts.id),
    /** the bounce charge a BOUNCED one added to the account (0 when none is configured) */
    bounceChargeMinor: minor('bounce_charge_minor')
      .notNull()
      .default(sql`0`),
    /** the collections upload (collection_uploads.id) that loaded it */
    uploadId: bigint('upload_id', { mode: 'number' }).notNull(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('nach_presentations_uq').on(t.accountId, t.presentationDate, sql`upper(${t.umrn})`),
    index('nach_presentations_umrn_idx').on(sql`upper(${t.umrn})`),
  ],
);
