import { fieldUsersReplySchema, type FieldUsersReply } from '@recovery-desk/domain/command-center/ingest.ts';
import { routeDayReplySchema, type RouteDayReply } from '@recovery-desk/domain/command-center/route-day.ts';
import { commandCenterClient } from '../../lib/http-client.ts';

// The route replay's calls (/cmdCenter/animateRouteTaken): the subtree's field users, and one user's route of a day.

export const routeKeys = {
  fieldUsers: () => ['cmd-center', 'field-users'] as const,
  route: (userId: number, date: string) => ['cmd-center', 'route', userId, date] as const,
};

/** The field users to pick from (the first 100 of the subtree, by name). */
export async function fetchFieldUsers(signal?: AbortSignal): Promise<FieldUsersReply> {
  return fieldUsersReplySchema.parse(
    await commandCenterClient.get<unknown>('/api/cmd-center/field-users?pageSize=100', { signal }),
  );
}

export async function fetchRouteDay(userId: number, date: string, signal?: AbortSignal): Promise<RouteDayReply> {
  const query = new URLSearchParams({ userId: String(userId), date });
  return routeDayReplySchema.parse(
    await commandCenterClient.get<unknown>(`/api/cmd-center/route?${query}`, { signal }),
  );
}
