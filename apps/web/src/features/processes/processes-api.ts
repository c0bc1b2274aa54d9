import { jobSchema, type Job } from '@recovery-desk/domain/jobs/contracts.ts';
import {
  processesReplySchema,
  processRunsReplySchema,
  processSchema,
  type Process,
  type ProcessesReply,
  type ProcessRunsReply,
  type ScheduleInput,
} from '@recovery-desk/domain/processes/contracts.ts';
import { apiClient } from '../../lib/http-client.ts';

// The Schedule Process screen's calls (packages/domain/src/processes/contracts.ts).

export async function fetchProcesses(signal?: AbortSignal): Promise<ProcessesReply> {
  return processesReplySchema.parse(await apiClient.get<unknown>('/api/processes', { signal }));
}

export async function fetchProcessRuns(
  code: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ProcessRunsReply> {
  return processRunsReplySchema.parse(
    await apiClient.get<unknown>(`/api/processes/${encodeURIComponent(code)}/runs?page=${page}&pageSize=${pageSize}`, {
      signal,
    }),
  );
}

export async function saveSchedule(code: string, input: ScheduleInput): Promise<Process> {
  return processSchema.parse(
    await apiClient.request<unknown>('PUT', `/api/processes/${encodeURIComponent(code)}/schedule`, { body: input }),
  );
}

export async function runProcessNow(code: string): Promise<Job> {
  return jobSchema.parse(await apiClient.post<unknown>(`/api/processes/${encodeURIComponent(code)}/run`, {}));
}
