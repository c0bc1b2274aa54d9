import type { JobQuery } from '@recovery-desk/domain/jobs/contracts.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { findJob, findJobFile, listJobs, type JobScope } from '../../../jobs/jobs.repository.ts';

// Reads of the job queue. A user sees their own jobs anywhere; the Upload Dashboard (UPLOAD_DASH_SAUTH) sees every
// job started in the acting unit's subtree, and a root unit's dashboard also the scheduled system jobs.

export type JobAudience = 'own' | 'dashboard';

function scopeOf(ctx: UnitContext, audience: JobAudience): JobScope {
  if (audience === 'own') return { userId: ctx.user.id };
  const isRoot = /^\/\d+\/$/.test(ctx.actingUnit.path);
  return { unitPath: ctx.actingUnit.path, includeSystem: isRoot };
}

const notFound = () => new AppError('NOT_FOUND', 'Job not found');

/** GET /api/jobs, GET /api/jobs/dashboard */
export async function listJobPage(
  deps: AppDeps,
  { ctx, audience, query }: { ctx: UnitContext; audience: JobAudience; query: JobQuery },
) {
  const { rows, count } = await listJobs(deps.db, {
    scope: scopeOf(ctx, audience),
    kind: query.kind,
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { data: rows, count, page: query.page, pageSize: query.pageSize };
}

/** GET /api/jobs/:id — progress of one of the user's jobs (another user's job answers 404). */
export async function getJob(deps: AppDeps, { ctx, jobId }: { ctx: UnitContext; jobId: number }) {
  const job = await findJob(deps.db, { id: jobId, scope: scopeOf(ctx, 'own') });
  if (!job) throw notFound();
  return job;
}

/** GET /api/jobs/:id/result, GET /api/jobs/dashboard/:id/result — the file a DONE job produced. */
export async function getJobResultFile(
  deps: AppDeps,
  { ctx, audience, jobId }: { ctx: UnitContext; audience: JobAudience; jobId: number },
) {
  const file = await findJobFile(deps.db, { id: jobId, scope: scopeOf(ctx, audience) });
  if (!file) throw new AppError('NOT_FOUND', 'This job has no file to download');
  return file;
}
