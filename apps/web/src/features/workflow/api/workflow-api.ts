import {
  caseViewSchema,
  definitionReplySchema,
  openCaseReplySchema,
  stageTrayPageSchema,
  type ActionInput,
  type CaseView,
  type FieldsInput,
  type OpenCaseReply,
  type StageTrayPage,
} from '@recovery-desk/domain/workflow/contracts.ts';
import { workflowDefinitionSchema, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { apiClient, type DownloadedFile } from '../../../lib/http-client.ts';

// The workflow engine's endpoints (packages/domain/src/workflow/contracts.ts). Replies are parsed with the shared schemas, so a drift between server and web fails loudly here.

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

export function exportStageTray(
  definitionCode: string,
  stageCode: string,
  format: 'csv' | 'xlsx',
  query: URLSearchParams,
): Promise<DownloadedFile> {
  const params = new URLSearchParams(query);
  params.set('format', format);
  return apiClient.download(
    `${BASE}/${encodeURIComponent(definitionCode)}/stages/${encodeURIComponent(stageCode)}/cases/export?${params.toString()}`,
  );
}

export async function fetchCaseView(caseId: number | string, signal?: AbortSignal): Promise<CaseView> {
  const reply = await apiClient.get<unknown>(`${BASE}/cases/${encodeURIComponent(String(caseId))}`, { signal });
  return caseViewSchema.parse(reply);
}

/** A detail route that names an account (e.g. Initiate Legal): the account's open case of the workflow. */
export async function fetchOpenCaseOfAccount(
  definitionCode: string,
  accountId: string,
  signal?: AbortSignal,
): Promise<OpenCaseReply> {
  const reply = await apiClient.get<unknown>(
    `${BASE}/${encodeURIComponent(definitionCode)}/accounts/${encodeURIComponent(accountId)}/open-case`,
    { signal },
  );
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
