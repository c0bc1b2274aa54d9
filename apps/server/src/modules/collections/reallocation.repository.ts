import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { reallocationRequestAccounts, reallocationRequests } from '@recovery-desk/db/collections-schema.ts';
import { likePrefix } from '../../access/unit-scope.ts';
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

/** The request when its maker acted in the subtree (a checker sees the requests of the units below them). */
export async function findRequestInScope(
  db: Executor,
  input: { id: number; unitPath: string },
): Promise<RequestRecord | undefined> {
  const [row] = await db
    .select(requestColumns)
    .from(reallocationRequests)
    .where(
      and(
        eq(reallocationRequests.id, input.id),
        sql`${reallocationRequests.makerUnitPath} like ${likePrefix(input.unitPath)}`,
      ),
    );
  return row;
}

/**
 * THE decision: one conditional UPDATE (pending, this version, not the checker's own request). Of N parallel
 * decisions exactly one gets the row back; the others get undefined.
 */
export async function decideRequestIfPending(
  db: Executor,
  input: {
    id: number;
    version: number;
    checkerUserId: number;
    status: 'APPROVED' | 'REJECTED';
    remarks: string | null;
    at: Date;
  },
): Promise<RequestRecord | undefined> {
  const [row] = await db
    .update(reallocationRequests)
    .set({
      status: input.status,
      checkerUserId: input.checkerUserId,
      checkedAt: input.at,
      checkerRemarks: input.remarks,
      version: sql`${reallocationRequests.version} + 1`,
    })
    .where(
      and(
        eq(reallocationRequests.id, input.id),
        eq(reallocationRequests.status, 'PENDING'),
        eq(reallocationRequests.version, input.version),
        ne(reallocationRequests.makerUserId, input.checkerUserId),
      ),
    )
    .returning(requestColumns);
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
