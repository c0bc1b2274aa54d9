import {
  accountRowSchema,
  accountViewSchema,
  assigneesReplySchema,
  escalationRowSchema,
  ptpRowSchema,
  reallocationRequestRowSchema,
  trayPageSchema,
  type AccountRow,
  type AccountView,
  type EscalationRow,
  type FollowUpInput,
  type PtpRow,
  type ReallocationRequestRow,
} from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayDefinition, TrayKey, TrayRowKind } from '@recovery-desk/domain/collections/trays.ts';
import { apiClient, type DownloadedFile } from '../../../lib/http-client.ts';
import { parseFileOrJob, type FileOrQueuedJob } from '../../../lib/jobs-api.ts';

// The collections endpoints of issue 3 (apps/server/src/modules/collections), typed by the shared contract.
// Replies are parsed with the contract's schemas, so a drift between server and web fails loudly here.

const BASE = '/api/collections';

export type TrayRow =
  | { kind: 'account'; row: AccountRow }
  | { kind: 'ptp'; row: PtpRow }
  | { kind: 'escalation'; row: EscalationRow }
  | { kind: 'reallocationRequest'; row: ReallocationRequestRow };

export type TrayPage = {
  rows: TrayRow[];
  count: number;
  pageSize: number;
  nextCursor: string | null;
  prevCursor: string | null;
};

const pageSchemas = {
  account: trayPageSchema(accountRowSchema),
  ptp: trayPageSchema(ptpRowSchema),
  escalation: trayPageSchema(escalationRowSchema),
  reallocationRequest: trayPageSchema(reallocationRequestRowSchema),
} as const;

function parsePage(kind: TrayRowKind, reply: unknown): TrayPage {
  const base = (page: { count: number; pageSize: number; nextCursor: string | null; prevCursor: string | null }) => ({
    count: page.count,
    pageSize: page.pageSize,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  });
  switch (kind) {
    case 'account': {
      const page = pageSchemas.account.parse(reply);
      return { ...base(page), rows: page.data.map((row) => ({ kind, row })) };
    }
    case 'ptp': {
      const page = pageSchemas.ptp.parse(reply);
      return { ...base(page), rows: page.data.map((row) => ({ kind, row })) };
    }
    case 'escalation': {
      const page = pageSchemas.escalation.parse(reply);
      return { ...base(page), rows: page.data.map((row) => ({ kind, row })) };
    }
    case 'reallocationRequest': {
      const page = pageSchemas.reallocationRequest.parse(reply);
      return { ...base(page), rows: page.data.map((row) => ({ kind, row })) };
    }
  }
}

export async function fetchTrayPage(
  tray: TrayDefinition,
  query: URLSearchParams,
  signal?: AbortSignal,
): Promise<TrayPage> {
  const reply = await apiClient.get<unknown>(`${BASE}/trays/${tray.key}?${query.toString()}`, { signal });
  return parsePage(tray.rowKind, reply);
}

/** The export file, or (a large view) the background job that writes it. */
export async function exportTray(
  trayKey: TrayKey,
  format: 'csv' | 'xlsx',
  query: URLSearchParams,
): Promise<FileOrQueuedJob> {
  const params = new URLSearchParams(query);
  params.set('format', format);
  return parseFileOrJob(await apiClient.downloadOrJob(`${BASE}/trays/${trayKey}/export?${params.toString()}`));
}

