import { jobSchema, type Job } from '@recovery-desk/domain/jobs/contracts.ts';
import type { RepoWorkflowCode } from '@recovery-desk/domain/repo/contracts.ts';
import {
  repoUploadKindsSchema,
  repoUploadPageSchema,
  repoUploadReplySchema,
  type RepoUploadKinds,
  type RepoUploadPage,
  type RepoCaseExportQuery,
  type RepoUploadReply,
} from '@recovery-desk/domain/repo/uploads.ts';
import { apiClient, type DownloadedFile } from '../../../lib/http-client.ts';
import { parseFileOrJob, type FileOrQueuedJob } from '../../../lib/jobs-api.ts';

// Repossession and SARFAESI File Upload (packages/domain/src/repo/uploads.ts), parsed by the shared contract.

type Unit = number | null;

export const repoUploadKeys = {
  all: (code: RepoWorkflowCode) => ['repo', 'uploads', code] as const,
  kinds: (code: RepoWorkflowCode, actingUnit: Unit) => ['repo', 'uploads', code, 'kinds', actingUnit] as const,
  page: (code: RepoWorkflowCode, actingUnit: Unit, query: string) =>
    ['repo', 'uploads', code, 'page', actingUnit, query] as const,
};

/** A kind of file as the form offers it: INITIATION, or STAGE_UPDATE:<stage>. */
export type UploadChoice = string;

export function splitChoice(choice: UploadChoice): { kind: 'INITIATION' | 'STAGE_UPDATE'; stage?: string } {
  if (choice === 'INITIATION') return { kind: 'INITIATION' };
  return { kind: 'STAGE_UPDATE', stage: choice.slice('STAGE_UPDATE:'.length) };
}

export async function fetchUploadKinds(code: RepoWorkflowCode, signal?: AbortSignal): Promise<RepoUploadKinds> {
  return repoUploadKindsSchema.parse(await apiClient.get<unknown>(`/api/repo/${code}/uploads/kinds`, { signal }));
}

export async function fetchRepoUploads(
  code: RepoWorkflowCode,
  query: URLSearchParams,
  signal?: AbortSignal,
): Promise<RepoUploadPage> {
  return repoUploadPageSchema.parse(
    await apiClient.get<unknown>(`/api/repo/${code}/uploads?${query.toString()}`, { signal }),
  );
}

/** POST /api/repo/:code/uploads: the file is checked and queued; the reply is the job, whose result is the upload. */
export async function uploadRepoFile(code: RepoWorkflowCode, choice: UploadChoice, file: File): Promise<Job> {
  const { kind, stage } = splitChoice(choice);
  const form = new FormData();
  form.append('kind', kind);
  if (stage) form.append('stage', stage);
  form.append('file', file);
  return jobSchema.parse(await apiClient.postForm<unknown>(`/api/repo/${code}/uploads`, form));
}

/** The upload record a finished upload job left as its result. */
export function repoUploadOfJob(job: Job): RepoUploadReply {
  return repoUploadReplySchema.parse(job.result);
}

export function downloadRepoUploadErrors(code: RepoWorkflowCode, uploadId: number): Promise<DownloadedFile> {
  return apiClient.download(`/api/repo/${code}/uploads/${uploadId}/errors`);
}

export function downloadRepoUploadTemplate(code: RepoWorkflowCode, choice: UploadChoice): Promise<DownloadedFile> {
  const { kind, stage } = splitChoice(choice);
  const query = new URLSearchParams({ kind });
  if (stage) query.set('stage', stage);
  return apiClient.download(`/api/repo/${code}/uploads/template?${query.toString()}`);
}

/** GET /api/repo/downloads/cases: the XLSX of the chosen cases, or (a large selection) the job that writes it. */
export async function exportRepoCases(query: RepoCaseExportQuery): Promise<FileOrQueuedJob> {
  const params = new URLSearchParams({ code: query.code });
  if (query.stage) params.set('stage', query.stage);
  if (query.state) params.set('state', query.state);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return parseFileOrJob(await apiClient.downloadOrJob(`/api/repo/downloads/cases?${params.toString()}`));
}
