import { recomputeDelinquency } from '@recovery-desk/db/delinquency.ts';
import { DEFAULT_PTP_POLICY } from '@recovery-desk/domain/collections/ptp-policy.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import type { RequestContext, UnitContext } from '../../../http/request-context.ts';
import { lockDayStart, resolveOpenPtps } from '../day-start.repository.ts';
import { requireBusinessDate } from '../../organisation/index.ts';

export type DayStartReply = {
  businessDate: string;
  accountsRecomputed: number;
  ptpsResolved: { kept: number; partial: number; broken: number };
  escalationsRaised: number;
};

/**
 * The collections part of day start for a business date, in one transaction: DPD/bucket/SMA recompute (one
 * statement), then every open PTP resolved KEPT / PARTIAL / BROKEN, broken ones escalated. Idempotent: a second
 * run on the same date finds nothing left to change. Audited with the counts.
 */
export async function runCollectionsDayStart(
  deps: AppDeps,
  businessDate: string,
  ctx: RequestContext,
): Promise<DayStartReply> {
  return withTransaction(deps.db, async (tx) => {
    await lockDayStart(tx);
    const accountsRecomputed = await recomputeDelinquency(tx, businessDate);
    const resolved = await resolveOpenPtps(tx, { businessDate, graceDays: DEFAULT_PTP_POLICY.graceDays });
    const reply: DayStartReply = {
      businessDate,
      accountsRecomputed,
      ptpsResolved: { kept: resolved.kept, partial: resolved.partial, broken: resolved.broken },
      escalationsRaised: resolved.escalations,
    };
    await emitAudit(tx, ctx, { action: 'collections.day_start', entity: 'organisation', entityId: 1, after: reply });
    return reply;
  });
}

/** POST /api/collections/day-start — runs the collections day start on the organisation's business date. */
export async function startCollectionsDay(deps: AppDeps, { ctx }: { ctx: UnitContext }): Promise<DayStartReply> {
  return runCollectionsDayStart(deps, await requireBusinessDate(deps.db), ctx);
}
