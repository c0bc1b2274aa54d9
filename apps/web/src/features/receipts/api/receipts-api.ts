import {
  captureAccountSchema,
  receiptBooksReplySchema,
  receiptDetailSchema,
  receiptListPageSchema,
  receiptRowSchema,
  type CaptureAccount,
  type CaptureReceiptBody,
  type ReceiptBookRow,
  type ReceiptDetail,
  type ReceiptListPage,
  type ReceiptRow,
  type RequestCancellationBody,
} from '@recovery-desk/domain/receipts/contracts.ts';
import { apiClient, type DownloadedFile } from '../../../lib/http-client.ts';

// The receipts endpoints (apps/server/src/modules/receipts), typed and parsed by the shared contract.

const BASE = '/api/receipts';

/** The work lists and the viewer: each a server list route with its own authority. */
export const RECEIPT_LIST_PATHS = {
  viewer: BASE,
  verification: `${BASE}/verification`,
  cancellation: `${BASE}/cancellable`,
  cancelApproval: `${BASE}/cancel-requests`,
} as const;
export type ReceiptListKind = keyof typeof RECEIPT_LIST_PATHS;

export const receiptKeys = {
  all: () => ['receipts'] as const,
  list: (kind: ReceiptListKind, unit: number | null, query: string) => ['receipts', 'list', kind, unit, query] as const,
  detail: (id: number, unit: number | null) => ['receipts', 'detail', id, unit] as const,
  books: (unit: number | null) => ['receipts', 'books', unit] as const,
  account: (accountId: string, unit: number | null) => ['receipts', 'account', accountId, unit] as const,
  captureAccount: (accountNo: string, unit: number | null) => ['receipts', 'capture', accountNo, unit] as const,
};

export async function fetchReceipts(
  kind: ReceiptListKind,
  query: URLSearchParams,
  signal?: AbortSignal,
): Promise<ReceiptListPage> {
  const qs = query.toString();
  return receiptListPageSchema.parse(
    await apiClient.get<unknown>(`${RECEIPT_LIST_PATHS[kind]}${qs ? `?${qs}` : ''}`, { signal }),
  );
}

export async function fetchAccountReceipts(accountId: string, signal?: AbortSignal): Promise<ReceiptListPage> {
  return receiptListPageSchema.parse(await apiClient.get<unknown>(`${BASE}/accounts/${accountId}`, { signal }));
}

export async function fetchReceipt(id: number, signal?: AbortSignal): Promise<ReceiptDetail> {
  return receiptDetailSchema.parse(await apiClient.get<unknown>(`${BASE}/${id}`, { signal }));
}

export async function fetchReceiptBooks(signal?: AbortSignal): Promise<ReceiptBookRow[]> {
  return receiptBooksReplySchema.parse(await apiClient.get<unknown>(`${BASE}/books`, { signal })).books;
}

export async function fetchCaptureAccount(accountNo: string, signal?: AbortSignal): Promise<CaptureAccount> {
  const query = new URLSearchParams({ accountNo });
  return captureAccountSchema.parse(
    await apiClient.get<unknown>(`${BASE}/capture/account?${query.toString()}`, { signal }),
  );
}

/** POST with an Idempotency-Key: the form keeps one key per payment, so a retry never posts twice. */
export async function captureReceipt(body: CaptureReceiptBody, idempotencyKey: string): Promise<ReceiptRow> {
  return receiptRowSchema.parse(
    await apiClient.post<unknown>(BASE, body, { headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

export type ReceiptDecision =
  | {
      kind: 'verify' | 'reject' | 'cancellation/approve' | 'cancellation/reject';
      version: number;
      remarks?: string | undefined;
    }
  | ({ kind: 'cancellation' } & RequestCancellationBody);

export async function decideReceipt(id: number, decision: ReceiptDecision): Promise<ReceiptRow> {
  const { kind, ...body } = decision;
  return receiptRowSchema.parse(await apiClient.post<unknown>(`${BASE}/${id}/${kind}`, body));
}

export function exportReceipts(query: URLSearchParams, format: 'csv' | 'xlsx'): Promise<DownloadedFile> {
  const params = new URLSearchParams(query);
  params.delete('page');
  params.delete('pageSize');
  params.set('format', format);
  return apiClient.download(`${BASE}/export?${params.toString()}`);
}
