import {
  valuationsReplySchema,
  type ValuationInput,
  type ValuationsReply,
} from '@recovery-desk/domain/secured-assets/valuations.ts';
import { apiClient } from '../../../lib/http-client.ts';

// The valuations of a repossession or SARFAESI case (the assetValuations widget), parsed by the shared contract.

export const valuationKeys = {
  ofCase: (caseId: number) => ['repo', 'valuations', caseId] as const,
};

const url = (caseId: number) => `/api/secured-assets/cases/${caseId}/valuations`;

export async function fetchValuations(caseId: number, signal?: AbortSignal): Promise<ValuationsReply> {
  return valuationsReplySchema.parse(await apiClient.get<unknown>(url(caseId), { signal }));
}

export async function addValuation(caseId: number, input: ValuationInput): Promise<ValuationsReply> {
  return valuationsReplySchema.parse(await apiClient.post<unknown>(url(caseId), input));
}

export async function changeValuation(caseId: number, id: number, input: ValuationInput): Promise<ValuationsReply> {
  return valuationsReplySchema.parse(await apiClient.request<unknown>('PUT', `${url(caseId)}/${id}`, { body: input }));
}

export async function removeValuation(caseId: number, id: number): Promise<ValuationsReply> {
  return valuationsReplySchema.parse(await apiClient.request<unknown>('DELETE', `${url(caseId)}/${id}`));
}
