import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { recomputeDelinquency } from '@recovery-desk/db/delinquency.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { DEFAULT_PTP_POLICY } from '@recovery-desk/domain/collections/ptp-policy.ts';
import {
  DAY_START_MAX_DAYS,
  DAY_START_STEPS,
  type DayStartStep,
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
import {
  allocateByRules,
  expireRestrictions,
  latestBomSnapshot,
  lockDayStart,
  raiseBrokenPtpEscalations,
  refreshCardCycles,
  resolveOpenPtps,
  takeBomSnapshot,
} from '../day-start.repository.ts';
import { enterDayStartStep } from '../../../db/day-start-guard.ts';
import { requireRuleCollectorsServe } from './allocation-rules.ts';
import { collectionsSettingsOf } from '../../collections-settings/index.ts';
import { replayBusinessDateInTx, requireBusinessDate } from '../../organisation/index.ts';

/** What one step did: the rows it changed and how long it took. */
export type DayStartStepResult = { step: DayStartStep; rows: number; ms: number };

export type DayStartReply = {
  businessDate: string;
  /** Cycle Refresh within the recompute step: card statements closed on the day */
  statementsClosed: number;
  accountsRecomputed: number;
  ptpsResolved: { kept: number; partial: number; broken: number };
  escalationsRaised: number;
  accountsAllocated: number;
  restrictionsExpired: number;
  /** on the first day of a month: the BOM snapshot's rows (by bucket and currency) */
  bomSnapshotRows?: number;
  steps: DayStartStepResult[];
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

function emptyReply(businessDate: string): DayStartReply {
  return {
    businessDate,
    statementsClosed: 0,
    accountsRecomputed: 0,
    ptpsResolved: { kept: 0, partial: 0, broken: 0 },
    escalationsRaised: 0,
    accountsAllocated: 0,
    restrictionsExpired: 0,
    steps: [],
  };
}

/** Work_mem for the recompute's aggregate over every due (so it does not spill to disk on a large book). */
const RECOMPUTE_WORK_MEM = '256MB';

/**
 * Runs one step of a day's day start inside the caller's transaction (a day start step: the write guard lets it
 * through), adding what it did to `reply`.
 */
async function runDayStartStep(
  tx: Transaction,
  input: { step: DayStartStep; businessDate: string; ctx: RequestContext; at: Date; reply: DayStartReply },
): Promise<void> {
  const { step, businessDate, ctx, at, reply } = input;
  const started = performance.now();
  await enterDayStartStep(tx);
  await lockDayStart(tx);
  let rows = 0;
  switch (step) {
    case 'RECOMPUTE': {
      await tx.execute(sql.raw(`set local work_mem = '${RECOMPUTE_WORK_MEM}'`));
      // Cycle Refresh: the card statements closing on the day (idempotent per date); their minimum dues fall due
      // 20 days later, so they do not change the day's recompute.
      reply.statementsClosed = await refreshCardCycles(tx, { businessDate });
      rows = reply.accountsRecomputed = await recomputeDelinquency(tx, businessDate);
      if (businessDate.endsWith('-01')) {
        // BOM: the buckets as the month begins (after the recompute), behind the month's roll rates.
        reply.bomSnapshotRows = await takeBomSnapshot(tx, {
          month: businessDate,
          takenOn: businessDate,
          userId: ctx.user?.id ?? null,
          at,
        });
      }
      break;
    }
    case 'PTP_RESOLUTION': {
      reply.ptpsResolved = await resolveOpenPtps(tx, { businessDate, graceDays: DEFAULT_PTP_POLICY.graceDays });
      rows = reply.ptpsResolved.kept + reply.ptpsResolved.partial + reply.ptpsResolved.broken;
      break;
    }
    case 'ESCALATIONS': {
      // room for the hashed list of PTPs already escalated (day-start.repository.ts)
      await tx.execute(sql.raw(`set local work_mem = '${RECOMPUTE_WORK_MEM}'`));
      const { escalationBrokenPtps } = await collectionsSettingsOf(tx);
      rows = reply.escalationsRaised = await raiseBrokenPtpEscalations(tx, {
        businessDate,
        brokenPtps: escalationBrokenPtps,
      });
      break;
    }
    case 'ALLOCATION': {
      await requireRuleCollectorsServe(tx);
      const { collectorCapacity } = await collectionsSettingsOf(tx);
      rows = reply.accountsAllocated = await allocateByRules(tx, {
        byUserId: ctx.user?.id ?? null,
        at,
        collectorCapacity,
      });
      break;
    }
    case 'EXPIRY':
      rows = reply.restrictionsExpired = await expireRestrictions(tx, {
        businessDate,
        byUserId: ctx.user?.id ?? null,
        actingUnitId: ctx.actingUnit?.id ?? null,
        at,
      });
      break;
  }
  reply.steps = [
    ...reply.steps.filter((done) => done.step !== step),
    { step, rows, ms: Math.round(performance.now() - started) },
  ];
  if (step === 'EXPIRY') {
    await emitAudit(tx, ctx, { action: 'collections.day_start', entity: 'organisation', entityId: 1, after: reply });
  }
}

/**
 * The collections day start of one business date, every step in order, each in its own transaction (tests, demo).
 * Idempotent: a second run on the same date finds nothing left to change. Audited with the counts.
 */
export async function runCollectionsDayStart(
  deps: AppDeps,
  businessDate: string,
  ctx: RequestContext,
): Promise<DayStartReply> {
  const reply = emptyReply(businessDate);
  for (const step of DAY_START_STEPS) {
    await withTransaction(deps.db, (tx) =>
      runDayStartStep(tx, { step, businessDate, ctx, at: deps.clock.now(), reply }),
    );
  }
  return reply;
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

const checkpointState = z.object({ day: z.string(), step: z.string(), reply: z.unknown().optional() });

/**
 * Day start runs as a background job: the reply of the POST is the queued job, the counts are its result. Each day
 * is five steps (DAY_START_STEPS), each in its own transaction with a checkpoint, so progress is steps done of
 * (days × 5); a change of business date moves the date to each day in that day's first step. A failed step leaves
 * the steps before it done and the run FAILED "Day start of <day> failed at <step>: <reason>"; a retry resumes at
 * the step that failed. While the run is RUNNING every other account write is refused (db/day-start-guard.ts).
 * One attempt: a failed run waits for a person (Retry, or Request Force Completion approved by a second user).
 * Scheduled (Schedule Process, once a day when enabled), it moves the business date one day forward.
 */
export const dayStartJob = defineJob({
  kind: DAY_START_KIND,
  payload: dayStartPayload,
  needs: 'system',
  maxAttempts: 1,
  schedule: {
    everyMs: 60_000,
    timeOfDay: '06:00',
    enabledByDefault: false,
    payload: async (deps) => {
      const businessDate = await requireBusinessDate(deps.db);
      return { businessDate, toDate: addDays(businessDate, 1) };
    },
    due: async () => true,
  },
  run: async ({ deps, payload, ctx, progress, checkpoint, resumeFrom }) => {
    const days = daysOfRun(payload);
    const perDay = DAY_START_STEPS.length;
    const total = days.length * perDay;
    const start = resumeFrom?.done ?? 0;
    const resumed = checkpointState.safeParse(resumeFrom?.state);
    await progress(start, total);
    const done: DayStartReply[] = [];
    let reply: DayStartReply | null =
      resumed.success && resumed.data.reply && start % perDay !== 0 ? (resumed.data.reply as DayStartReply) : null;
    for (let index = start; index < total; index += 1) {
      const day = days[Math.floor(index / perDay)]!;
      const step = DAY_START_STEPS[index % perDay]!;
      if (step === 'RECOMPUTE' || !reply) reply = emptyReply(day);
      const current = reply;
      try {
        await withTransaction(deps.db, async (tx) => {
          if (step === 'RECOMPUTE' && payload.toDate) await replayBusinessDateInTx(tx, day);
          await runDayStartStep(tx, { step, businessDate: day, ctx, at: deps.clock.now(), reply: current });
          await checkpoint(tx, index + 1, total, { day, step, reply: current });
        });
      } catch (error) {
        if (error instanceof LeaseLostError || error instanceof AppError) throw error;
        throw new Error(`Day start of ${day} failed at ${step}: ${rootMessage(error)}`, { cause: error });
      }
      if (step === 'EXPIRY') done.push(current);
    }
    if (!payload.toDate) return { summary: done[0] ?? reply ?? emptyReply(payload.businessDate) };
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

/**
 * POST /api/collections/day-start/cycle-refresh — Cycle Refresh: closes the statement of every card account whose
 * billing cycle closes on the business date (statement balance, minimum due, payment due date, and the minimum due
 * as the next due). 409 while a day start is queued or running. Audited with the count.
 */
export async function refreshCycles(deps: AppDeps, { ctx }: { ctx: UnitContext }) {
  return withTransaction(deps.db, async (tx) => {
    await lockDayStartRequests(tx);
    await refuseWhileLive(tx);
    const businessDate = await requireBusinessDate(tx);
    const statements = await refreshCardCycles(tx, { businessDate });
    await emitAudit(tx, ctx, {
      action: 'collections.cycle_refresh',
      entity: 'organisation',
      entityId: 1,
      after: { businessDate, statements },
    });
    return { businessDate, statements };
  });
}
