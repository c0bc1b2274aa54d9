import {
  buildRouteDay,
  type RouteDayQuery,
  type RouteDayReply,
} from '@recovery-desk/domain/command-center/route-day.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { readDayPositions } from './field-users.ts';
import { commandCenterSettingsOf } from './settings.ts';

/** Positions fixed up to this far after the server's clock still count (a phone's clock runs a little fast). */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * GET /api/cmd-center/route?userId=&date= (ACTIVE_INACTIVE_SAUTH): one field user's day for the route replay — the
 * kept fixes, the stops with their durations, the trips and the device's events. A user outside the acting unit's
 * subtree answers 404 (the day read's scope).
 */
export async function readRouteDay(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: RouteDayQuery },
): Promise<RouteDayReply> {
  const day = await readDayPositions(deps, { ctx, query });
  const settings = await commandCenterSettingsOf(deps.db);
  const route = buildRouteDay(day.positions, settings, deps.clock.now().getTime() + FUTURE_TOLERANCE_MS);
  return { user: day.user, date: day.date, timeZone: day.timeZone, truncated: day.truncated, ...route };
}
