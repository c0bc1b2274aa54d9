import { approvalListPageSchema, type ApprovalListPage } from '@recovery-desk/domain/approvals/contracts.ts';
import {
  bomSnapshotSchema,
  cycleRefreshReplySchema,
  dayStartRunsReplySchema,
  type BomSnapshot,
  type CycleRefreshReply,
  type DayStartRunsReply,
} from '@recovery-desk/domain/collections/day-start.ts';
import { jobSchema, type Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { apiClient } from '../../lib/http-client.ts';

// The Day Start screen's calls (packages/domain/src/collections/day-start.ts) and the force completion flow's kit
// routes (/api/approvals/DAY_START_FORCE_COMPLETION/requests).

const FLOW = '/api/approvals/DAY_START_FORCE_COMPLETION/requests';

export async function fetchDayStartRuns(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<DayStartRunsReply> {
  return dayStartRunsReplySchema.parse(
    await apiClient.get<unknown>(`/api/collections/day-start/runs?page=${page}&pageSize=${pageSize}`, { signal }),
  );
}

export async function changeBusinessDate(businessDate: string): Promise<Job> {
  return jobSchema.parse(await apiClient.post<unknown>('/api/collections/day-start/business-date', { businessDate }));
}

export async function retryDayStartRun(id: number): Promise<Job> {
  return jobSchema.parse(await apiClient.post<unknown>(`/api/collections/day-start/runs/${id}/retry`, {}));
}

export async function requestForceCompletion(jobId: number, reason: string): Promise<void> {
  await apiClient.post<unknown>(FLOW, { subjectId: jobId, payload: { reason } });
}

export async function fetchPendingForceCompletions(signal?: AbortSignal): Promise<ApprovalListPage> {
  return approvalListPageSchema.parse(await apiClient.get<unknown>(`${FLOW}?tab=pending&view=team`, { signal }));
}

export async function decideForceCompletion(
  id: number,
  decision: 'approve' | 'reject',
  version: number,
): Promise<void> {
  await apiClient.post<unknown>(`${FLOW}/${id}/${decision}`, { version });
}

export async function refreshBom(): Promise<BomSnapshot> {
  return bomSnapshotSchema.parse(await apiClient.post<unknown>('/api/collections/day-start/bom-refresh', {}));
}

export async function refreshCycles(): Promise<CycleRefreshReply> {
  return cycleRefreshReplySchema.parse(await apiClient.post<unknown>('/api/collections/day-start/cycle-refresh', {}));
}
