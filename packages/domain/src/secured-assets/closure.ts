import { z } from 'zod';
import { CURRENCIES } from '../money.ts';

// Closure of a repossession or SARFAESI case (SARFAESI §13(7), Security Interest (Enforcement) Rules r.15; RBI Fair
// Practices Code for vehicle loans): the sale proceeds, less the expenses of taking, keeping and selling the asset,
// are appropriated to the account's dues. What the proceeds do not cover stays on the account and stays recoverable
// (the shortfall); what they exceed the dues by is the borrower's, refunded to them (the surplus). All amounts in
// minor units (paise) of the account's currency.

export const CLOSURE_TYPES_WITH_PROCEEDS = ['SOLD'] as const;

export type ClosureInput = {
  /** the case's closure type (SOLD, RELEASED, REDEEMED, SETTLED, WRITTEN_OFF) */
  closureType: string;
  /** the sale amount realised (0 when nothing was sold) */
  proceedsMinor: bigint;
  /** the expenses recovered from the proceeds (repossession, yard, valuation, auction) */
  expensesMinor: bigint;
  /** the account's whole outstanding before the proceeds: principal, interest and charges */
  outstandingMinor: bigint;
  /** the approved waiver of the case (0 when none): counted against what the proceeds leave, never below zero */
  waiverMinor?: bigint;
};

export type ClosureFigures = {
  /** proceeds less expenses, never below zero */
  netProceedsMinor: bigint;
  /** what is posted to the account (a receipt): the net proceeds up to the outstanding */
  appliedMinor: bigint;
  /** the part of the approved waiver counted: up to what the proceeds leave of the outstanding (written off) */
  waivedMinor: bigint;
  /** the outstanding the proceeds and the waiver leave: stays on the account, recoverable */
  shortfallMinor: bigint;
  /** the net proceeds above the outstanding: refunded to the borrower */
  surplusMinor: bigint;
};

export class ClosureError extends Error {
  constructor(
    readonly field: 'saleExpenses' | 'saleAmount' | 'waiverAmount',
    message: string,
  ) {
    super(message);
  }
}

/** The closure's figures; only a sale brings proceeds (a release or a write-off leaves the outstanding as it is). */
export function closureFigures(input: ClosureInput): ClosureFigures {
  const sold = (CLOSURE_TYPES_WITH_PROCEEDS as readonly string[]).includes(input.closureType);
  const proceeds = sold ? input.proceedsMinor : 0n;
  const expenses = sold ? input.expensesMinor : 0n;
  if (proceeds < 0n) throw new ClosureError('saleAmount', 'cannot be negative');
  if (expenses < 0n) throw new ClosureError('saleExpenses', 'cannot be negative');
  if (expenses > proceeds) {
    throw new ClosureError('saleExpenses', 'cannot be more than the sale amount: the expenses are recovered from it');
  }
  const waiver = input.waiverMinor ?? 0n;
  if (waiver < 0n) throw new ClosureError('waiverAmount', 'cannot be negative');
  const outstanding = input.outstandingMinor > 0n ? input.outstandingMinor : 0n;
  const net = proceeds - expenses;
  const applied = net < outstanding ? net : outstanding;
  const left = outstanding - applied;
  const waived = waiver < left ? waiver : left;
  return {
    netProceedsMinor: net,
    appliedMinor: applied,
    waivedMinor: waived,
    shortfallMinor: left - waived,
    surplusMinor: net - applied,
  };
}

export const REFUND_STATUSES = ['NONE', 'DUE', 'PAID'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

const minor = z.string().regex(/^-?\d+$/);

/** An approved waiver of a case, recorded as money on the account. */
export const securedWaiverSchema = z.object({
  amountMinor: minor,
  currency: z.enum(CURRENCIES),
  reason: z.string(),
  approvedOn: z.string(),
  approvedBy: z.string(),
  requestedBy: z.string().nullable(),
});
export type SecuredWaiver = z.infer<typeof securedWaiverSchema>;

/** A partial payment of a case, posted as a receipt when its approval was given. */
export const partialPaymentSchema = z.object({
  receiptNo: z.string(),
  amountMinor: minor,
  currency: z.enum(CURRENCIES),
  mode: z.string(),
  receivedOn: z.string(),
  /** the receipt's status (PENDING_VERIFICATION, VERIFIED, CANCEL_REQUESTED, CANCELLED) */
  status: z.string(),
});
export type PartialPayment = z.infer<typeof partialPaymentSchema>;

/** GET /api/secured-assets/cases/:caseId/closure — the recorded closure, or a preview while the case is open. */
export const closureStatementSchema = z.object({
  caseId: z.number(),
  /** RECORDED once the case closed; PREVIEW: what closing now would post, from the case's fields and the account */
  state: z.enum(['PREVIEW', 'RECORDED']),
  closureType: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  outstandingMinor: minor,
  proceedsMinor: minor,
  expensesMinor: minor,
  netProceedsMinor: minor,
  appliedMinor: minor,
  /** the approved waiver counted against the shortfall (RECORDED: written off the account at closing) */
  waivedMinor: minor,
  shortfallMinor: minor,
  surplusMinor: minor,
  /** the receipt the proceeds were posted as (RECORDED with a sale) */
  receiptNo: z.string().nullable(),
  /** the case's approved waiver (recordWaiver), whatever closing counts of it */
  waiver: securedWaiverSchema.nullable(),
  /** the partial payments approved on the case, each posted as a receipt (postPartialPayment) */
  partialPayments: z.array(partialPaymentSchema),
  refundStatus: z.enum(REFUND_STATUSES),
  refundPaidOn: z.string().nullable(),
  refundReference: z.string().nullable(),
  closedOn: z.string().nullable(),
  /** PREVIEW only: why the figures cannot be computed yet (e.g. expenses above the sale amount) */
  problem: z.object({ field: z.string(), message: z.string() }).nullable(),
});
export type ClosureStatement = z.infer<typeof closureStatementSchema>;

/** POST /api/secured-assets/cases/:caseId/closure/refund — the surplus was paid to the borrower. */
export const refundPaidInputSchema = z.strictObject({
  paidOn: z.iso.date('must be a date (YYYY-MM-DD)'),
  reference: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{6,22}$/, 'must be the transfer reference (UTR): 6 to 22 capital letters and digits'),
});
export type RefundPaidInput = z.infer<typeof refundPaidInputSchema>;
