import {
  allocationRuleFormReplySchema,
  allocationRuleSchema,
  allocationRulesReplySchema,
  type AllocationRule,
  type AllocationRuleFormReply,
  type AllocationRuleInput,
  type AllocationRulesReply,
  type AllocationRuleUpdate,
} from '@recovery-desk/domain/collections/allocation-rules.ts';
import { apiClient } from '../../lib/http-client.ts';

// The allocation rules' calls (packages/domain/src/collections/allocation-rules.ts), on the Day Start screen.

const URL = '/api/collections/allocation-rules';

export async function fetchAllocationRules(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AllocationRulesReply> {
  return allocationRulesReplySchema.parse(
    await apiClient.get<unknown>(`${URL}?page=${page}&pageSize=${pageSize}`, { signal }),
  );
}

export async function fetchAllocationRuleForm(signal?: AbortSignal): Promise<AllocationRuleFormReply> {
  return allocationRuleFormReplySchema.parse(await apiClient.get<unknown>(`${URL}/form`, { signal }));
}

export async function createAllocationRule(input: AllocationRuleInput): Promise<AllocationRule> {
  return allocationRuleSchema.parse(await apiClient.post<unknown>(URL, input));
}

export async function updateAllocationRule(id: number, input: AllocationRuleUpdate): Promise<AllocationRule> {
  return allocationRuleSchema.parse(await apiClient.request<unknown>('PUT', `${URL}/${id}`, { body: input }));
}

export async function deleteAllocationRule(id: number, version: number): Promise<void> {
  await apiClient.request<unknown>('DELETE', `${URL}/${id}?version=${version}`);
}
