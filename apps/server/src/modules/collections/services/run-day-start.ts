import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { recomputeDelinquency } from '@recovery-desk/db/delinquency.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { DEFAULT_PTP_POLICY } from '@recovery-desk/domain/collections/ptp-policy.ts';
import {
  DAY_START_MAX_DAYS,
  type ChangeBusinessDateInput,
  type DayStartRunsQuery,
  type DayStartRunsReply,
} from '@recovery-desk/domain/collections/day-start.ts';
import { addDays, daysBetween } from '@recovery-desk/domain/dates.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { RequestContext, UnitContext } from '../../../http/request-context.ts';
import { enqueueJob } from '../../../jobs/enqueue-job.ts';
import { defineJob, LeaseLostError } from '../../../jobs/job-kind.ts';
import { findJob, hasLiveJob, listJobs, readJobState, requeueFailedJob } from '../../../jobs/jobs.repository.ts';
import { DAY_START_FORCE_COMPLETION_FLOW } from '@recovery-desk/domain/approvals/flows/day-start-force-completion.ts';
import { withdrawApprovalsInTx } from '../../approvals/index.ts';
import { latestBomSnapshot, lockDayStart, resolveOpenPtps, takeBomSnapshot } from '../day-start.repository.ts';
import { replayBusinessDateInTx, requireBusinessDate } from '../../organisation/index.ts';

export type DayStartReply = {
  businessDate: string;
  accountsRecomputed: number;
  ptpsResolved: { kept: number; partial: number; broken: number };
  escalationsRaised: number;
  /** on the first day of a month: the BOM snapshot's rows (by bucket and currency) */
  bomSnapshotRows?: number;
};

export const DAY_START_KIND = 'collections.day_start';
const BUSY_MESSAGE =
  'A day start is already queued or running. Wait for it to finish (or retry or force-complete it if it failed) before starting another.';

