import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { accounts, ptps } from '@recovery-desk/db/collections-schema.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';

export type PtpRecord = {
  id: number;
  accountId: number;
  status: string;
  deviationStatus: string;
  version: number;
  capturedByUserId: number;
};

const columns = {
  id: ptps.id,
  accountId: ptps.accountId,
  status: ptps.status,
  deviationStatus: ptps.deviationStatus,
  version: ptps.version,
  capturedByUserId: ptps.capturedByUserId,
};

/** The PTP when its account lies in the subtree. */
export async function findPtpInScope(db: Executor, input: { id: number; unitPath: string }) {
  const [row] = await db
    .select(columns)
    .from(ptps)
    .innerJoin(accounts, eq(accounts.id, ptps.accountId))
    .where(and(eq(ptps.id, input.id), sql`${accounts.unitPath} like ${likePrefix(input.unitPath)}`));
  return row as PtpRecord | undefined;
}

/**
 * The supervisor's decision on a deviation as one conditional UPDATE: pending, this version, not cancelled, and
 * not the capturer's own PTP. A rejected promise that is still open is cancelled.
 */
export async function decideDeviationIfPending(
  db: Executor,
  input: { id: number; version: number; reviewerUserId: number; approve: boolean; remarks: string | null; at: Date },
): Promise<PtpRecord | undefined> {
  const [row] = await db
    .update(ptps)
    .set({
      deviationStatus: input.approve ? 'APPROVED' : 'REJECTED',
      ...(input.approve
        ? {}
        : { status: sql`case when ${ptps.status} = 'OPEN' then 'CANCELLED' else ${ptps.status} end` }),
      reviewedByUserId: input.reviewerUserId,
      reviewedAt: input.at,
      reviewRemarks: input.remarks,
      version: sql`${ptps.version} + 1`,
    })
    .where(
      and(
        eq(ptps.id, input.id),
        eq(ptps.deviationStatus, 'PENDING'),
        ne(ptps.status, 'CANCELLED'),
        eq(ptps.version, input.version),
        ne(ptps.capturedByUserId, input.reviewerUserId),
      ),
    )
    .returning(columns);
  return row;
}

export const REFERABLE_STATUSES = ['BROKEN', 'PARTIAL'] as const;

/** Refers a broken or partial PTP to a field collector (conditional on the version read). */
export async function referPtpIfVersion(
  db: Executor,
  input: { id: number; version: number; toUserId: number },
): Promise<PtpRecord | undefined> {
  const [row] = await db
    .update(ptps)
    .set({ referredToUserId: input.toUserId, version: sql`${ptps.version} + 1` })
    .where(and(eq(ptps.id, input.id), eq(ptps.version, input.version), inArray(ptps.status, [...REFERABLE_STATUSES])))
    .returning(columns);
  return row;
}
