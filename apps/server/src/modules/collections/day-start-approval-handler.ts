import { DAY_START_FORCE_COMPLETION_FLOW } from '@recovery-desk/domain/approvals/flows/day-start-force-completion.ts';
import { daysBetween } from '@recovery-desk/domain/dates.ts';
import { AppError } from '../../http/app-error.ts';
import { completeFailedJob, hasLiveJob, readJobState } from '../../jobs/jobs.repository.ts';
import type { ApprovalHandler } from '../approvals/index.ts';
import { replayBusinessDateInTx, requireBusinessDate } from '../organisation/index.ts';
import { DAY_START_KIND, daysOfRun, dayStartJob } from './services/run-day-start.ts';

// The DAY_START_FORCE_COMPLETION flow's handler: its subject is a day start run (a `collections.day_start` job,
// scoped by the unit it was started in). Approval ends a FAILED run DONE as force-completed: the days it had not
// finished are recorded as skipped, and the business date moves (forward only) to the run's target date.

export const DAY_START_FORCE_COMPLETION_HANDLER: ApprovalHandler<undefined> = {
  flow: DAY_START_FORCE_COMPLETION_FLOW,
  findSubject: async (db, subjectId) => {
    const state = await readJobState(db, subjectId);
    // Only a FAILED run can be force-completed: any other is not a subject of this flow (404).
    if (!state || state.kind !== DAY_START_KIND || state.status !== 'FAILED' || state.unitPath === null) {
      return undefined;
    }
    return { unitPath: state.unitPath };
  },
  onApproved: async (tx, { request, ctx, at }) => {
    const state = await readJobState(tx, request.subjectId);
    if (!state || state.status !== 'FAILED') {
      throw new AppError(
        'ACTION_NOT_ALLOWED',
        'Only a failed day start can be force-completed; this one is no longer failed.',
      );
    }
    if (await hasLiveJob(tx, DAY_START_KIND)) {
      throw new AppError(
        'ACTION_NOT_ALLOWED',
        'A day start is queued or running; wait for it before force-completing.',
      );
    }
    const payload = dayStartJob.payload.parse(state.payload);
    const days = daysOfRun(payload);
    const doneDay = (state.checkpoint as { day?: string } | null)?.day;
    const skippedDays = doneDay ? days.filter((day) => day > doneDay) : days;
    const target = days.at(-1) ?? payload.businessDate;
    const current = await requireBusinessDate(tx);
    if (daysBetween(current, target) > 0) await replayBusinessDateInTx(tx, target);
    const result = {
      forceCompleted: true,
      businessDate: target,
      skippedDays,
      requestedBy: request.makerUserId,
      approvedBy: ctx.user.id,
      reason: request.payload.reason,
    };
    await completeFailedJob(tx, { id: request.subjectId, result, now: at });
    return { jobId: request.subjectId, businessDate: target, skippedDays };
  },
};
