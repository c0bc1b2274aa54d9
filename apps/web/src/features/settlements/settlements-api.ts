import type {
  SettlementAccount,
  SettlementDecision,
  SettlementDetail,
  SettlementInitiateInput,
  SettlementListReply,
  SettlementResubmitInput,
  SettlementScreen,
  SettlementTab,
} from '@recovery-desk/domain/settlements/contracts.ts';
import { apiClient, type DownloadedFile } from '../../lib/http-client.ts';

// The settlements API (apps/server/src/modules/settlements/settlements.routes.ts).

export const settlementKeys = {
  all: () => ['settlements'] as const,
  list: (
    unit: number | null,
    screen: SettlementScreen,
    tab: SettlementTab,
    page: number,
    pageSize: number,
    q: string,
  ) => [...settlementKeys.all(), 'list', unit, screen, tab, page, pageSize, q] as const,
  detail: (unit: number | null, screen: SettlementScreen, id: string) =>
    [...settlementKeys.all(), 'detail', unit, screen, id] as const,
  account: (unit: number | null, id: string) => [...settlementKeys.all(), 'account', unit, id] as const,
};

export function fetchSettlements(
  screen: SettlementScreen,
  query: { tab: SettlementTab; page: number; pageSize: number; q: string },
  signal?: AbortSignal,
): Promise<SettlementListReply> {
  const params = new URLSearchParams({ tab: query.tab, page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q) params.set('q', query.q);
  return apiClient.get(`/api/settlements/screens/${screen}?${params.toString()}`, { signal });
}

export function fetchSettlement(screen: SettlementScreen, id: string, signal?: AbortSignal): Promise<SettlementDetail> {
  return apiClient.get(`/api/settlements/screens/${screen}/${encodeURIComponent(id)}`, { signal });
}

export function fetchSettlementAccount(id: string, signal?: AbortSignal): Promise<SettlementAccount> {
  return apiClient.get(`/api/settlements/accounts/${encodeURIComponent(id)}`, { signal });
}

export function initiateSettlement(input: SettlementInitiateInput, idempotencyKey: string): Promise<SettlementDetail> {
  return apiClient.post('/api/settlements', input, { idempotencyKey });
}

export function resubmitSettlement(id: number, input: SettlementResubmitInput): Promise<SettlementDetail> {
  return apiClient.post(`/api/settlements/${id}/resubmit`, input);
}

export function decideSettlement(
  id: number,
  decision: SettlementDecision,
  input: { version: number; remarks?: string | undefined },
): Promise<SettlementDetail> {
  return apiClient.post(`/api/settlements/${id}/${decision}`, input);
}

export function downloadSettlementLetter(screen: SettlementScreen, id: number): Promise<DownloadedFile> {
  return apiClient.download(`/api/settlements/screens/${screen}/${id}/letter`);
}

export function lookupSettlementAccount(accountNo: string): Promise<{ accountId: number }> {
  return apiClient.get(`/api/settlements/account-lookup?accountNo=${encodeURIComponent(accountNo)}`);
}
