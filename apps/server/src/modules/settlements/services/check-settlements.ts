import { eq, sql } from 'drizzle-orm';
import { accounts } from '@recovery-desk/db/collections-schema.ts';
import { settlements } from '@recovery-desk/db/settlements-schema.ts';
import { minorToDecimal, trackSchedule } from '@recovery-desk/domain/settlements/arithmetic.ts';
import { z } from 'zod';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { anySettlementDue, listInstalments, listPayingSettlements, receivedSince } from '../settlements.repository.ts';

// The schedule check: for every settlement being paid, the payments since approval against its schedule.
// - paid in full → the settlement is SETTLED and the account closes as settled: what was not paid of the dues is
//   written off (the waiver), its dues stop counting (outstanding, overdue, DPD 0), and it stays out of the trays;
// - an instalment unpaid past its date + SETTLEMENT_GRACE_DAYS → the settlement LAPSES and the account returns to
//   full dues: the settlement never changed the dues, so only the payments made (posted by receipts) reduced them,
//   and the account is back in the collection trays.
// Runs as a scheduled job (when something is due) through the job queue; each settlement in its own transaction.

const BATCH = 500;

export type CheckOutcome = { settled: number; lapsed: number };

export async function checkSettlementSchedules(deps: AppDeps, ctx: RequestContext): Promise<CheckOutcome> {
  const businessDate = await requireBusinessDate(deps.db);
  const graceDays = deps.config.settlementGraceDays;
  const outcome: CheckOutcome = { settled: 0, lapsed: 0 };
  for (const { id } of await listPayingSettlements(deps.db, BATCH)) {
    await withTransaction(deps.db, async (tx) => {
      const [row] = await selectRows<{
        id: number;
        accountId: number;
        approvedOn: string;
        payable: string;
        version: number;
      }>(
        tx,
        sql`select id, account_id as "accountId", approved_on::text as "approvedOn", payable_minor::text as payable,
            version from settlements where id = ${id} and stage = 'PAYMENT' for update`,
      );
      if (!row) return;
      const schedule = (await listInstalments(tx, id)).map((item) => ({
        dueDate: item.dueDate,
        amountMinor: BigInt(item.amountMinor),
      }));
      const received = await receivedSince(tx, row.accountId, row.approvedOn);
      const tracked = trackSchedule(schedule, received, businessDate, graceDays);
      const at = deps.clock.now();
      if (tracked.paidInFull) {
        await tx
          .update(settlements)
          .set({ stage: 'SETTLED', settledOn: businessDate, version: sql`${settlements.version} + 1`, updatedAt: at })
          .where(eq(settlements.id, id));
        await tx
          .update(accounts)
          .set({
            settlementStatus: 'SETTLED',
            totalPrincipalOutstanding: '0',
            totalInterestOutstanding: '0',
            otherCharges: '0',
            overdueCharges: '0',
            bounceCharges: '0',
            totalDueAmount: '0',
            oldestUnpaidDueDate: null,
            bucket: 'CURRENT',
            delinquentFlag: false,
            version: sql`${accounts.version} + 1`,
            updatedAt: at,
          })
          .where(eq(accounts.id, row.accountId));
        await emitAudit(tx, ctx, {
          action: 'collections.settlement.settle',
          entity: 'settlement',
          entityId: id,
          before: { stage: 'PAYMENT', version: row.version },
          after: {
            stage: 'SETTLED',
            accountId: row.accountId,
            received: minorToDecimal(received),
            settledOn: businessDate,
          },
        });
        outcome.settled += 1;
      } else if (tracked.missed) {
        const missed = tracked.items.find((item) => item.status === 'MISSED')!;
        await tx
          .update(settlements)
          .set({ stage: 'LAPSED', lapsedOn: businessDate, version: sql`${settlements.version} + 1`, updatedAt: at })
          .where(eq(settlements.id, id));
        await tx
          .update(accounts)
          .set({ settlementStatus: null, version: sql`${accounts.version} + 1`, updatedAt: at })
          .where(eq(accounts.id, row.accountId));
        await emitAudit(tx, ctx, {
          action: 'collections.settlement.lapse',
          entity: 'settlement',
          entityId: id,
          before: { stage: 'PAYMENT', version: row.version },
          after: {
            stage: 'LAPSED',
            accountId: row.accountId,
            missedInstalment: missed.no,
            dueDate: missed.dueDate,
            received: minorToDecimal(received),
            lapsedOn: businessDate,
          },
        });
        outcome.lapsed += 1;
      }
    });
  }
  return outcome;
}

async function settlementsDue(deps: AppDeps): Promise<boolean> {
  const businessDate = await requireBusinessDate(deps.db).catch(() => null);
  if (!businessDate) return false;
  return anySettlementDue(deps.db, { businessDate, graceDays: deps.config.settlementGraceDays });
}

export const settlementCheckJob = defineJob({
  kind: 'settlements.check',
  payload: z.object({}),
  needs: 'system',
  maxAttempts: 3,
  schedule: { everyMs: 60_000, due: settlementsDue },
  run: async ({ deps, ctx }) => ({ summary: await checkSettlementSchedules(deps, ctx) }),
});
