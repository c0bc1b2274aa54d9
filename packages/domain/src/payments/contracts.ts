import { z } from 'zod';
import { isAmountInMinorUnits } from '../money.ts';
import { idParam, pageParam, pageSizeParam } from '../numeric-params.ts';

// API contracts of the payments part of issue 13: UPI collect requests through a payment provider, deposit batches
// of verified cash and cheque receipts (maker-checker through the approval kit's PAY_BATCH flow), the bank
// statement reconciliation and EFT Receipt Cancel. Money crosses the API as exact decimal strings and is stored as
// integer minor units (paise, cents) beside its currency.

const isoDate = z.iso.date('must be a date (YYYY-MM-DD)');
const required = 'This field is required';

/** A positive amount with at most the currency's minor units (INR and USD both have 2). */
export const amountInput = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .refine((value) => isAmountInMinorUnits(value, 'INR'), 'must be an amount with at most 2 decimals')
  .refine((value) => /[1-9]/.test(value), 'must be more than zero');

// ---------------------------------------------------------------- UPI collection

/** INITIATED waits for the payer; SUCCESS, FAILED and EXPIRED are final (SUCCESS wins over a local EXPIRED). */
export const UPI_STATUSES = ['INITIATED', 'SUCCESS', 'FAILED', 'EXPIRED'] as const;
export type UpiStatus = (typeof UPI_STATUSES)[number];

/**
 * A virtual payment address as NPCI defines it: a handle of letters, digits, dot, hyphen and underscore, then `@`
 * and the PSP's handle (letters first). At most 255 characters.
 */
export const VPA_PATTERN = /^[A-Za-z0-9._-]{2,200}@[A-Za-z][A-Za-z0-9.-]{1,49}$/;
export const vpaSchema = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(255)
  .regex(VPA_PATTERN, 'must be a UPI ID such as name@bank');

export const UPI_EXPIRY_MINUTES = { min: 5, max: 7 * 24 * 60, default: 30 } as const;

export const upiCollectInputSchema = z.strictObject({
  /** the loan account number (of the acting unit's subtree) */
  accountNo: z.string({ error: required }).trim().min(1, required).max(40),
  vpa: vpaSchema,
  amount: amountInput,
  expiryMinutes: z
    .number({ error: required })
    .int('must be a whole number of minutes')
    .min(UPI_EXPIRY_MINUTES.min, `must be at least ${UPI_EXPIRY_MINUTES.min} minutes`)
    .max(UPI_EXPIRY_MINUTES.max, `must be at most ${UPI_EXPIRY_MINUTES.max} minutes (7 days)`),
  remarks: z.string().trim().max(200).optional(),
});
export type UpiCollectInput = z.infer<typeof upiCollectInputSchema>;

/** The UPI transaction fields of spec §3 (txn ID, VPA, amount, status, bank RRN, initiated by, dates). */
export const upiRequestSchema = z.object({
  id: z.number(),
  txnId: z.string(),
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  vpa: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(UPI_STATUSES),
  bankRrn: z.string().nullable(),
  initiatedBy: z.string(),
  initiatedAt: z.string(),
  expiresAt: z.string(),
  completedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  receiptId: z.number().nullable(),
  /** the provider said SUCCESS after the request had expired here: the money was taken, so it is a receipt */
  lateSuccess: z.boolean(),
  unitCode: z.string(),
});
export type UpiRequest = z.infer<typeof upiRequestSchema>;

