import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { RequestContext, UnitContext } from '../../http/request-context.ts';
import { enqueueJob } from '../../jobs/enqueue-job.ts';
import type { JobKind } from '../../jobs/job-kind.ts';
import { findJob } from '../../jobs/jobs.repository.ts';
import { EXPORT_ROW_CAP, type ExportFile, type ExportFormat } from './spreadsheet.ts';

// What every export shares: formats, the row cap, and the choice between answering the file at once and queueing a
// background job whose result is the file (above EXPORT_SYNC_MAX_ROWS rows).

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file now (200), or the queued job that will produce it (202). */
export type ExportReply = { file: ExportFile } | { job: Job };

/** Refuses an export over the cap (before anything is read or queued). */
export function checkExportSize(count: number, noun: 'rows' | 'cases'): void {
  if (count > EXPORT_ROW_CAP) {
    throw new AppError(
      'EXPORT_TOO_LARGE',
      `This view has ${count} ${noun}; an export holds at most ${EXPORT_ROW_CAP}. Narrow the filters and export again.`,
    );
  }
}

/** Whether an export of `count` rows runs as a background job. */
export function exportRunsAsJob(deps: AppDeps, count: number): boolean {
  return count > deps.config.exportSyncMaxRows;
}

/** Queues an export job for the requester and returns it (the web shows its progress, then downloads its file). */
export async function queueFileJob<P>(deps: AppDeps, ctx: UnitContext, kind: JobKind<P>, payload: P): Promise<Job> {
  const jobId = await withTransaction(deps.db, (tx) => enqueueJob(tx, ctx, { kind, payload, at: deps.clock.now() }));
  deps.jobs.wake();
  const job = await findJob(deps.db, { id: jobId, scope: { userId: ctx.user.id } });
  if (!job) throw new Error(`job ${jobId} vanished`);
  return job;
}

/** The request context of a job started by a user in a unit (the kind declares `needs: 'user'`). */
export function jobUnitContext(ctx: RequestContext): UnitContext {
  if (!ctx.user || !ctx.actingUnit) throw new Error('this job needs the user and unit that started it');
  return { ...ctx, user: ctx.user, actingUnit: ctx.actingUnit };
}
