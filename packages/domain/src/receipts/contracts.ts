import { z } from 'zod';
import { CURRENCIES } from '../money.ts';
import { pageParam, pageSizeParam } from '../numeric-params.ts';
import { optionalRemarksSchema, requiredRemarksSchema } from '../remarks.ts';

// API contracts of receipts (issue 13), shared by server (validation) and web (forms). Every endpoint lives under
// /api/receipts. Amounts travel as decimal strings with their currency; the server posts them as integer minor units.

export const RECEIPT_MODES = ['CASH', 'CHEQUE', 'DD', 'NEFT', 'RTGS', 'IMPS', 'UPI', 'NACH'] as const;
export type ReceiptMode = (typeof RECEIPT_MODES)[number];
/** The modes staff capture by hand; NACH receipts come from the sponsor bank's results (the NACH upload) only. */
export const CAPTURE_MODES = [
  'CASH',
  'CHEQUE',
  'DD',
  'NEFT',
  'RTGS',
  'IMPS',
  'UPI',
] as const satisfies readonly ReceiptMode[];
/** Modes written on a pre-printed receipt of a book (the collector hands it over); the others get a system number. */
export const BOOK_MODES: readonly ReceiptMode[] = ['CASH', 'CHEQUE', 'DD'];
export const INSTRUMENT_MODES: readonly ReceiptMode[] = ['CHEQUE', 'DD'];
export const TRANSFER_MODES: readonly ReceiptMode[] = ['NEFT', 'RTGS', 'IMPS'];

export const RECEIPT_STATUSES = ['PENDING_VERIFICATION', 'VERIFIED', 'CANCEL_REQUESTED', 'CANCELLED'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/**
 * SECURED_SALE: the net sale proceeds of a repossessed or SARFAESI asset, posted when its case closes.
 * SECURED_PART_PAYMENT: a partial payment taken on such a case, posted when its approval is given.
 */
export const RECEIPT_SOURCES = ['MANUAL', 'UPI_COLLECT', 'IMPORT', 'SECURED_SALE', 'SECURED_PART_PAYMENT'] as const;
export type ReceiptSource = (typeof RECEIPT_SOURCES)[number];

/** Why a receipt is cancelled (receipt and payment cancellation, EFT receipt cancel). */
export const CANCEL_REASONS = [
  'CHEQUE_BOUNCED',
  'WRONG_ACCOUNT',
  'WRONG_AMOUNT',
  'DUPLICATE',
  'NOT_CREDITED',
  'OTHER',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Indian currency notes and coins a cash receipt counts (rupees). */
export const DENOMINATIONS = [500, 200, 100, 50, 20, 10, 5, 2, 1] as const;

const decimal = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals');
const isoDate = z.iso.date('must be a date (YYYY-MM-DD)');
const bigId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().trim().max(max);
const version = z.number().int().positive().max(2_147_483_647);

export const denominationSchema = z
  .object({
    note: z.number().refine((n) => (DENOMINATIONS as readonly number[]).includes(n), 'is not an Indian denomination'),
    count: z.number().int().min(0).max(100_000),
  })
  .strict();

/** An exact decimal amount string as minor units (no floats). */
export function decimalToMinor(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
}

/** POST /api/receipts — capture a receipt on an account (header `Idempotency-Key` required). */
export const captureReceiptSchema = z
  .object({
    accountId: bigId,
    mode: z.enum(CAPTURE_MODES),
    amount: decimal,
    currency: z.enum(CURRENCIES).default('INR'),
    /** UTR (NEFT/RTGS/IMPS), UPI reference (RRN); for a cheque or DD its number goes in `instrumentNo` */
    reference: text(40).optional(),
    instrumentNo: text(12).optional(),
    bankName: text(80).optional(),
    micr: text(9).optional(),
    instrumentDate: isoDate.optional(),
    denominations: z.array(denominationSchema).max(DENOMINATIONS.length).optional(),
    bookNo: text(30).optional(),
    receiptNo: z.number().int().positive().max(2_147_483_647).optional(),
    remarks: optionalRemarksSchema(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const need = (field: string, message = 'is required') => ctx.addIssue({ code: 'custom', path: [field], message });
    if (INSTRUMENT_MODES.includes(body.mode)) {
      if (!body.instrumentNo) need('instrumentNo');
      else if (!/^\d{6}$/.test(body.instrumentNo)) need('instrumentNo', 'must be 6 digits');
      if (!body.bankName) need('bankName');
      if (!body.micr) need('micr');
      else if (!/^\d{9}$/.test(body.micr)) need('micr', 'must be 9 digits');
      if (!body.instrumentDate) need('instrumentDate');
    }
    if (TRANSFER_MODES.includes(body.mode)) {
      if (!body.reference) need('reference');
      else if (!/^[A-Za-z0-9]{12,22}$/.test(body.reference))
        need('reference', 'must be a UTR of 12 to 22 letters or digits');
    }
    if (body.mode === 'UPI') {
      if (!body.reference) need('reference');
      else if (!/^[A-Za-z0-9]{6,35}$/.test(body.reference)) need('reference', 'must be 6 to 35 letters or digits');
    }
    if (body.mode === 'CASH') {
      if (!body.denominations || body.denominations.length === 0) need('denominations');
      else if (/^\d{1,15}(\.\d{1,2})?$/.test(body.amount.trim())) {
        const counted = body.denominations.reduce((sum, d) => sum + BigInt(d.note) * 100n * BigInt(d.count), 0n);
        if (counted !== decimalToMinor(body.amount)) need('denominations', 'must add up to the amount');
      }
    }
    if (BOOK_MODES.includes(body.mode)) {
      if (!body.bookNo) need('bookNo');
      if (body.receiptNo === undefined) need('receiptNo');
    }
  });
export type CaptureReceiptBody = z.infer<typeof captureReceiptSchema>;

export const receiptRowSchema = z.object({
  id: z.number(),
  receiptNo: z.string(),
  bookNo: z.string().nullable(),
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  mode: z.enum(RECEIPT_MODES),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  receivedOn: z.string(),
  receivedBy: z.string(),
  receivedUnit: z.string(),
  /** the fund transfer number (UTR / UPI reference / cheque number) */
  reference: z.string().nullable(),
  status: z.enum(RECEIPT_STATUSES),
  source: z.enum(RECEIPT_SOURCES),
  version: z.number(),
  /** the open approval request on it (verification or cancellation), if any */
  pending: z
    .object({
      flow: z.enum(['RECEIPT_VERIFICATION', 'RECEIPT_CANCELLATION']),
      requestedBy: z.string().nullable(),
      requestedByUserId: z.number().nullable(),
      reason: z.enum(CANCEL_REASONS).nullable(),
      remarks: z.string().nullable(),
    })
    .nullable(),
});
export type ReceiptRow = z.infer<typeof receiptRowSchema>;

export const receiptDetailSchema = receiptRowSchema.extend({
  charges: z.string(),
  interest: z.string(),
  principal: z.string(),
  instrument: z.record(z.string(), z.unknown()),
  verifiedBy: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelRemarks: z.string().nullable(),
  createdAt: z.string(),
  dues: z.array(z.object({ installmentNo: z.number(), dueDate: z.string(), applied: z.string() })),
  history: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      actor: z.string().nullable(),
      remarks: z.string().nullable(),
    }),
  ),
});
export type ReceiptDetail = z.infer<typeof receiptDetailSchema>;

