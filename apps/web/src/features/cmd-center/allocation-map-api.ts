import {
  allocationMapReplySchema,
  type AllocationMapReply,
} from '@recovery-desk/domain/command-center/allocation-map.ts';
import { commandCenterClient } from '../../lib/http-client.ts';

// The collections Allocation Map's call (GET /api/cmd-center/allocation-map) through the command-center client.

export type AllocationMapFilters = { from: string; to: string; collectorId: number | null; bucket: string | null };

export const allocationMapKeys = {
  map: (filters: AllocationMapFilters) => ['cmd-center', 'allocation-map', filters] as const,
};

export async function fetchAllocationMap(
  filters: AllocationMapFilters,
  signal?: AbortSignal,
): Promise<AllocationMapReply> {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.collectorId) params.set('collectorId', String(filters.collectorId));
  if (filters.bucket) params.set('bucket', filters.bucket);
  return allocationMapReplySchema.parse(
    await commandCenterClient.get<unknown>(`/api/cmd-center/allocation-map?${params.toString()}`, { signal }),
  );
}
