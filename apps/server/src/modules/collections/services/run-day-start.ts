import { z } from 'zod';
import { recomputeDelinquency } from '@recovery-desk/db/delinquency.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { DEFAULT_PTP_POLICY } from '@recovery-desk/domain/collections/ptp-policy.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import type { RequestContext, UnitContext } from '../../../http/request-context.ts';
import { enqueueJob } from '../../../jobs/enqueue-job.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { findJob } from '../../../jobs/jobs.repository.ts';
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

/** Day start runs as a background job: the reply of the POST is the queued job, the counts are its result. */
export const dayStartJob = defineJob({
  kind: 'collections.day_start',
  payload: z.object({ businessDate: z.iso.date() }),
  needs: 'user',
  run: async ({ deps, payload, ctx, progress }) => {
    await progress(0, 1);
    const summary = await runCollectionsDayStart(deps, payload.businessDate, ctx);
    return { summary };
  },
});

/**
 * POST /api/collections/day-start — queues the collections day start on the organisation's business date (202 with
 * the job; its result is the DayStartReply).
 */
export async function startCollectionsDay(deps: AppDeps, { ctx }: { ctx: UnitContext }): Promise<Job> {
  const businessDate = await requireBusinessDate(deps.db);
  const jobId = await withTransaction(deps.db, (tx) =>
    enqueueJob(tx, ctx, { kind: dayStartJob, payload: { businessDate }, at: deps.clock.now() }),
  );
  deps.jobs.wake();
  const job = await findJob(deps.db, { id: jobId, scope: { userId: ctx.user.id } });
  if (!job) throw new Error(`job ${jobId} vanished`);
  return job;
}