// The account view: the contract plus the spec §3 Document and Cheque lists when the server sends them.
export type AccountDocument = {
  id: number;
  fileName: string;
  documentName: string;
  category: string;
  remark: string | null;
};
export type AccountCheque = {
  chequeNo: string;
  chequeDate: string;
  amount: string;
  bounceDate: string | null;
  claimedAmount: string | null;
};
export type AccountViewData = AccountView & { documents: AccountDocument[] | null; cheques: AccountCheque[] | null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function optionalList<T>(reply: unknown, key: string, isItem: (item: unknown) => item is T): T[] | null {
  if (!isRecord(reply) || !Array.isArray(reply[key])) return null;
  return (reply[key] as unknown[]).filter(isItem);
}

function isDocument(item: unknown): item is AccountDocument {
  return isRecord(item) && typeof item.id === 'number' && typeof item.documentName === 'string';
}

function isCheque(item: unknown): item is AccountCheque {
  return isRecord(item) && typeof item.chequeNo === 'string' && typeof item.amount === 'string';
}

export async function fetchAccountView(
  accountId: string,
  trayKey: TrayKey,
  signal?: AbortSignal,
): Promise<AccountViewData> {
  const reply = await apiClient.get<unknown>(
    `${BASE}/accounts/${encodeURIComponent(accountId)}?tray=${encodeURIComponent(trayKey)}`,
    { signal },
  );
  return {
    ...accountViewSchema.parse(reply),
    documents: optionalList(reply, 'documents', isDocument),
    cheques: optionalList(reply, 'cheques', isCheque),
  };
}

export type RecordFollowUpReply = {
  followUp: { id: number };
  ptp?: { ptpId?: number; deviationStatus?: string; deviationReasons?: string[] } | null;
};

export function recordFollowUp(accountId: number, trayKey: TrayKey, input: FollowUpInput) {
  return apiClient.post<RecordFollowUpReply>(`${BASE}/accounts/${accountId}/follow-ups?tray=${trayKey}`, input);
}

export type ContactUpdate = {
  version: number;
  phone?: string;
  email?: string;
  mode?: 'CALL' | 'SMS' | 'WHATSAPP' | 'EMAIL';
  isValid?: boolean;
  invalidReason?: string;
};

export function updateContact(accountId: number, contactId: number, trayKey: TrayKey, input: ContactUpdate) {
  return apiClient.patch<unknown>(`${BASE}/accounts/${accountId}/contacts/${contactId}?tray=${trayKey}`, input);
}

export type AddressUpdate = {
  version: number;
  line1?: string;
  line2?: string;
  line3?: string;
  landmark?: string;
  city?: string;
  state?: string;
  pinCode?: string;
};

export function updateAddress(accountId: number, addressId: number, trayKey: TrayKey, input: AddressUpdate) {
  return apiClient.patch<unknown>(`${BASE}/accounts/${accountId}/addresses/${addressId}?tray=${trayKey}`, input);
}

export type Assignee = { toUserId: number } | { toAgencyId: number };

export function allocateAccounts(input: { accountIds: number[]; reason?: string } & Assignee) {
  return apiClient.post<unknown>(`${BASE}/allocations`, input);
}

export type ReallocationRequestReply = {
  requestId?: number;
  id?: number;
  request?: { requestId?: number; id?: number };
};

export function requestReallocation(input: { accountIds: number[]; reason: string } & Assignee) {
  return apiClient.post<ReallocationRequestReply>(`${BASE}/reallocation-requests`, input);
}

export type Decision = 'approve' | 'reject';
export type DecisionInput = { version: number; remarks?: string };

export function decideReallocationRequest(id: number, decision: Decision, input: DecisionInput) {
  return apiClient.post<unknown>(`${BASE}/reallocation-requests/${id}/${decision}`, input);
}

export function decideEscalation(id: number, decision: Decision, input: DecisionInput) {
  return apiClient.post<unknown>(`${BASE}/escalations/${id}/${decision}`, input);
}

export function reallocateEscalation(id: number, input: { version: number; remarks?: string } & Assignee) {
  return apiClient.post<unknown>(`${BASE}/escalations/${id}/reallocate`, input);
}

export function decidePtp(id: number, decision: Decision, input: DecisionInput) {
  return apiClient.post<unknown>(`${BASE}/ptps/${id}/${decision}`, input);
}

export function referPtp(id: number, input: { version: number; toUserId: number }) {
  return apiClient.post<unknown>(`${BASE}/ptps/${id}/refer`, input);
}

export type RestrictionKind = 'holds' | 'suppressions';

export function recordRestriction(
  accountId: number,
  kind: RestrictionKind,
  input: { action: 'START' | 'END'; reason: string; remarks?: string; expiresOn?: string },
) {
  return apiClient.post<unknown>(`${BASE}/accounts/${accountId}/${kind}`, input);
}

export type Assignees = ReturnType<typeof assigneesReplySchema.parse>;

/** Who a tray's dialog may offer for these accounts: only assignees who work every one of them. */
export async function fetchAssignees(
  trayKey: TrayKey,
  accountIds: readonly number[],
  signal?: AbortSignal,
): Promise<Assignees> {
  const ids = accountIds.length > 0 ? `&accountIds=${[...accountIds].sort((a, b) => a - b).join(',')}` : '';
  const reply = await apiClient.get<unknown>(`${BASE}/assignees?for=${trayKey}${ids}`, { signal });
  return assigneesReplySchema.parse(reply);
}

export type DispositionOption = {
  code: string;
  label: string;
  contactKind: string;
  nextStep: string;
  requiresAmount: boolean;
  requiresNextActionDate: boolean;
};

function isDisposition(item: unknown): item is DispositionOption {
  return (
    isRecord(item) &&
    typeof item.code === 'string' &&
    typeof item.label === 'string' &&
    typeof item.requiresAmount === 'boolean' &&
    typeof item.requiresNextActionDate === 'boolean'
  );
}

export async function fetchDispositions(signal?: AbortSignal): Promise<DispositionOption[]> {
  const reply = await apiClient.get<unknown>(`${BASE}/dispositions`, { signal });
  const data = isRecord(reply) && Array.isArray(reply.data) ? (reply.data as unknown[]) : [];
  return data.filter(isDisposition);
}

export function uploadDocument(
  accountId: number,
  trayKey: TrayKey,
  input: { file: File; documentName: string; category: string; remark: string },
) {
  const form = new FormData();
  form.set('documentName', input.documentName);
  form.set('category', input.category);
  form.set('remark', input.remark);
  // Fields before the file: a streaming multipart parser sees them first.
  form.set('file', input.file, input.file.name);
  return apiClient.postForm<unknown>(`${BASE}/accounts/${accountId}/documents?tray=${trayKey}`, form);
}

export function downloadDocument(accountId: number, documentId: number, trayKey: TrayKey): Promise<DownloadedFile> {
  return apiClient.download(`${BASE}/accounts/${accountId}/documents/${documentId}?tray=${trayKey}`);
}
