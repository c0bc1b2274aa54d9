import {
  agenciesReplySchema,
  type AgenciesReply,
  type AgencyKind,
} from '@recovery-desk/domain/secured-assets/agencies.ts';
import { apiClient } from '../../../lib/http-client.ts';

// The agencies register (the agencyPicker widget): the usable agencies of a kind, parsed by the shared contract.

export const agencyKeys = {
  usable: (kind: AgencyKind) => ['repo', 'agencies', kind, 'usable'] as const,
};

export async function fetchUsableAgencies(kind: AgencyKind, signal?: AbortSignal): Promise<AgenciesReply> {
  const query = new URLSearchParams({ kind, usable: 'true' });
  return agenciesReplySchema.parse(await apiClient.get<unknown>(`/api/secured-assets/agencies?${query}`, { signal }));
}
