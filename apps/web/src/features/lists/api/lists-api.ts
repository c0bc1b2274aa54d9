import {
  accountSearchReplySchema,
  collectionsDashboardSchema,
  menuCountsReplySchema,
  savedViewListSchema,
  savedViewSchema,
  type AccountSearchReply,
  type CollectionsDashboard,
  type MenuCountsReply,
  type SavedView,
  type SavedViewInput,
} from '@recovery-desk/domain/lists/contracts.ts';
import { apiClient } from '../../../lib/http-client.ts';

export async function fetchSavedViews(listKey: string, signal?: AbortSignal): Promise<SavedView[]> {
  const reply = await apiClient.get<unknown>(`/api/lists/views?listKey=${encodeURIComponent(listKey)}`, { signal });
  return savedViewListSchema.parse(reply).views;
}

export async function saveView(input: SavedViewInput): Promise<SavedView> {
  return savedViewSchema.parse(await apiClient.post<unknown>('/api/lists/views', input));
}

export async function deleteView(id: number): Promise<void> {
  await apiClient.request<unknown>('DELETE', `/api/lists/views/${id}`);
}

export async function searchAccounts(query: string, signal?: AbortSignal): Promise<AccountSearchReply> {
  const reply = await apiClient.get<unknown>(`/api/search/accounts?q=${encodeURIComponent(query)}`, { signal });
  return accountSearchReplySchema.parse(reply);
}

export async function fetchMenuCounts(signal?: AbortSignal): Promise<MenuCountsReply> {
  return menuCountsReplySchema.parse(await apiClient.get<unknown>('/api/menu-counts', { signal }));
}

export async function fetchCollectionsDashboard(signal?: AbortSignal): Promise<CollectionsDashboard> {
  return collectionsDashboardSchema.parse(await apiClient.get<unknown>('/api/collections/dashboard', { signal }));
}
