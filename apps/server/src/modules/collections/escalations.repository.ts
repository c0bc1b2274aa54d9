import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { accounts, escalations } from '@recovery-desk/db/collections-schema.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';

export type EscalationRecord = {
  id: number;
  accountId: number;
  status: string;
  version: number;
  raisedByUserId: number | null;
};

const columns = {
  id: escalations.id,
  accountId: escalations.accountId,
  status: escalations.status,
  version: escalations.version,
  raisedByUserId: escalations.raisedByUserId,
};

/** The escalation when its account lies in the subtree. */
export async function findEscalationInScope(
  db: Executor,
  input: { id: number; unitPath: string },
): Promise<EscalationRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(escalations)
    .innerJoin(accounts, eq(accounts.id, escalations.accountId))
    .where(and(eq(escalations.id, input.id), sql`${accounts.unitPath} like ${likePrefix(input.unitPath)}`));
  return row;
}

/** The decision as one conditional UPDATE: still OPEN, this version, and not decided by its raiser. */
export async function decideEscalationIfOpen(
  db: Executor,
  input: {
    id: number;
    version: number;
    deciderUserId: number;
    status: 'APPROVED' | 'REJECTED' | 'REALLOCATED';
    remarks: string | null;
    at: Date;
  },
): Promise<EscalationRecord | undefined> {
  const [row] = await db
    .update(escalations)
    .set({
      status: input.status,
      resolvedByUserId: input.deciderUserId,
      resolvedAt: input.at,
      resolutionRemarks: input.remarks,
      version: sql`${escalations.version} + 1`,
    })
    .where(
      and(
        eq(escalations.id, input.id),
        eq(escalations.status, 'OPEN'),
        eq(escalations.version, input.version),
        or(isNull(escalations.raisedByUserId), ne(escalations.raisedByUserId, input.deciderUserId)),
      ),
    )
    .returning(columns);
  return row;
}
