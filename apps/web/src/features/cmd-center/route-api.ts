import { fieldUsersReplySchema, type FieldUsersReply } from '@recovery-desk/domain/command-center/ingest.ts';
import { routeDayReplySchema, type RouteDayReply } from '@recovery-desk/domain/command-center/route-day.ts';
import { commandCenterClient } from '../../lib/http-client.ts';

// The route replay's calls (/cmdCenter/animateRouteTaken): the subtree's field users, and one user's route of a day.

export const routeKeys = {
  fieldUsers: (q: string) => ['cmd-center', 'field-users', q] as const,
  route: (userId: number, date: string) => ['cmd-center', 'route', userId, date] as const,
};

/** Collectors the picker offers at once; the others are found by searching. */
export const PICKER_PAGE_SIZE = 50;

/** The field users to pick from: the subtree's, by name, those whose name or username holds `q` (the first 50). */
export async function fetchFieldUsers(q: string, signal?: AbortSignal): Promise<FieldUsersReply> {
  const query = new URLSearchParams({ pageSize: String(PICKER_PAGE_SIZE) });
  if (q) query.set('q', q);
  return fieldUsersReplySchema.parse(
    await commandCenterClient.get<unknown>(`/api/cmd-center/field-users?${query}`, { signal }),
  );
}

export async function fetchRouteDay(userId: number, date: string, signal?: AbortSignal): Promise<RouteDayReply> {
  const query = new URLSearchParams({ userId: String(userId), date });
  return routeDayReplySchema.parse(
    await commandCenterClient.get<unknown>(`/api/cmd-center/route?${query}`, { signal }),
  );
}
