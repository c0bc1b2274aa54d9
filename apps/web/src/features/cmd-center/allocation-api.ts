import {
  allocationAccountsReplySchema,
  allocationAssigneesReplySchema,
  allocationBatchDetailSchema,
  allocationBatchSchema,
  allocationBatchesReplySchema,
  allocationPlanReplySchema,
  type AllocationAccountsReply,
  type AllocationAssigneesReply,
  type AllocationBatch,
  type AllocationBatchDetail,
  type AllocationPlanReply,
} from '@recovery-desk/domain/command-center/allocation.ts';
import { commandCenterClient } from '../../lib/http-client.ts';

// Map-based allocation's calls (/api/cmd-center/allocation/…; docs/architecture.md "Command center: map-based
// allocation") through the command-center client.

export type AllocationFilters = {
  status: 'ALL' | 'UNALLOCATED' | 'ALLOCATED';
  pincode: string;
  bucket: string;
  product: string;
};
export type PlanBody = {
  accountIds: number[];
  assignees: ({ userId: number } | { agencyId: number })[];
  mode: 'PROXIMITY';
};

export const allocationKeys = {
  accounts: (filters: AllocationFilters) => ['cmd-center', 'allocation', 'accounts', filters] as const,
  assignees: () => ['cmd-center', 'allocation', 'assignees'] as const,
  batches: (page: number, status: string) => ['cmd-center', 'allocation', 'batches', page, status] as const,
  batch: (id: number, page: number, outcome: string) =>
    ['cmd-center', 'allocation', 'batch', id, page, outcome] as const,
};

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function fetchAllocationAccounts(
  filters: AllocationFilters,
  signal?: AbortSignal,
): Promise<AllocationAccountsReply> {
  return allocationAccountsReplySchema.parse(
    await commandCenterClient.get<unknown>(`/api/cmd-center/allocation/accounts${query({ ...filters, zoom: 12 })}`, {
      signal,
    }),
  );
}

export async function fetchAllocationAssignees(signal?: AbortSignal): Promise<AllocationAssigneesReply> {
  return allocationAssigneesReplySchema.parse(
    await commandCenterClient.get<unknown>('/api/cmd-center/allocation/assignees', { signal }),
  );
}

export async function previewAllocation(body: PlanBody): Promise<AllocationPlanReply> {
  return allocationPlanReplySchema.parse(
    await commandCenterClient.request<unknown>('POST', '/api/cmd-center/allocation/plan', { body }),
  );
}

export async function createAllocationBatch(body: PlanBody): Promise<AllocationBatch> {
  return allocationBatchSchema.parse(
    await commandCenterClient.request<unknown>('POST', '/api/cmd-center/allocation/batches', { body }),
  );
}

export async function fetchAllocationBatches(page: number, status: string, signal?: AbortSignal) {
  return allocationBatchesReplySchema.parse(
    await commandCenterClient.get<unknown>(`/api/cmd-center/allocation/batches${query({ page, status })}`, { signal }),
  );
}

export async function fetchAllocationBatch(
  id: number,
  page: number,
  outcome: string,
  signal?: AbortSignal,
): Promise<AllocationBatchDetail> {
  return allocationBatchDetailSchema.parse(
    await commandCenterClient.get<unknown>(`/api/cmd-center/allocation/batches/${id}${query({ page, outcome })}`, {
      signal,
    }),
  );
}

/** An amount in minor units (two decimals) as the decimal text the money formatter takes. */
export function minorToDecimal(minor: string): string {
  const value = BigInt(minor);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The dictionary key of a code under a prefix: ('CcAlReason', 'OUT_OF_CAPACITY') → CcAlReasonOutOfCapacity. */
export function codeKey(prefix: string, code: string): string {
  const words = code.split('_').map((word) => word.charAt(0) + word.slice(1).toLowerCase());
  return `${prefix}${words.join('')}`;
}
