import { eq, sql } from 'drizzle-orm';
import { accounts, escalations } from '@recovery-desk/db/collections-schema.ts';
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

/** The escalation with the unit path of its account (its scope). */
export async function findEscalationSubject(
  db: Executor,
  id: number,
): Promise<(EscalationRecord & { unitPath: string }) | undefined> {
  const [row] = await db
    .select({ ...columns, unitPath: accounts.unitPath })
    .from(escalations)
    .innerJoin(accounts, eq(accounts.id, escalations.accountId))
    .where(eq(escalations.id, id));
  return row;
}

/** Mirrors a decision (taken by the approval kit) on the escalation row its trays read, bumping its version. */
export async function recordEscalationDecision(
  db: Executor,
  input: {
    id: number;
    deciderUserId: number;
    status: 'APPROVED' | 'REJECTED' | 'REALLOCATED';
    remarks: string | null;
    at: Date;
  },
): Promise<EscalationRecord> {
  const [row] = await db
    .update(escalations)
    .set({
      status: input.status,
      resolvedByUserId: input.deciderUserId,
      resolvedAt: input.at,
      resolutionRemarks: input.remarks,
      version: sql`${escalations.version} + 1`,
    })
    .where(eq(escalations.id, input.id))
    .returning(columns);
  if (!row) throw new Error(`escalation ${input.id} vanished`);
  return row;
}