export const upiListQuerySchema = z.object({
  status: z.enum(UPI_STATUSES).optional(),
  q: z.string().trim().max(60).optional(),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type UpiListQuery = z.infer<typeof upiListQuerySchema>;

export const pagedReply = <Row extends z.ZodType>(row: Row) =>
  z.object({ data: z.array(row), count: z.number(), page: z.number(), pageSize: z.number() });

export const upiPageSchema = pagedReply(upiRequestSchema).extend({
  counts: z.record(z.enum(UPI_STATUSES), z.number()),
});
export type UpiPage = z.infer<typeof upiPageSchema>;

/** What the callback endpoint answers the provider (it retries on anything but 2xx). */
export const upiCallbackReplySchema = z.object({
  outcome: z.enum(['APPLIED', 'DUPLICATE', 'IGNORED']),
  status: z.enum(UPI_STATUSES),
});

// ---------------------------------------------------------------- payment batches

/** The spec's views of the batch screens. */
export const BATCH_STATUSES = ['INITIATED', 'APPROVED', 'REJECTED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_MODES = ['CASH', 'CHEQUE'] as const;

export const batchGenerateInputSchema = z.strictObject({
  branchUnitId: idParam,
  /** the collection day: every receipt of the batch was received on it */
  collectionDate: isoDate,
  depositSlipNo: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(30)
    .regex(/^[A-Za-z0-9/-]+$/, 'may hold letters, digits, / and - only'),
  receiptIds: z.array(idParam, { error: required }).min(1, 'choose at least one receipt').max(500),
  remarks: z.string().trim().max(500).optional(),
});
export type BatchGenerateInput = z.infer<typeof batchGenerateInputSchema>;

export const batchSchema = z.object({
  id: z.number(),
  batchNo: z.string(),
  branchUnitId: z.number(),
  branchCode: z.string(),
  branchName: z.string(),
  collectionDate: z.string(),
  depositSlipNo: z.string(),
  currency: z.string(),
  amount: z.string(),
  receiptCount: z.number(),
  status: z.enum(BATCH_STATUSES),
  makerName: z.string(),
  makerUserId: z.number(),
  createdAt: z.string(),
  checkerName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  remarks: z.string().nullable(),
  approvalRequestId: z.number().nullable(),
  reconciledAt: z.string().nullable(),
  version: z.number(),
});
export type Batch = z.infer<typeof batchSchema>;

export const batchReceiptSchema = z.object({
  receiptId: z.number(),
  receiptNo: z.string(),
  accountNo: z.string(),
  mode: z.string(),
  amount: z.string(),
  currency: z.string(),
  receivedOn: z.string(),
  reference: z.string().nullable(),
  receivedBy: z.string(),
});
export type BatchReceipt = z.infer<typeof batchReceiptSchema>;

export const batchDetailSchema = batchSchema.extend({ receipts: z.array(batchReceiptSchema) });
export type BatchDetail = z.infer<typeof batchDetailSchema>;

export const batchListQuerySchema = z.object({
  status: z.enum(BATCH_STATUSES).default('INITIATED'),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type BatchListQuery = z.infer<typeof batchListQuerySchema>;
export const batchPageSchema = pagedReply(batchSchema).extend({
  counts: z.record(z.enum(BATCH_STATUSES), z.number()),
});
export type BatchPage = z.infer<typeof batchPageSchema>;

/** Receipts a batch may take: verified cash and cheque receipts of the subtree in no live batch. */
export const batchCandidatesQuerySchema = z.object({
  branchUnitId: idParam.optional(),
  collectionDate: isoDate.optional(),
  page: pageParam,
  pageSize: pageSizeParam,
});
export const candidateReceiptSchema = batchReceiptSchema.extend({
  branchUnitId: z.number(),
  branchCode: z.string(),
});
export type CandidateReceipt = z.infer<typeof candidateReceiptSchema>;
export const candidatePageSchema = pagedReply(candidateReceiptSchema);

export const batchDecisionInputSchema = z.strictObject({
  version: z.number({ error: required }).int(),
  remarks: z.string().trim().max(500).optional(),
});

/** "Collected vs deposited": verified cash not in an approved batch once the next business date has come. */
export const undepositedCashSchema = z.object({
  receiptId: z.number(),
  receiptNo: z.string(),
  accountNo: z.string(),
  branchCode: z.string(),
  amount: z.string(),
  currency: z.string(),
  receivedOn: z.string(),
  receivedBy: z.string(),
  daysUndeposited: z.number(),
  inBatch: z.string().nullable(),
});
export type UndepositedCash = z.infer<typeof undepositedCashSchema>;
export const undepositedPageSchema = pagedReply(undepositedCashSchema).extend({
  totals: z.array(z.object({ currency: z.string(), amount: z.string() })),
});
export const pagedQuerySchema = z.object({ page: pageParam, pageSize: pageSizeParam });

// ---------------------------------------------------------------- reconciliation

/** The statement's columns (first row: these headers, any order, case ignored). */
export const STATEMENT_COLUMNS = ['valueDate', 'amount', 'reference', 'narration'] as const;
export const MAX_STATEMENT_ROWS = 5000;
export const MATCH_KINDS = ['BATCH', 'RECEIPT'] as const;

export const statementSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  credits: z.number(),
  matched: z.number(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
});
export type Statement = z.infer<typeof statementSchema>;
export const statementPageSchema = pagedReply(statementSchema);

export const creditSchema = z.object({
  id: z.number(),
  rowNo: z.number(),
  valueDate: z.string(),
  amount: z.string(),
  currency: z.string(),
  reference: z.string(),
  narration: z.string().nullable(),
  matchKind: z.enum(MATCH_KINDS).nullable(),
  batchNo: z.string().nullable(),
  receiptNo: z.string().nullable(),
});
export type Credit = z.infer<typeof creditSchema>;

export const unmatchedReceiptSchema = z.object({
  receiptId: z.number(),
  receiptNo: z.string(),
  accountNo: z.string(),
  mode: z.string(),
  amount: z.string(),
  currency: z.string(),
  receivedOn: z.string(),
  reference: z.string().nullable(),
});
export type UnmatchedReceipt = z.infer<typeof unmatchedReceiptSchema>;

export const reconciliationReportSchema = z.object({
  statement: statementSchema,
  matched: z.array(creditSchema),
  unmatchedCredits: z.array(creditSchema),
  unmatchedBatches: z.array(batchSchema),
  unmatchedReceipts: z.array(unmatchedReceiptSchema),
  windowDays: z.number(),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const reportExportQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') });

// ---------------------------------------------------------------- EFT Receipt Cancel

export const ELECTRONIC_MODES = ['NEFT', 'RTGS', 'IMPS', 'UPI'] as const;
export const EFT_CANCEL_REASONS = ['NOT_CREDITED', 'RETURNED_BY_BANK', 'DUPLICATE_ENTRY', 'WRONG_ACCOUNT'] as const;
export type EftCancelReason = (typeof EFT_CANCEL_REASONS)[number];

export const eftReceiptSchema = unmatchedReceiptSchema.extend({
  status: z.string(),
  branchCode: z.string(),
  version: z.number(),
});
export type EftReceipt = z.infer<typeof eftReceiptSchema>;
export const eftReceiptPageSchema = pagedReply(eftReceiptSchema);

export const eftCancelInputSchema = z.strictObject({
  reasonCode: z.enum(EFT_CANCEL_REASONS, { error: required }),
  remarks: z.string({ error: required }).trim().min(1, required).max(500),
});
export type EftCancelInput = z.infer<typeof eftCancelInputSchema>;

/** Minor units (a bigint or its digits) as the exact decimal string the API carries: 150050 → "1500.50". */
export function minorToDecimal(minor: bigint | string | number): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
