import { z } from 'zod';
import { compareAmounts } from '../money.ts';
import { idParam } from '../numeric-params.ts';

// Auction bids of a repossession or SARFAESI case (issue 15): the bids captured at the auction stage (REPOSSESSION
// AssetAuctionDtl, SARFAESI AssetAuctionCapture) and shown against the reserve price at the approval stage. Amounts
// travel as exact decimal strings ("125000.50"); the server keeps integer minor units (paise) with the currency.

/** The stage where each workflow's bids are entered, and the approval stage that shows them read-only. */
export const AUCTION_BID_STAGES: Readonly<Record<string, { capture: string; approval: string }>> = {
  REPOSSESSION: { capture: 'AssetAuctionDtl', approval: 'AuctionApproval' },
  SARFAESI: { capture: 'AssetAuctionCapture', approval: 'AuctionApproval' },
};

/** The case fields the bids fill at the capture stage (the stage form and actions read them). */
export const AUCTION_H1_FIELDS: Readonly<
  Record<string, { bidderName: string; amount: string; count?: string; result: string }>
> = {
  REPOSSESSION: {
    bidderName: 'highestBidderName',
    amount: 'highestBid',
    count: 'numberOfBids',
    result: 'auctionResult',
  },
  SARFAESI: { bidderName: 'h1BidderName', amount: 'saleAmount', result: 'auctionResult' },
};

