import { openCaseReplySchema } from '@recovery-desk/domain/legal/contracts.ts';
import {
  caseViewSchema,
  definitionReplySchema,
  stageTrayPageSchema,
  type ActionInput,
  type CaseView,
  type FieldsInput,
  type StageTrayPage,
} from '@recovery-desk/domain/workflow/contracts.ts';
import { workflowDefinitionSchema, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { apiClient, type DownloadedFile } from '../../../lib/http-client.ts';
import { parseFileOrJob, type FileOrQueuedJob } from '../../../lib/jobs-api.ts';

// The workflow engine's endpoints (packages/domain/src/workflow/contracts.ts) and the two legal ones the case
// screens use. Replies are parsed with the shared schemas, so a drift between server and web fails loudly here.

const BASE = '/api/workflow';

export async function fetchStageTray(
  definitionCode: string,
  stageCode: string,
  query: URLSearchParams,
  signal?: AbortSignal,
): Promise<StageTrayPage> {
  const reply = await apiClient.get<unknown>(
    `${BASE}/${encodeURIComponent(definitionCode)}/stages/${encodeURIComponent(stageCode)}/cases?${query.toString()}`,
    { signal },
  );
  return stageTrayPageSchema.parse(reply);
}

/** The export file, or (a large view) the background job that writes it. */
export async function exportStageTray(
  definitionCode: string,
  stageCode: string,
  format: 'csv' | 'xlsx',
  query: URLSearchParams,
): Promise<FileOrQueuedJob> {
  const params = new URLSearchParams(query);
  params.set('format', format);
  return parseFileOrJob(
    await apiClient.downloadOrJob(
      `${BASE}/${encodeURIComponent(definitionCode)}/stages/${encodeURIComponent(stageCode)}/cases/export?${params.toString()}`,
    ),
  );
}

export async function fetchCaseView(caseId: number | string, signal?: AbortSignal): Promise<CaseView> {
  const reply = await apiClient.get<unknown>(`${BASE}/cases/${encodeURIComponent(String(caseId))}`, { signal });
  return caseViewSchema.parse(reply);
}

/** The Initiate Legal detail route names an account: its open legal case. */
export async function fetchLegalCaseOfAccount(accountId: string, signal?: AbortSignal) {
  const reply = await apiClient.get<unknown>(`/api/legal/accounts/${encodeURIComponent(accountId)}/case`, { signal });
  return openCaseReplySchema.parse(reply);
}

export async function fetchDefinition(
  code: string,
  version: number,
  signal?: AbortSignal,
): Promise<WorkflowDefinition> {
  const reply = definitionReplySchema.parse(
    await apiClient.get<unknown>(`${BASE}/definitions/${encodeURIComponent(code)}/${version}`, { signal }),
  );
  return workflowDefinitionSchema.parse(reply.definition);
}

export async function applyCaseAction(caseId: number, input: ActionInput): Promise<CaseView> {
  return caseViewSchema.parse(await apiClient.post<unknown>(`${BASE}/cases/${caseId}/actions`, input));
}

export async function saveCaseFields(caseId: number, input: FieldsInput): Promise<CaseView> {
  return caseViewSchema.parse(await apiClient.post<unknown>(`${BASE}/cases/${caseId}/fields`, input));
}

export type CaseUpload = { file: File; code: string; documentName: string; remark: string };

export function uploadCaseDocument(caseId: number, upload: CaseUpload): Promise<unknown> {
  const form = new FormData();
  form.set('code', upload.code);
  if (upload.documentName !== '') form.set('documentName', upload.documentName);
  if (upload.remark !== '') form.set('remark', upload.remark);
  // The file goes last: a streaming multipart parser sees the other fields first.
  form.set('file', upload.file, upload.file.name);
  return apiClient.postForm<unknown>(`${BASE}/cases/${caseId}/documents`, form);
}

export function downloadCaseDocument(caseId: number, documentId: number): Promise<DownloadedFile> {
  return apiClient.download(`${BASE}/cases/${caseId}/documents/${documentId}/content`);
}

/**
 * POST /api/legal/notices {caseIds} answers a PDF, or for many cases (more than the server's NOTICE_SYNC_MAX_CASES)
 * 202 with the background job whose result is the PDF.
 */
export async function generateNotices(caseIds: number[]): Promise<FileOrQueuedJob> {
  return parseFileOrJob(await apiClient.postDownloadOrJob('/api/legal/notices', { caseIds }));
}
