import { eq, sql } from 'drizzle-orm';
import { redemptionLocks } from '@recovery-desk/db/secured-assets-schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { isoTimestamp } from '../../db/sql-rows.ts';

// §13(8) redemption locks (redemption_locks): one row per SARFAESI case whose auction notice was published.

export type RedemptionLock = { lockedOn: string; publicationDate: string | null; lockedByUserId: number; at: string };

/** Records the lock; false when the case was already locked (a re-auction keeps the first lock). */
export async function insertRedemptionLock(
  db: Executor,
  values: {
    caseId: number;
    lockedOn: string;
    publicationDate: string | null;
    lockedByUserId: number;
    actingUnitId: number;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(redemptionLocks)
    .values({
      caseId: values.caseId,
      lockedOn: values.lockedOn,
      publicationDate: values.publicationDate,
      lockedByUserId: values.lockedByUserId,
      actingUnitId: values.actingUnitId,
      createdAt: values.at,
    })
    .onConflictDoNothing()
    .returning({ caseId: redemptionLocks.caseId });
  return rows.length > 0;
}

export async function findRedemptionLock(db: Executor, caseId: number): Promise<RedemptionLock | undefined> {
  const [row] = await db
    .select({
      lockedOn: redemptionLocks.lockedOn,
      publicationDate: redemptionLocks.publicationDate,
      lockedByUserId: redemptionLocks.lockedByUserId,
      at: sql<Date | string>`${redemptionLocks.createdAt}`,
    })
    .from(redemptionLocks)
    .where(eq(redemptionLocks.caseId, caseId));
  return row ? { ...row, at: isoTimestamp(row.at) } : undefined;
}
