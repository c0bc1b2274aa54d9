import { trayPageSchema } from '@recovery-desk/domain/collections/contracts.ts';
import {
  fiMatterRowSchema,
  initiateReplySchema,
  legalDashboardSchema,
  legalDocumentRowSchema,
  legalSettingsSchema,
  pagedReplySchema,
  poolAccountSchema,
  poolRowSchema,
  uploadReplySchema,
  uploadRowSchema,
  type LegalDashboard,
  type LegalSettings,
  type PoolAccount,
  type UPLOAD_KINDS,
} from '@recovery-desk/domain/legal/contracts.ts';
import type { z } from 'zod';
import { apiClient, type DownloadedFile } from '../../../lib/http-client.ts';

// The legal app's endpoints (packages/domain/src/legal/contracts.ts), typed and parsed by the shared contract, so a
// drift between server and web fails loudly here rather than as a blank screen.

const BASE = '/api/legal';

export type PoolRow = z.infer<typeof poolRowSchema>;
export type PoolPage = z.infer<typeof poolPageSchema>;
export type InitiateReply = z.infer<typeof initiateReplySchema>;
export type FiMatterRow = z.infer<typeof fiMatterRowSchema>;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export type UploadRow = z.infer<typeof uploadRowSchema>;
export type UploadReply = z.infer<typeof uploadReplySchema>;
export type LegalDocumentRow = z.infer<typeof legalDocumentRowSchema>;
export type Paged<Row> = { data: Row[]; count: number; page: number; pageSize: number };

const poolPageSchema = trayPageSchema(poolRowSchema);
const fiPageSchema = pagedReplySchema(fiMatterRowSchema);
const uploadsPageSchema = pagedReplySchema(uploadRowSchema);
const documentsPageSchema = pagedReplySchema(legalDocumentRowSchema);

export async function fetchLegalDashboard(signal?: AbortSignal): Promise<LegalDashboard> {
  return legalDashboardSchema.parse(await apiClient.get<unknown>(`${BASE}/dashboard`, { signal }));
}

export async function fetchPoolPage(query: URLSearchParams, signal?: AbortSignal): Promise<PoolPage> {
  return poolPageSchema.parse(await apiClient.get<unknown>(`${BASE}/pool?${query.toString()}`, { signal }));
}

export async function fetchPoolAccount(accountId: string, signal?: AbortSignal): Promise<PoolAccount> {
  const reply = await apiClient.get<unknown>(`${BASE}/pool/accounts/${encodeURIComponent(accountId)}`, { signal });
  return poolAccountSchema.parse(reply);
}

export type InitiateInput = { accountIds: number[]; caseType: string; remarks?: string };

export async function initiateLegalCases(input: InitiateInput): Promise<InitiateReply> {
  return initiateReplySchema.parse(await apiClient.post<unknown>(`${BASE}/pool/initiate`, input));
}

export function declinePoolAccounts(input: { accountIds: number[]; remarks: string }): Promise<unknown> {
  return apiClient.post<unknown>(`${BASE}/pool/decline`, input);
}

export async function fetchLegalSettings(signal?: AbortSignal): Promise<LegalSettings> {
  return legalSettingsSchema.parse(await apiClient.get<unknown>(`${BASE}/settings`, { signal }));
}

export type LegalSettingsInput = {
  version: number;
  poolRule?: LegalSettings['poolRule'];
  timelines?: LegalSettings['timelines'];
  templates?: LegalSettings['templates'];
};

/** PUT /settings; the reply is the saved settings when the server sends them, else null (the screen reloads). */
export async function saveLegalSettings(input: LegalSettingsInput): Promise<LegalSettings | null> {
  const reply = await apiClient.request<unknown>('PUT', `${BASE}/settings`, { body: input });
  const parsed = legalSettingsSchema.safeParse(reply);
  return parsed.success ? parsed.data : null;
}

export async function fetchFiMatters(query: URLSearchParams, signal?: AbortSignal): Promise<Paged<FiMatterRow>> {
  return fiPageSchema.parse(await apiClient.get<unknown>(`${BASE}/against-fi?${query.toString()}`, { signal }));
}

export type FiMatterInput = {
  petitionerName: string;
  accountNo?: string;
  forum: string;
  court?: string;
  caseNumber?: string;
  filedOn: string;
  claimAmount?: string;
  currency: 'INR' | 'USD';
  subject: string;
  nextHearingDate?: string;
  advocateName?: string;
};

/** POST /against-fi; the created matter when the reply carries it. */
export async function createFiMatter(input: FiMatterInput): Promise<FiMatterRow | null> {
  const parsed = fiMatterRowSchema.safeParse(await apiClient.post<unknown>(`${BASE}/against-fi`, input));
  return parsed.success ? parsed.data : null;
}

export type FiMatterUpdate = {
  version: number;
  nextHearingDate?: string | null;
  advocateName?: string;
  status?: 'OPEN' | 'DISPOSED';
  outcome?: string;
  remarks?: string;
};

export function updateFiMatter(matterId: number, input: FiMatterUpdate): Promise<unknown> {
  return apiClient.patch<unknown>(`${BASE}/against-fi/${matterId}`, input);
}

export async function uploadLegalFile(kind: UploadKind, file: File): Promise<UploadReply> {
  const form = new FormData();
  // Fields before the file: a streaming multipart parser sees them first.
  form.set('kind', kind);
  form.set('file', file, file.name);
  return uploadReplySchema.parse(await apiClient.postForm<unknown>(`${BASE}/uploads`, form));
}

export async function fetchUploads(query: URLSearchParams, signal?: AbortSignal): Promise<Paged<UploadRow>> {
  return uploadsPageSchema.parse(await apiClient.get<unknown>(`${BASE}/uploads?${query.toString()}`, { signal }));
}

export function downloadUploadErrors(uploadId: number): Promise<DownloadedFile> {
  return apiClient.download(`${BASE}/uploads/${uploadId}/errors`);
}

export function downloadUploadTemplate(kind: UploadKind): Promise<DownloadedFile> {
  return apiClient.download(`${BASE}/uploads/template?kind=${encodeURIComponent(kind)}`);
}

export async function fetchLegalDocuments(
  query: URLSearchParams,
  signal?: AbortSignal,
): Promise<Paged<LegalDocumentRow>> {
  return documentsPageSchema.parse(await apiClient.get<unknown>(`${BASE}/documents?${query.toString()}`, { signal }));
}

/** A case document's content (generic workflow endpoint). */
export function downloadCaseDocument(caseId: number, documentId: number): Promise<DownloadedFile> {
  return apiClient.download(`/api/workflow/cases/${caseId}/documents/${documentId}/content`);
}

/**
 * POST /api/legal/notices {caseIds} answers a PDF. The shared client downloads files with GET only, so this sends
 * its request through a client whose fetch turns that one GET into the POST (same auth, acting unit, CSRF and
 * refresh handling as every call).
 */
export function generateNotices(caseIds: number[]): Promise<DownloadedFile> {
  return apiClient.postDownload('/api/legal/notices', { caseIds });
}
