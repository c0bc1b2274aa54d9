import {
  collUploadPageSchema,
  collUploadReplySchema,
  downloadPageSchema,
  type CollUploadPage,
  type CollUploadReply,
  type CollUploadType,
  type DownloadPage,
} from '@recovery-desk/domain/collections/uploads.ts';
import { jobSchema, type Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { apiClient, type DownloadedFile } from '../../lib/http-client.ts';

// The collections File Upload and File Download API (packages/domain/src/collections/uploads.ts).

const BASE = '/api/collections';

export const collUploadKeys = {
  all: () => ['coll-uploads'] as const,
  uploads: () => [...collUploadKeys.all(), 'uploads'] as const,
  uploadsPage: (unit: number | null | undefined, query: string) => [...collUploadKeys.uploads(), unit, query] as const,
  downloads: (unit: number | null | undefined, query: string) =>
    [...collUploadKeys.all(), 'downloads', unit, query] as const,
};

export async function startCollUpload(type: CollUploadType, file: File): Promise<Job> {
  const form = new FormData();
  // The field before the file: a streaming multipart parser sees it first.
  form.set('type', type);
  form.set('file', file, file.name);
  return jobSchema.parse(await apiClient.postForm<unknown>(`${BASE}/uploads`, form));
}

/** The upload record a finished upload job left as its result. */
export function uploadOfJob(job: Job): CollUploadReply | null {
  const parsed = collUploadReplySchema.safeParse(job.result);
  return parsed.success ? parsed.data : null;
}

export async function fetchCollUploads(query: URLSearchParams, signal?: AbortSignal): Promise<CollUploadPage> {
  return collUploadPageSchema.parse(await apiClient.get<unknown>(`${BASE}/uploads?${query.toString()}`, { signal }));
}

export function downloadCollTemplate(type: CollUploadType, format: 'xlsx' | 'csv'): Promise<DownloadedFile> {
  return apiClient.download(`${BASE}/uploads/template?type=${encodeURIComponent(type)}&format=${format}`);
}

export function downloadCollErrors(uploadId: number): Promise<DownloadedFile> {
  return apiClient.download(`${BASE}/uploads/${uploadId}/errors`);
}

export async function fetchDownloads(query: URLSearchParams, signal?: AbortSignal): Promise<DownloadPage> {
  return downloadPageSchema.parse(await apiClient.get<unknown>(`${BASE}/downloads?${query.toString()}`, { signal }));
}

export function downloadGenerated(jobId: number): Promise<DownloadedFile> {
  return apiClient.download(`${BASE}/downloads/${jobId}/file`);
}
