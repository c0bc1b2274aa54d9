import { and, eq, inArray, sql } from 'drizzle-orm';
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

/** The PTP with the unit path of its account (the scope of its deviation approval). */
export async function findPtpSubject(db: Executor, id: number): Promise<{ unitPath: string } | undefined> {
  const [row] = await db
    .select({ unitPath: accounts.unitPath })
    .from(ptps)
    .innerJoin(accounts, eq(accounts.id, ptps.accountId))
    .where(eq(ptps.id, id));
  return row;
}

/**
 * Mirrors a step of the deviation approval (taken by the approval kit) on the PTP its trays read: a decision sets
 * the deviation status (a rejected promise that is still open is cancelled); a move to the next level only bumps
 * the version, so a checker holding the old one reloads.
 */
export async function recordDeviationStep(
  db: Executor,
  input: {
    id: number;
    decision: { approve: boolean; reviewerUserId: number; remarks: string | null; at: Date } | null;
  },
): Promise<PtpRecord> {
  const decision = input.decision;
  const [row] = await db
    .update(ptps)
    .set({
      ...(decision
        ? {
            deviationStatus: decision.approve ? 'APPROVED' : 'REJECTED',
            ...(decision.approve
              ? {}
              : { status: sql`case when ${ptps.status} = 'OPEN' then 'CANCELLED' else ${ptps.status} end` }),
            reviewedByUserId: decision.reviewerUserId,
            reviewedAt: decision.at,
            reviewRemarks: decision.remarks,
          }
        : {}),
      version: sql`${ptps.version} + 1`,
    })
    .where(eq(ptps.id, input.id))
    .returning(columns);
  if (!row) throw new Error(`ptp ${input.id} vanished`);
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
