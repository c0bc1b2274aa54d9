import {
  agenciesReplySchema,
  type AgenciesReply,
  type AgencyInput,
  type AgencyKind,
} from '@recovery-desk/domain/secured-assets/agencies.ts';
import { apiClient, type DownloadedFile } from '../../../lib/http-client.ts';

// The agencies register (the agencyPicker widget): the usable agencies of a kind, parsed by the shared contract.

export const agencyKeys = {
  usable: (kind: AgencyKind) => ['repo', 'agencies', kind, 'usable'] as const,
  register: (actingUnit: number | null, kind: AgencyKind | null) =>
    ['repo', 'agencies', 'register', actingUnit, kind] as const,
};

export async function fetchUsableAgencies(kind: AgencyKind, signal?: AbortSignal): Promise<AgenciesReply> {
  const query = new URLSearchParams({ kind, usable: 'true' });
  return agenciesReplySchema.parse(await apiClient.get<unknown>(`/api/secured-assets/agencies?${query}`, { signal }));
}

/** The register (Repossession Settings → Agencies): every agency serving the acting unit, of a kind or all. */
export async function fetchAgencies(kind: AgencyKind | null, signal?: AbortSignal): Promise<AgenciesReply> {
  const query = kind ? `?${new URLSearchParams({ kind })}` : '';
  return agenciesReplySchema.parse(await apiClient.get<unknown>(`/api/secured-assets/agencies${query}`, { signal }));
}

/** Add an agency (agencyId null) or change or deactivate one (REPO_SETTINGS_SAUTH): the reply is the register. */
export async function saveAgencyEntry(agencyId: number | null, input: AgencyInput): Promise<AgenciesReply> {
  const reply =
    agencyId === null
      ? await apiClient.post<unknown>('/api/secured-assets/agencies', input)
      : await apiClient.request<unknown>('PUT', `/api/secured-assets/agencies/${agencyId}`, { body: input });
  return agenciesReplySchema.parse(reply);
}

/** File the agency's authorisation letter (REPO_SETTINGS_SAUTH; PDF, PNG or JPEG): the reply is the register. */
export async function uploadAgencyLetter(agencyId: number, file: File): Promise<AgenciesReply> {
  const form = new FormData();
  form.set('file', file, file.name);
  return agenciesReplySchema.parse(
    await apiClient.postForm<unknown>(`/api/secured-assets/agencies/${agencyId}/letter`, form),
  );
}

export function downloadAgencyLetter(agencyId: number): Promise<DownloadedFile> {
  return apiClient.download(`/api/secured-assets/agencies/${agencyId}/letter`);
}
