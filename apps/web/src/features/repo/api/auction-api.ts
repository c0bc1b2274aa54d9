import { bidsReplySchema, type BidInput, type BidsReply } from '@recovery-desk/domain/secured-assets/auction.ts';
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
