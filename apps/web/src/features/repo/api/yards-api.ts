import {
  yardInventorySchema,
  yardsReplySchema,
  type YardInput,
  type YardInventory,
  type YardsReply,
} from '@recovery-desk/domain/secured-assets/yards.ts';
import { userUnitsReplySchema, type UserUnitsReply } from '@recovery-desk/domain/users/contracts.ts';
import { apiClient } from '../../../lib/http-client.ts';

// The yard inventory of the repossession dashboard (GET /api/secured-assets/yard-inventory, DASH_REPO_SAUTH).

export const yardKeys = {
  inventory: (actingUnit: number | null) => ['repo', 'yard-inventory', actingUnit] as const,
};

export async function fetchYardInventory(signal?: AbortSignal): Promise<YardInventory> {
  return yardInventorySchema.parse(await apiClient.get<unknown>('/api/secured-assets/yard-inventory', { signal }));
}

// The yards register (Repossession Settings → Yards; the writes need REPO_SETTINGS_SAUTH). Read with yard-api.ts's
// fetchYards; the key starts with yard-api.ts's yardKeys.register(), so a change there refreshes the yard widget's list too.
export const yardRegisterKeys = {
  list: (actingUnit: number | null) => ['repo', 'yards', actingUnit] as const,
};

/** Add a yard (yardId null) or change or deactivate one: the reply is the register after the change. */
export async function saveYardEntry(yardId: number | null, input: YardInput): Promise<YardsReply> {
  const reply =
    yardId === null
      ? await apiClient.post<unknown>('/api/secured-assets/yards', input)
      : await apiClient.request<unknown>('PUT', `/api/secured-assets/yards/${yardId}`, { body: input });
  return yardsReplySchema.parse(reply);
}

// The units a yard or an agency may name (GET /api/secured-assets/register-units, REPO_SETTINGS_SAUTH).
export const registerUnitKeys = {
  list: (actingUnit: number | null) => ['repo', 'register-units', actingUnit] as const,
};

export async function fetchRegisterUnits(signal?: AbortSignal): Promise<UserUnitsReply> {
  return userUnitsReplySchema.parse(await apiClient.get<unknown>('/api/secured-assets/register-units', { signal }));
}
