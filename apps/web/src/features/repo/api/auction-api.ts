import {
  auctionBatchDetailSchema,
  auctionBatchListSchema,
  bidsReplySchema,
  type AuctionBatch,
  type AuctionBatchDetail,
  type AuctionBatchInput,
  type BidInput,
  type BidsReply,
} from '@recovery-desk/domain/secured-assets/auction.ts';
import { apiClient } from '../../../lib/http-client.ts';

// The auction bids of a repossession or SARFAESI case (/api/secured-assets/cases/:caseId/bids), parsed by the shared
// contract. Amounts travel as exact decimal strings.

const base = (caseId: number) => `/api/secured-assets/cases/${caseId}/bids`;

export const auctionKeys = {
  bids: (caseId: number, actingUnit: number | null) => ['repo', 'auction-bids', caseId, actingUnit] as const,
};

export async function fetchBids(caseId: number, signal?: AbortSignal): Promise<BidsReply> {
  return bidsReplySchema.parse(await apiClient.get<unknown>(base(caseId), { signal }));
}

export async function addBid(caseId: number, input: BidInput): Promise<BidsReply> {
  return bidsReplySchema.parse(await apiClient.post<unknown>(base(caseId), input));
}

export async function editBid(caseId: number, bidId: number, input: BidInput): Promise<BidsReply> {
  return bidsReplySchema.parse(await apiClient.request<unknown>('PUT', `${base(caseId)}/${bidId}`, { body: input }));
}

export async function withdrawBid(caseId: number, bidId: number): Promise<BidsReply> {
  return bidsReplySchema.parse(await apiClient.post<unknown>(`${base(caseId)}/${bidId}/withdraw`, {}));
}

// Auction batches (/api/secured-assets/auction-batches, AUC_BATCH_GEN_SAUTH).

export type BatchTab = 'open' | 'published' | 'completed';

export const batchKeys = {
  all: () => ['repo', 'auction-batches'] as const,
  list: (tab: BatchTab, actingUnit: number | null) => ['repo', 'auction-batches', 'list', tab, actingUnit] as const,
  detail: (batchId: number, actingUnit: number | null) =>
    ['repo', 'auction-batches', 'detail', batchId, actingUnit] as const,
  ofCase: (caseId: number, actingUnit: number | null) =>
    ['repo', 'auction-batches', 'case', caseId, actingUnit] as const,
};

const BATCHES = '/api/secured-assets/auction-batches';

export async function fetchBatches(tab: BatchTab, signal?: AbortSignal): Promise<AuctionBatch[]> {
  return auctionBatchListSchema.parse(await apiClient.get<unknown>(`${BATCHES}?tab=${tab}`, { signal })).data;
}

export async function fetchBatch(batchId: number, signal?: AbortSignal): Promise<AuctionBatchDetail> {
  return auctionBatchDetailSchema.parse(await apiClient.get<unknown>(`${BATCHES}/${batchId}`, { signal }));
}

export async function fetchBatchOfCase(caseId: string, signal?: AbortSignal): Promise<AuctionBatchDetail> {
  const path = `/api/secured-assets/cases/${encodeURIComponent(caseId)}/auction-batch`;
  return auctionBatchDetailSchema.parse(await apiClient.get<unknown>(path, { signal }));
}

export async function createBatch(input: AuctionBatchInput): Promise<AuctionBatchDetail> {
  return auctionBatchDetailSchema.parse(await apiClient.post<unknown>(BATCHES, input));
}

export async function addLots(batchId: number, caseIds: number[]): Promise<AuctionBatchDetail> {
  return auctionBatchDetailSchema.parse(await apiClient.post<unknown>(`${BATCHES}/${batchId}/lots`, { caseIds }));
}

export async function moveBatch(batchId: number, step: 'publish' | 'complete'): Promise<AuctionBatchDetail> {
  return auctionBatchDetailSchema.parse(await apiClient.post<unknown>(`${BATCHES}/${batchId}/${step}`, {}));
}
