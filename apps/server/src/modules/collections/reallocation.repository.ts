import { and, eq, inArray, sql } from 'drizzle-orm';
import { reallocationRequestAccounts, reallocationRequests } from '@recovery-desk/db/collections-schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type RequestRecord = {
  id: number;
  status: string;
  version: number;
  makerUserId: number;
  toUserId: number | null;
  toAgencyId: number | null;
  reason: string;
};

const requestColumns = {
  id: reallocationRequests.id,
  status: reallocationRequests.status,
  version: reallocationRequests.version,
  makerUserId: reallocationRequests.makerUserId,
  toUserId: reallocationRequests.toUserId,
  toAgencyId: reallocationRequests.toAgencyId,
  reason: reallocationRequests.reason,
};

/** Account ids (of `accountIds`) that already sit in a PENDING request. */
export async function findAccountsInPendingRequests(db: Executor, accountIds: readonly number[]): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ accountId: reallocationRequestAccounts.accountId })
    .from(reallocationRequestAccounts)
    .innerJoin(reallocationRequests, eq(reallocationRequests.id, reallocationRequestAccounts.requestId))
    .where(
      and(inArray(reallocationRequestAccounts.accountId, [...accountIds]), eq(reallocationRequests.status, 'PENDING')),
    );
  return rows.map((row) => row.accountId);
}

export async function insertRequest(
  db: Executor,
  input: {
    toUserId: number | null;
    toAgencyId: number | null;
    reason: string;
    makerUserId: number;
    makerUnitId: number;
    makerUnitPath: string;
    at: Date;
    accounts: { accountId: number; fromUserId: number | null; fromAgencyId: number | null }[];
  },
): Promise<number> {
  const [row] = await db
    .insert(reallocationRequests)
    .values({
      toUserId: input.toUserId,
      toAgencyId: input.toAgencyId,
      reason: input.reason,
      makerUserId: input.makerUserId,
      makerUnitId: input.makerUnitId,
      makerUnitPath: input.makerUnitPath,
      createdAt: input.at,
    })
    .returning({ id: reallocationRequests.id });
  if (!row) throw new Error('reallocation_requests insert returned nothing');
  await db.insert(reallocationRequestAccounts).values(input.accounts.map((a) => ({ requestId: row.id, ...a })));
  return row.id;
}

/** Where a request belongs (its maker's unit: a checker sees the requests of the units below them). */
export async function findRequestScope(db: Executor, id: number): Promise<{ unitPath: string } | undefined> {
  const [row] = await db
    .select({ unitPath: reallocationRequests.makerUnitPath })
    .from(reallocationRequests)
    .where(eq(reallocationRequests.id, id));
  return row;
}

/**
 * Mirrors a checker's decision (taken by the approval kit) on the request row its trays read, bumping the version
 * the trays show.
 */
export async function recordRequestDecision(
  db: Executor,
  input: { id: number; checkerUserId: number; status: 'APPROVED' | 'REJECTED'; remarks: string | null; at: Date },
): Promise<RequestRecord> {
  const [row] = await db
    .update(reallocationRequests)
    .set({
      status: input.status,
      checkerUserId: input.checkerUserId,
      checkedAt: input.at,
      checkerRemarks: input.remarks,
      version: sql`${reallocationRequests.version} + 1`,
    })
    .where(eq(reallocationRequests.id, input.id))
    .returning(requestColumns);
  if (!row) throw new Error(`reallocation request ${input.id} vanished`);
  return row;
}

export async function listRequestAccountIds(db: Executor, requestId: number): Promise<number[]> {
  const rows = await db
    .select({ accountId: reallocationRequestAccounts.accountId })
    .from(reallocationRequestAccounts)
    .where(eq(reallocationRequestAccounts.requestId, requestId))
    .orderBy(reallocationRequestAccounts.accountId);
  return rows.map((row) => row.accountId);
}