/** ACTIVE: counts for the current auction; WITHDRAWN by the user; LAPSED: the auction failed (a re-auction follows). */
export const BID_STATUSES = ['ACTIVE', 'WITHDRAWN', 'LAPSED'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

const decimal = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

export const bidInputSchema = z
  .object({
    bidderName: z.string().trim().min(1, 'is required').max(120),
    /** PAN (10 characters) or another identity document number, optional */
    bidderIdNo: z
      .string()
      .trim()
      .max(30)
      .regex(/^[A-Z0-9/-]*$/, 'must be capital letters, digits, / or -')
      .nullable()
      .default(null),
    emdAmount: decimal,
    /** the EMD's bank reference (UTR) */
    emdReference: z
      .string()
      .trim()
      .max(30)
      .regex(/^[A-Z0-9]*$/, 'must be capital letters and digits')
      .nullable()
      .default(null),
    /** the day the EMD was received; none = not received (the bid cannot be H1) */
    emdReceivedOn: isoDate.nullable().default(null),
    bidAmount: decimal,
    qualified: z.boolean(),
    remarks: z.string().trim().max(500).nullable().default(null),
  })
  .strict();
export type BidInput = z.infer<typeof bidInputSchema>;

export const bidIdParams = z.object({ caseId: idParam, bidId: idParam });

export const bidSchema = z.object({
  bidId: z.number(),
  bidderName: z.string(),
  bidderIdNo: z.string().nullable(),
  emdAmount: z.string(),
  emdReference: z.string().nullable(),
  emdReceivedOn: z.string().nullable(),
  bidAmount: z.string(),
  currency: z.enum(['INR', 'USD']),
  qualified: z.boolean(),
  remarks: z.string().nullable(),
  status: z.enum(BID_STATUSES),
  /** below the case's reserve price: never H1 */
  belowReserve: z.boolean(),
  isH1: z.boolean(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type Bid = z.infer<typeof bidSchema>;

export const bidsReplySchema = z.object({
  caseId: z.number(),
  stage: z.string(),
  currency: z.enum(['INR', 'USD']),
  reservePrice: z.string().nullable(),
  /** the caller may add, edit and withdraw bids now (the capture stage, its authority, the case open) */
  editable: z.boolean(),
  bids: z.array(bidSchema),
  h1: z
    .object({
      bidId: z.number(),
      bidderName: z.string(),
      bidAmount: z.string(),
      /** H1 as a percentage of the reserve price, 2 decimals ("104.50"); null without a reserve */
      percentOfReserve: z.string().nullable(),
    })
    .nullable(),
});
export type BidsReply = z.infer<typeof bidsReplySchema>;

export type BidForH1 = {
  bidId: number;
  bidAmount: string;
  qualified: boolean;
  emdReceivedOn: string | null;
  status: BidStatus;
};

/** A bid below the reserve price (no reserve: none is below). */
export function isBelowReserve(bidAmount: string, reservePrice: string | null | undefined): boolean {
  return typeof reservePrice === 'string' && reservePrice !== '' && compareAmounts(bidAmount, reservePrice) < 0;
}

/**
 * H1: the highest active bid among qualified bidders whose EMD is received and whose bid is not below the reserve
 * price; on equal amounts the earlier bid (lower id) wins. None when no bid qualifies.
 */
export function chooseH1<T extends BidForH1>(bids: readonly T[], reservePrice: string | null | undefined): T | null {
  let best: T | null = null;
  for (const bid of bids) {
    if (bid.status !== 'ACTIVE' || !bid.qualified || !bid.emdReceivedOn) continue;
    if (isBelowReserve(bid.bidAmount, reservePrice)) continue;
    if (
      !best ||
      compareAmounts(bid.bidAmount, best.bidAmount) > 0 ||
      (compareAmounts(bid.bidAmount, best.bidAmount) === 0 && bid.bidId < best.bidId)
    ) {
      best = bid;
    }
  }
  return best;
}

/** amount / reserve as a percentage with 2 decimals, computed on minor units (no floats); null without a reserve. */
export function percentOfReserve(amount: string, reservePrice: string | null | undefined): string | null {
  if (typeof reservePrice !== 'string' || reservePrice === '') return null;
  const reserve = toMinor(reservePrice);
  if (reserve === 0n) return null;
  // hundredths of a percent, rounded half up
  const hundredths = (toMinor(amount) * 10000n * 2n + reserve) / (2n * reserve);
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** A decimal amount string as integer minor units (2 decimals). */
export function toMinor(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** Integer minor units as a decimal amount string with 2 decimals. */
export function fromMinor(minor: bigint | number | string): string {
  const value = BigInt(minor);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

// ---- auction batches (/repoapp/auctionBatchGenTabs, AUC_BATCH_GEN_SAUTH) ----

/** OPEN: lots being added; PUBLISHED: the sale notice is out; COMPLETED: the auction was held. */
export const AUCTION_BATCH_STATUSES = ['OPEN', 'PUBLISHED', 'COMPLETED'] as const;
export type AuctionBatchStatus = (typeof AUCTION_BATCH_STATUSES)[number];

/** The stage whose cases are added to batches (its tray offers the `auctionBatch` widget). */
export const BATCH_STAGE = { definitionCode: 'SARFAESI', stage: 'BatchGen' } as const;

const caseIds = z.array(idParam).min(1, 'select at least one case').max(100);

export const auctionBatchInputSchema = z
  .object({
    batchNo: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(20)
      .regex(/^[A-Z0-9]+$/, 'must be capital letters and digits'),
    auctionDate: isoDate,
    emdLastDate: isoDate,
    inspectionDate1: isoDate.nullable().default(null),
    inspectionDate2: isoDate.nullable().default(null),
    auctionAgency: z.string().trim().min(1, 'is required').max(120),
    caseIds,
  })
  .strict();
export type AuctionBatchInput = z.infer<typeof auctionBatchInputSchema>;

export const addLotsInputSchema = z.object({ caseIds }).strict();
export const batchIdParams = z.object({ batchId: idParam });
export const batchListQuerySchema = z.object({ tab: z.enum(['open', 'published', 'completed']).default('open') });

export const auctionLotSchema = z.object({
  lotNo: z.number(),
  caseId: z.number(),
  caseNo: z.string(),
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  stage: z.string(),
  reservePrice: z.string(),
  currency: z.enum(['INR', 'USD']),
});
export type AuctionLot = z.infer<typeof auctionLotSchema>;

export const auctionBatchSchema = z.object({
  batchId: z.number(),
  batchNo: z.string(),
  status: z.enum(AUCTION_BATCH_STATUSES),
  auctionDate: z.string(),
  emdLastDate: z.string(),
  inspectionDate1: z.string().nullable(),
  inspectionDate2: z.string().nullable(),
  auctionAgency: z.string(),
  unitName: z.string(),
  lotCount: z.number(),
  createdAt: z.string(),
});
export type AuctionBatch = z.infer<typeof auctionBatchSchema>;

export const auctionBatchListSchema = z.object({ data: z.array(auctionBatchSchema) });
export const auctionBatchDetailSchema = auctionBatchSchema.extend({ lots: z.array(auctionLotSchema) });
export type AuctionBatchDetail = z.infer<typeof auctionBatchDetailSchema>;
