import { and, asc, eq, sql } from 'drizzle-orm';
import { auctionBids } from '@recovery-desk/db/secured-assets-schema.ts';
import { users } from '@recovery-desk/db/schema.ts';
import type { BidStatus } from '@recovery-desk/domain/secured-assets/auction.ts';
import type { Executor } from '../../db/transaction.ts';
import { isoTimestamp, selectRows } from '../../db/sql-rows.ts';

// Auction bids (auction_bids): amounts in integer minor units (paise) beside their currency.

export type BidRow = {
  id: number;
  caseId: number;
  bidderName: string;
  bidderIdNo: string | null;
  emdAmountMinor: bigint;
  emdReference: string | null;
  emdReceivedOn: string | null;
  bidAmountMinor: bigint;
  currency: 'INR' | 'USD';
  qualified: boolean;
  remarks: string | null;
  status: BidStatus;
  createdByName: string;
  createdAt: string;
};

export type BidValues = {
  bidderName: string;
  bidderIdNo: string | null;
  emdAmountMinor: bigint;
  emdReference: string | null;
  emdReceivedOn: string | null;
  bidAmountMinor: bigint;
  qualified: boolean;
  remarks: string | null;
};

/** The bids of a case, oldest first (withdrawn and lapsed ones included). */
export async function listBids(db: Executor, caseId: number): Promise<BidRow[]> {
  const rows = await db
    .select({
      id: auctionBids.id,
      caseId: auctionBids.caseId,
      bidderName: auctionBids.bidderName,
      bidderIdNo: auctionBids.bidderIdNo,
      emdAmountMinor: auctionBids.emdAmountMinor,
      emdReference: auctionBids.emdReference,
      emdReceivedOn: auctionBids.emdReceivedOn,
      bidAmountMinor: auctionBids.bidAmountMinor,
      currency: auctionBids.currency,
      qualified: auctionBids.qualified,
      remarks: auctionBids.remarks,
      status: auctionBids.status,
      createdByName: users.fullName,
      createdAt: sql<Date | string>`${auctionBids.createdAt}`,
    })
    .from(auctionBids)
    .innerJoin(users, eq(users.id, auctionBids.createdByUserId))
    .where(eq(auctionBids.caseId, caseId))
    .orderBy(asc(auctionBids.id));
  return rows.map((row) => ({
    ...row,
    emdAmountMinor: BigInt(row.emdAmountMinor),
    bidAmountMinor: BigInt(row.bidAmountMinor),
    currency: row.currency as 'INR' | 'USD',
    status: row.status as BidStatus,
    createdAt: isoTimestamp(row.createdAt),
  }));
}

export async function insertBid(
  db: Executor,
  values: BidValues & { caseId: number; currency: string; createdByUserId: number; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(auctionBids)
    .values({
      caseId: values.caseId,
      bidderName: values.bidderName,
      bidderIdNo: values.bidderIdNo,
      emdAmountMinor: values.emdAmountMinor,
      emdReference: values.emdReference,
      emdReceivedOn: values.emdReceivedOn,
      bidAmountMinor: values.bidAmountMinor,
      currency: values.currency,
      qualified: values.qualified,
      remarks: values.remarks,
      createdByUserId: values.createdByUserId,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning({ id: auctionBids.id });
  return row!.id;
}

/** Changes an ACTIVE bid of the case; false when there is none with that id. */
export async function updateBid(
  db: Executor,
  input: { caseId: number; bidId: number; values: BidValues; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(auctionBids)
    .set({ ...input.values, updatedAt: input.at })
    .where(and(eq(auctionBids.id, input.bidId), eq(auctionBids.caseId, input.caseId), eq(auctionBids.status, 'ACTIVE')))
    .returning({ id: auctionBids.id });
  return rows.length > 0;
}

/** ACTIVE → WITHDRAWN; false when the case has no active bid with that id. */
export async function withdrawBid(db: Executor, input: { caseId: number; bidId: number; at: Date }): Promise<boolean> {
  const rows = await db
    .update(auctionBids)
    .set({ status: 'WITHDRAWN', updatedAt: input.at })
    .where(and(eq(auctionBids.id, input.bidId), eq(auctionBids.caseId, input.caseId), eq(auctionBids.status, 'ACTIVE')))
    .returning({ id: auctionBids.id });
  return rows.length > 0;
}

/** A failed auction: its active bids lapse (a re-auction takes fresh bids). Answers how many lapsed. */
export async function lapseActiveBids(db: Executor, input: { caseId: number; at: Date }): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update auction_bids set status = 'LAPSED', updated_at = ${input.at}
      where case_id = ${input.caseId} and status = 'ACTIVE' returning id`,
  );
  return rows.length;
}
