import { jobPageSchema, jobSchema, type Job, type JobPage } from '@recovery-desk/domain/jobs/contracts.ts';
import { apiClient, type DownloadedFile, type FileOrJob } from './http-client.ts';

// Background jobs (issue 10): the progress of a job the user started, the Upload Dashboard's list, result files.

export type JobAudience = 'own' | 'dashboard';

/** GET /api/jobs/:id — one of the user's jobs (its progress). */
export async function fetchJob(jobId: number, signal?: AbortSignal): Promise<Job> {
  return jobSchema.parse(await apiClient.get<unknown>(`/api/jobs/${jobId}`, { signal }));
}

/** GET /api/jobs/dashboard — every job of the acting unit's subtree (UPLOAD_DASH_SAUTH). */
export async function fetchDashboardJobs(query: URLSearchParams, signal?: AbortSignal): Promise<JobPage> {
  return jobPageSchema.parse(await apiClient.get<unknown>(`/api/jobs/dashboard?${query.toString()}`, { signal }));
}

/** The file a DONE job produced, as its starter (own) or from the dashboard. */
export function downloadJobResult(jobId: number, audience: JobAudience): Promise<DownloadedFile> {
  return apiClient.download(audience === 'own' ? `/api/jobs/${jobId}/result` : `/api/jobs/dashboard/${jobId}/result`);
}

/** A file now, or the job that will produce it (a 202 reply), with the job checked against its contract. */
export type FileOrQueuedJob = { file: DownloadedFile } | { job: Job };

export function parseFileOrJob(reply: FileOrJob): FileOrQueuedJob {
  return 'job' in reply ? { job: jobSchema.parse(reply.job) } : reply;
}
