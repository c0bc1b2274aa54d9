import {
  caseYardReplySchema,
  yardsReplySchema,
  type CaseYardReply,
  type YardInInput,
  type YardOutInput,
  type YardsReply,
} from '@recovery-desk/domain/secured-assets/yards.ts';
import { apiClient } from '../../../lib/http-client.ts';

// A case's yard stays (the yard widget) and the yards the acting unit may use, parsed by the shared contract.

export const yardKeys = {
  ofCase: (caseId: number) => ['repo', 'yard', caseId] as const,
  register: () => ['repo', 'yards'] as const,
};

const url = (caseId: number) => `/api/secured-assets/cases/${caseId}`;

export async function fetchCaseYard(caseId: number, signal?: AbortSignal): Promise<CaseYardReply> {
  return caseYardReplySchema.parse(await apiClient.get<unknown>(`${url(caseId)}/yard`, { signal }));
}

export async function fetchYards(signal?: AbortSignal): Promise<YardsReply> {
  return yardsReplySchema.parse(await apiClient.get<unknown>('/api/secured-assets/yards', { signal }));
}

export async function yardIn(caseId: number, input: YardInInput): Promise<CaseYardReply> {
  return caseYardReplySchema.parse(await apiClient.post<unknown>(`${url(caseId)}/yard-in`, input));
}

export async function yardOut(caseId: number, input: YardOutInput): Promise<CaseYardReply> {
  return caseYardReplySchema.parse(await apiClient.post<unknown>(`${url(caseId)}/yard-out`, input));
}