/** Serialises the requests that queue day starts (start, change of date, retry), so two never both pass the check. */
async function lockDayStartRequests(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(4242004)`);
}

async function refuseWhileLive(tx: Transaction): Promise<void> {
  if (await hasLiveJob(tx, DAY_START_KIND)) throw new AppError('ACTION_NOT_ALLOWED', BUSY_MESSAGE);
}

/** The collections day start of one business date inside the caller's transaction, audited with its counts. */
async function dayStartInTx(
  tx: Transaction,
  businessDate: string,
  ctx: RequestContext,
  at: Date,
): Promise<DayStartReply> {
  await lockDayStart(tx);
  const accountsRecomputed = await recomputeDelinquency(tx, businessDate);
  const resolved = await resolveOpenPtps(tx, { businessDate, graceDays: DEFAULT_PTP_POLICY.graceDays });
  const reply: DayStartReply = {
    businessDate,
    accountsRecomputed,
    ptpsResolved: { kept: resolved.kept, partial: resolved.partial, broken: resolved.broken },
    escalationsRaised: resolved.escalations,
  };
  if (businessDate.endsWith('-01')) {
    // BOM: the buckets as the month begins (after the recompute), behind the month's roll rates.
    reply.bomSnapshotRows = await takeBomSnapshot(tx, {
      month: businessDate,
      takenOn: businessDate,
      userId: ctx.user?.id ?? null,
      at,
    });
  }
  await emitAudit(tx, ctx, { action: 'collections.day_start', entity: 'organisation', entityId: 1, after: reply });
  return reply;
}

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
  return withTransaction(deps.db, (tx) => dayStartInTx(tx, businessDate, ctx, deps.clock.now()));
}

const dayStartPayload = z.object({
  businessDate: z.iso.date(),
  /** a change of business date: every day after `businessDate` up to this one, in order */
  toDate: z.iso.date().optional(),
});
export type DayStartPayload = z.infer<typeof dayStartPayload>;

/** The days a run processes, in order. */
export function daysOfRun(payload: DayStartPayload): string[] {
  if (!payload.toDate) return [payload.businessDate];
  const count = daysBetween(payload.businessDate, payload.toDate);
  return Array.from({ length: count }, (_, index) => addDays(payload.businessDate, index + 1));
}

/**
 * Day start runs as a background job: the reply of the POST is the queued job, the counts are its result. A change
 * of business date runs one day start per day, in order, each in its own transaction with the move of the business
 * date and a checkpoint: a failed day leaves the days before it done, and a retry resumes at the day that failed.
 * One attempt: a failed run waits for a person (Retry, or Request Force Completion approved by a second user).
 */
export const dayStartJob = defineJob({
  kind: DAY_START_KIND,
  payload: dayStartPayload,
  needs: 'user',
  maxAttempts: 1,
  run: async ({ deps, payload, ctx, progress, checkpoint, resumeFrom }) => {
    const days = daysOfRun(payload);
    if (!payload.toDate) {
      await progress(0, 1);
      const summary = await runCollectionsDayStart(deps, payload.businessDate, ctx);
      return { summary };
    }
    const start = resumeFrom?.done ?? 0;
    await progress(start, days.length);
    const done: DayStartReply[] = [];
    for (let index = start; index < days.length; index += 1) {
      const day = days[index]!;
      try {
        done.push(
          await withTransaction(deps.db, async (tx) => {
            await replayBusinessDateInTx(tx, day);
            const reply = await dayStartInTx(tx, day, ctx, deps.clock.now());
            await checkpoint(tx, index + 1, days.length, { day });
            return reply;
          }),
        );
      } catch (error) {
        if (error instanceof LeaseLostError || error instanceof AppError) throw error;
        throw new Error(`Day start of ${day} failed: ${rootMessage(error)}`, { cause: error });
      }
    }
    return { summary: { businessDate: payload.toDate, days: done } };
  },
});

/** The innermost cause's message (the database's own reason under the query wrapper). */
function rootMessage(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

async function queueDayStart(deps: AppDeps, ctx: UnitContext, payload: DayStartPayload): Promise<Job> {
  const jobId = await withTransaction(deps.db, async (tx) => {
    await lockDayStartRequests(tx);
    await refuseWhileLive(tx);
    return enqueueJob(tx, ctx, {
      kind: dayStartJob,
      payload,
      at: deps.clock.now(),
      singleton: { key: DAY_START_KIND, busyMessage: BUSY_MESSAGE },
    });
  });
  deps.jobs.wake();
  const job = await findJob(deps.db, { id: jobId, scope: { userId: ctx.user.id } });
  if (!job) throw new Error(`job ${jobId} vanished`);
  return job;
}

/**
 * POST /api/collections/day-start — queues the collections day start on the organisation's business date (202 with
 * the job; its result is the DayStartReply). 409 while another day start is queued or running.
 */
export async function startCollectionsDay(deps: AppDeps, { ctx }: { ctx: UnitContext }): Promise<Job> {
  const businessDate = await requireBusinessDate(deps.db);
  return queueDayStart(deps, ctx, { businessDate });
}

/**
 * POST /api/collections/day-start/business-date — Change Business Date: the new date must be after today's business
 * date (by at most DAY_START_MAX_DAYS); one run processes every day up to it, one day start per day, in order.
 */
export async function changeBusinessDate(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: ChangeBusinessDateInput },
): Promise<Job> {
  const current = await requireBusinessDate(deps.db);
  const days = daysBetween(current, input.businessDate);
  if (days < 1) throw validationError('businessDate', `must be after the business date ${current}`);
  if (days > DAY_START_MAX_DAYS) {
    throw validationError('businessDate', `can move at most ${DAY_START_MAX_DAYS} days at once`);
  }
  return queueDayStart(deps, ctx, { businessDate: current, toDate: input.businessDate });
}

const subtreeOf = (ctx: UnitContext) => ({ unitPath: ctx.actingUnit.path, includeSystem: false });

/** GET /api/collections/day-start/runs — the business date, whether a run is live, and the runs of the subtree. */
export async function listDayStartRuns(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: DayStartRunsQuery },
): Promise<DayStartRunsReply> {
  const [businessDate, running, bom, page] = await Promise.all([
    requireBusinessDate(deps.db),
    hasLiveJob(deps.db, DAY_START_KIND),
    latestBomSnapshot(deps.db),
    listJobs(deps.db, {
      scope: subtreeOf(ctx),
      kind: DAY_START_KIND,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  ]);
  return {
    businessDate,
    running,
    rows: page.rows,
    total: page.count,
    bom,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A day start run of the acting unit's subtree, locked (404 otherwise). */
export async function findDayStartRunInTx(tx: Transaction, ctx: UnitContext, id: number) {
  const state = await readJobState(tx, id);
  if (!state || state.kind !== DAY_START_KIND || !(state.unitPath ?? '').startsWith(ctx.actingUnit.path)) {
    throw new AppError('NOT_FOUND', 'Day start run not found');
  }
  return state;
}

/** POST /api/collections/day-start/runs/:id/retry — queues a FAILED run again; it resumes at the day that failed. */
export async function retryDayStartRun(deps: AppDeps, { ctx, id }: { ctx: UnitContext; id: number }): Promise<Job> {
  await withTransaction(deps.db, async (tx) => {
    await lockDayStartRequests(tx);
    const run = await findDayStartRunInTx(tx, ctx, id);
    if (run.status !== 'FAILED') {
      throw new AppError('ACTION_NOT_ALLOWED', `Only a failed day start can be retried; this one is ${run.status}.`);
    }
    await refuseWhileLive(tx);
    if (!(await requeueFailedJob(tx, { id, singletonKey: DAY_START_KIND, now: deps.clock.now() }))) {
      throw new AppError('ALREADY_DECIDED', 'This day start run changed meanwhile; reload the list.');
    }
    // A force completion waiting for this run is moot once it runs again.
    await withdrawApprovalsInTx(
      tx,
      ctx,
      { flow: DAY_START_FORCE_COMPLETION_FLOW, findSubject: async () => undefined },
      { subjectIds: [id], remarks: 'The run was retried', at: deps.clock.now() },
    );
    await emitAudit(tx, ctx, {
      action: 'collections.day_start.retry',
      entity: 'job',
      entityId: id,
      before: { status: 'FAILED' },
      after: { status: 'QUEUED' },
    });
  });
  deps.jobs.wake();
  const job = await findJob(deps.db, { id, scope: subtreeOf(ctx) });
  if (!job) throw new Error(`job ${id} vanished`);
  return job;
}

/**
 * POST /api/collections/day-start/bom-refresh — BOM Refresh: takes the BOM snapshot of the business date's month
 * again from the accounts' buckets as they stand (409 while a day start is queued or running), audited.
 */
export async function refreshBomSnapshot(deps: AppDeps, { ctx }: { ctx: UnitContext }) {
  await withTransaction(deps.db, async (tx) => {
    await lockDayStartRequests(tx);
    await refuseWhileLive(tx);
    const businessDate = await requireBusinessDate(tx);
    const month = `${businessDate.slice(0, 8)}01`;
    const rows = await takeBomSnapshot(tx, { month, takenOn: businessDate, userId: ctx.user.id, at: deps.clock.now() });
    await emitAudit(tx, ctx, {
      action: 'collections.bom_refresh',
      entity: 'organisation',
      entityId: 1,
      after: { month, takenOn: businessDate, rows },
    });
  });
  const bom = await latestBomSnapshot(deps.db);
  if (!bom) throw new Error('BOM snapshot vanished');
  return bom;
}