/** Which receipts a list shows: paper receipts (cash, cheque, DD) or electronic payments. */
export const RECEIPT_KINDS = ['book', 'electronic'] as const;

const listFilters = {
  status: z.enum(RECEIPT_STATUSES).optional(),
  mode: z.enum(RECEIPT_MODES).optional(),
  kind: z.enum(RECEIPT_KINDS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** receipt number or account number, prefix */
  q: z.string().trim().max(40).optional(),
};
const dateRange = (q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
};

/** GET /api/receipts (viewer) and the work lists — the receipts of the acting unit's subtree. */
export const receiptListQuerySchema = z
  .object({ ...listFilters, page: pageParam, pageSize: pageSizeParam })
  .strict()
  .superRefine(dateRange);
export type ReceiptListQuery = z.infer<typeof receiptListQuerySchema>;

/** GET /api/receipts/export — the viewer's filters as a CSV or XLSX file. */
export const receiptExportQuerySchema = z
  .object({ ...listFilters, format: z.enum(['csv', 'xlsx']) })
  .strict()
  .superRefine(dateRange);

/** POST /api/receipts/:id/verify, …/cancellation/approve */
export const approveReceiptSchema = z.object({ version, remarks: optionalRemarksSchema() }).strict();
/** POST /api/receipts/:id/reject, …/cancellation/reject: remarks say why */
export const rejectReceiptSchema = z.object({ version, remarks: requiredRemarksSchema() }).strict();

/** POST /api/receipts/:id/cancellation — request a cancellation (waits for RECEIPT_CANCEL_AUTHOR_SAUTH). */
export const requestCancellationSchema = z
  .object({ version, reason: z.enum(CANCEL_REASONS), remarks: requiredRemarksSchema() })
  .strict();
export type RequestCancellationBody = z.infer<typeof requestCancellationSchema>;

export const receiptListPageSchema = z.object({
  rows: z.array(receiptRowSchema),
  count: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ReceiptListPage = z.infer<typeof receiptListPageSchema>;

/** GET /api/receipts/capture/account — what the capture form needs about the account and the caller's books. */
export const captureAccountQuerySchema = z.object({ accountNo: z.string().trim().min(1).max(40) }).strict();
export const captureAccountSchema = z.object({
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  currency: z.enum(CURRENCIES),
  totalDue: z.string(),
  outstanding: z.string(),
  books: z.array(
    z.object({ bookNo: z.string(), rangeFrom: z.number(), rangeTo: z.number(), nextNumber: z.number().nullable() }),
  ),
});
export type CaptureAccount = z.infer<typeof captureAccountSchema>;

export const receiptBookRowSchema = z.object({
  id: z.number(),
  bookNo: z.string(),
  unit: z.string(),
  issuedTo: z.string().nullable(),
  rangeFrom: z.number(),
  rangeTo: z.number(),
  used: z.number(),
  highestUsed: z.number().nullable(),
  /** numbers below the highest used that were never used */
  gaps: z.array(z.number()),
  gapCount: z.number(),
});
export type ReceiptBookRow = z.infer<typeof receiptBookRowSchema>;
export const receiptBooksReplySchema = z.object({ books: z.array(receiptBookRowSchema) });

/** At most this many unused numbers of a book are listed (the count says how many there are). */
export const GAP_LIST_MAX = 200;
