import {
  approvalListPageSchema,
  approvalRequestReplySchema,
  type ApprovalListPage,
  type ApprovalRequestReply,
} from '@recovery-desk/domain/approvals/contracts.ts';
import {
  activeMarksPageSchema,
  markLookupReplySchema,
  type ActiveMarksPage,
  type MarkLookupReply,
} from '@recovery-desk/domain/collections/account-marks.ts';
import { apiClient } from '../../lib/http-client.ts';

// Account marking: the reads of /api/account-marks and the approval kit's routes of the two flows.

export type MarkFlow = 'ACCOUNT_MARKING' | 'ACCOUNT_UNMARKING';

export const marksKeys = {
  all: () => ['account-marks'] as const,
  lookup: (unit: number | null, accountNo: string) => ['account-marks', 'lookup', unit, accountNo] as const,
  active: (unit: number | null, query: string) => ['account-marks', 'active', unit, query] as const,
  requests: (flow: MarkFlow, unit: number | null, query: string) =>
    ['account-marks', 'requests', flow, unit, query] as const,
};

const requests = (flow: MarkFlow) => `/api/approvals/${flow}/requests`;

export async function lookupAccount(accountNo: string, signal?: AbortSignal): Promise<MarkLookupReply> {
  const query = new URLSearchParams({ accountNo });
  return markLookupReplySchema.parse(await apiClient.get<unknown>(`/api/account-marks/lookup?${query}`, { signal }));
}

export async function fetchActiveMarks(query: URLSearchParams, signal?: AbortSignal): Promise<ActiveMarksPage> {
  return activeMarksPageSchema.parse(await apiClient.get<unknown>(`/api/account-marks/active?${query}`, { signal }));
}

export async function fetchMarkRequests(
  flow: MarkFlow,
  query: URLSearchParams,
  signal?: AbortSignal,
): Promise<ApprovalListPage> {
  return approvalListPageSchema.parse(await apiClient.get<unknown>(`${requests(flow)}?${query}`, { signal }));
}

export async function requestMarkChange(
  flow: MarkFlow,
  subjectId: number,
  payload: Record<string, unknown>,
): Promise<ApprovalRequestReply> {
  return approvalRequestReplySchema.parse(await apiClient.post<unknown>(requests(flow), { subjectId, payload }));
}

export async function decideMarkRequest(
  flow: MarkFlow,
  id: number,
  decision: string,
  body: { version: number; remarks?: string },
): Promise<ApprovalRequestReply> {
  return approvalRequestReplySchema.parse(await apiClient.post<unknown>(`${requests(flow)}/${id}/${decision}`, body));
}

export async function resubmitMarkRequest(
  flow: MarkFlow,
  id: number,
  version: number,
  payload: Record<string, unknown>,
): Promise<ApprovalRequestReply> {
  return approvalRequestReplySchema.parse(
    await apiClient.post<unknown>(`${requests(flow)}/${id}/resubmit`, { version, payload }),
  );
}
