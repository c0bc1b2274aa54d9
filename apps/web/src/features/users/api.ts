import {
  approvalListPageSchema,
  approvalRequestReplySchema,
  type ApprovalListPage,
  type ApprovalRequestReply,
} from '@recovery-desk/domain/approvals/contracts.ts';
import {
  collectionsSettingsReplySchema,
  type CollectionsSettingsReply,
  type CollectionsSettingsUpdate,
} from '@recovery-desk/domain/collections/settings.ts';
import {
  userListPageSchema,
  userReplySchema,
  userUnitsReplySchema,
  type UserChangeRequest,
  type UserChangeResubmit,
  type UserListPage,
  type UserReply,
  type UserUnitsReply,
} from '@recovery-desk/domain/users/contracts.ts';
import { apiClient } from '../../lib/http-client.ts';

// User Approval and collections settings: the users module's routes and the approval kit's lists of USER_CHANGE.

export const usersKeys = {
  all: () => ['users'] as const,
  list: (unit: number | null, query: string) => ['users', 'list', unit, query] as const,
  user: (unit: number | null, id: number) => ['users', 'user', unit, id] as const,
  units: (unit: number | null) => ['users', 'units', unit] as const,
  requests: (unit: number | null, query: string) => ['users', 'requests', unit, query] as const,
  settings: (unit: number | null) => ['collections-settings', unit] as const,
};

export async function fetchUsers(query: URLSearchParams, signal?: AbortSignal): Promise<UserListPage> {
  return userListPageSchema.parse(await apiClient.get<unknown>(`/api/users?${query}`, { signal }));
}

export async function fetchUser(id: number, signal?: AbortSignal): Promise<UserReply> {
  return userReplySchema.parse(await apiClient.get<unknown>(`/api/users/${id}`, { signal }));
}

export async function fetchUserUnits(signal?: AbortSignal): Promise<UserUnitsReply> {
  return userUnitsReplySchema.parse(await apiClient.get<unknown>('/api/users/units', { signal }));
}

export async function fetchUserRequests(query: URLSearchParams, signal?: AbortSignal): Promise<ApprovalListPage> {
  return approvalListPageSchema.parse(
    await apiClient.get<unknown>(`/api/approvals/USER_CHANGE/requests?${query}`, { signal }),
  );
}

export async function requestUserChange(body: UserChangeRequest): Promise<ApprovalRequestReply> {
  return approvalRequestReplySchema.parse(await apiClient.post<unknown>('/api/users/requests', body));
}

export async function decideUserChange(
  id: number,
  decision: 'approve' | 'reject' | 'pushback',
  body: { version: number; remarks?: string },
): Promise<ApprovalRequestReply> {
  return approvalRequestReplySchema.parse(await apiClient.post<unknown>(`/api/users/requests/${id}/${decision}`, body));
}

/** The maker's answer to a pushback: the edited change, with the request's version read. */
export async function resubmitUserChange(id: number, body: UserChangeResubmit): Promise<ApprovalRequestReply> {
  return approvalRequestReplySchema.parse(await apiClient.post<unknown>(`/api/users/requests/${id}/resubmit`, body));
}

/** The maker withdraws a pushed-back request: it ends without a decision. */
export async function withdrawUserChange(
  id: number,
  body: { version: number; remarks?: string },
): Promise<ApprovalRequestReply> {
  return approvalRequestReplySchema.parse(await apiClient.post<unknown>(`/api/users/requests/${id}/withdraw`, body));
}

export async function fetchCollectionsSettings(signal?: AbortSignal): Promise<CollectionsSettingsReply> {
  return collectionsSettingsReplySchema.parse(await apiClient.get<unknown>('/api/collections/settings', { signal }));
}

export async function saveCollectionsSettings(body: CollectionsSettingsUpdate): Promise<CollectionsSettingsReply> {
  return collectionsSettingsReplySchema.parse(await apiClient.patch<unknown>('/api/collections/settings', body));
}
