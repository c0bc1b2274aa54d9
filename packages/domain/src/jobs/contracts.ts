import { z } from 'zod';
import { pageParam, pageSizeParam } from '../numeric-params.ts';

// API contracts of background jobs (issue 10). Long work (day start, bulk uploads, large exports, bulk notices)
// answers 202 with the queued job; the screen that started it polls GET /api/jobs/:id for its progress.
//   GET /api/jobs                      (acting unit)        the signed-in user's own jobs, newest first
//   GET /api/jobs/:id                  (acting unit)        one of the user's jobs (progress)
//   GET /api/jobs/:id/result           (acting unit)        the file a DONE job of the user produced
//   GET /api/jobs/dashboard            UPLOAD_DASH_SAUTH    every job of the acting unit's subtree (Upload Dashboard)
//   GET /api/jobs/dashboard/:id/result UPLOAD_DASH_SAUTH    the file of a DONE job of the subtree

export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The kinds of job the server runs; each has a label key `job.kind.<kind>` in the web dictionaries. */
export const JOB_KINDS = [
  'collections.day_start',
  'collections.tray_export',
  'workflow.stage_export',
  'legal.upload',
  'legal.notices',
  'mail.retry',
  'legal.hearing_reminders',
  'audit.checkpoint',
  'settlements.check',
  'payments.upi_poll',
  'retention.purge',
  'reports.export',
  'collections.upload',
  'repossession.upload',
  'sarfaesi.upload',
  'repo.case_export',
  'cmdcenter.partitions',
  /** demo mode only */
  'cmdcenter.demo_feed',
] as const;
export type JobKindCode = (typeof JOB_KINDS)[number];

export const jobSchema = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  userFullName: z.string().nullable(),
  unitId: z.number().nullable(),
  unitCode: z.string().nullable(),
  progressDone: z.number(),
  /** null until the job knows how much there is to do */
  progressTotal: z.number().nullable(),
  attempts: z.number(),
  maxAttempts: z.number(),
  /** the last failed attempt's error (a FAILED job's reason) */
  error: z.string().nullable(),
  /** what the job did (counts, ids), kind-specific */
  result: z.unknown(),
  /** set when a DONE job produced a file to download */
  resultFileName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam,
  kind: z.enum(JOB_KINDS).optional(),
  status: z.enum(JOB_STATUSES).optional(),
});
export type JobQuery = z.infer<typeof jobQuerySchema>;

export const jobPageSchema = z.object({
  data: z.array(jobSchema),
  count: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type JobPage = z.infer<typeof jobPageSchema>;

/** The share of a job that is done, 0–100 (a DONE job is 100 even when it never knew its total). */
export function jobPercent(job: Pick<Job, 'status' | 'progressDone' | 'progressTotal'>): number {
  if (job.status === 'DONE') return 100;
  if (!job.progressTotal || job.progressTotal <= 0) return 0;
  return Math.min(100, Math.floor((job.progressDone * 100) / job.progressTotal));
}

export function isJobFinished(job: Pick<Job, 'status'>): boolean {
  return job.status === 'DONE' || job.status === 'FAILED';
}
