import { yardInventorySchema, type YardInventory } from '@recovery-desk/domain/secured-assets/yards.ts';
import { apiClient } from '../../../lib/http-client.ts';

// The yard inventory of the repossession dashboard (GET /api/secured-assets/yard-inventory, DASH_REPO_SAUTH).

export const yardKeys = {
  inventory: (actingUnit: number | null) => ['repo', 'yard-inventory', actingUnit] as const,
};

export async function fetchYardInventory(signal?: AbortSignal): Promise<YardInventory> {
  return yardInventorySchema.parse(await apiClient.get<unknown>('/api/secured-assets/yard-inventory', { signal }));
}
