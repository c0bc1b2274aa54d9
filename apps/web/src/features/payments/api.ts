import {
  batchDetailSchema,
  batchPageSchema,
  candidatePageSchema,
  eftReceiptPageSchema,
  eftReceiptSchema,
  reconciliationReportSchema,
  statementPageSchema,
  undepositedPageSchema,
  upiPageSchema,
  upiRequestSchema,
  type BatchDetail,
  type BatchGenerateInput,
  type BatchPage,
  type BatchStatus,
  type EftCancelInput,
  type EftReceipt,
  type ReconciliationReport,
  type UpiCollectInput,
  type UpiPage,
  type UpiRequest,
} from '@recovery-desk/domain/payments/contracts.ts';
import type { z } from 'zod';
import { apiClient, type DownloadedFile } from '../../lib/http-client.ts';

// The payments endpoints (packages/domain/src/payments/contracts.ts), parsed by the shared contracts.

const BASE = '/api/payments';

/** The three batch screens read the same batches through the route of their own authority. */
export type BatchScreen = 'generation' | 'approval' | 'viewer';

export const paymentsKeys = {
  all: () => ['payments'] as const,
  upi: (unit: number | null, query: string) => ['payments', 'upi', unit, query] as const,
  batches: () => ['payments', 'batches'] as const,
  batchPage: (screen: BatchScreen, unit: number | null, query: string) =>
    ['payments', 'batches', screen, unit, query] as const,
  batch: (screen: BatchScreen, id: number) => ['payments', 'batches', screen, 'detail', id] as const,
  candidates: (unit: number | null, query: string) => ['payments', 'batches', 'candidates', unit, query] as const,
  undeposited: (unit: number | null, query: string) => ['payments', 'batches', 'undeposited', unit, query] as const,
  statements: (unit: number | null, query: string) => ['payments', 'statements', unit, query] as const,
  report: (id: number) => ['payments', 'statements', 'report', id] as const,
  eft: (unit: number | null, query: string) => ['payments', 'eft', unit, query] as const,
};

/** A fresh key per money post: a retry of the same click reuses it, a new click makes a new one. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

export async function fetchUpiPage(query: URLSearchParams, signal?: AbortSignal): Promise<UpiPage> {
  return upiPageSchema.parse(await apiClient.get<unknown>(`${BASE}/upi/requests?${query.toString()}`, { signal }));
}

export async function sendUpiCollect(input: UpiCollectInput, idempotencyKey: string): Promise<UpiRequest> {
  const reply = await apiClient.post<unknown>(`${BASE}/upi/requests`, input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return upiRequestSchema.parse(reply);
}

export async function sandboxPayerApprove(id: number): Promise<UpiRequest> {
  return upiRequestSchema.parse(await apiClient.post<unknown>(`${BASE}/upi/requests/${id}/sandbox-payer-approve`));
}

export async function fetchBatchPage(
  screen: BatchScreen,
  query: URLSearchParams,
  signal?: AbortSignal,
): Promise<BatchPage> {
  return batchPageSchema.parse(
    await apiClient.get<unknown>(`${BASE}/batches/${screen}?${query.toString()}`, { signal }),
  );
}

export async function fetchBatch(screen: BatchScreen, id: number, signal?: AbortSignal): Promise<BatchDetail> {
  return batchDetailSchema.parse(await apiClient.get<unknown>(`${BASE}/batches/${screen}/${id}`, { signal }));
}

export type CandidatePage = z.infer<typeof candidatePageSchema>;
export async function fetchCandidates(query: URLSearchParams, signal?: AbortSignal): Promise<CandidatePage> {
  return candidatePageSchema.parse(
    await apiClient.get<unknown>(`${BASE}/batches/candidates?${query.toString()}`, { signal }),
  );
}

export type UndepositedPage = z.infer<typeof undepositedPageSchema>;
export async function fetchUndeposited(query: URLSearchParams, signal?: AbortSignal): Promise<UndepositedPage> {
  return undepositedPageSchema.parse(
    await apiClient.get<unknown>(`${BASE}/batches/undeposited-cash?${query.toString()}`, { signal }),
  );
}

export async function generateBatch(input: BatchGenerateInput, idempotencyKey: string): Promise<BatchDetail> {
  const reply = await apiClient.post<unknown>(`${BASE}/batches`, input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return batchDetailSchema.parse(reply);
}

export async function decideBatch(
  id: number,
  decision: 'approve' | 'reject',
  input: { version: number; remarks?: string | undefined },
): Promise<BatchDetail> {
  return batchDetailSchema.parse(await apiClient.post<unknown>(`${BASE}/batches/${id}/${decision}`, input));
}

export type StatementPage = z.infer<typeof statementPageSchema>;
export async function fetchStatements(query: URLSearchParams, signal?: AbortSignal): Promise<StatementPage> {
  return statementPageSchema.parse(
    await apiClient.get<unknown>(`${BASE}/reconciliation/statements?${query.toString()}`, { signal }),
  );
}

export async function fetchReport(id: number, signal?: AbortSignal): Promise<ReconciliationReport> {
  return reconciliationReportSchema.parse(
    await apiClient.get<unknown>(`${BASE}/reconciliation/statements/${id}`, { signal }),
  );
}

export async function uploadStatement(file: File): Promise<ReconciliationReport> {
  const form = new FormData();
  form.append('file', file);
  return reconciliationReportSchema.parse(await apiClient.postForm<unknown>(`${BASE}/reconciliation/statements`, form));
}

export function downloadReport(id: number, format: 'csv' | 'xlsx'): Promise<DownloadedFile> {
  return apiClient.download(`${BASE}/reconciliation/statements/${id}/export?format=${format}`);
}

export function downloadDemoStatement(): Promise<DownloadedFile> {
  return apiClient.download(`${BASE}/reconciliation/demo-statement`);
}

export type EftPage = z.infer<typeof eftReceiptPageSchema>;
export async function fetchEftReceipts(query: URLSearchParams, signal?: AbortSignal): Promise<EftPage> {
  return eftReceiptPageSchema.parse(
    await apiClient.get<unknown>(`${BASE}/eft-receipts?${query.toString()}`, { signal }),
  );
}

export async function cancelEftReceipt(id: number, input: EftCancelInput): Promise<EftReceipt> {
  return eftReceiptSchema.parse(await apiClient.post<unknown>(`${BASE}/eft-receipts/${id}/cancel`, input));
}

export type { BatchStatus };
