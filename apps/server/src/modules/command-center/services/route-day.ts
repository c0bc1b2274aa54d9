import {
  buildRouteDay,
  type RouteDayQuery,
  type RouteDayReply,
} from '@recovery-desk/domain/command-center/route-day.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { customersOfDay } from './activity-reports.ts';
import { readDayPositions } from './field-users.ts';
import { commandCenterSettingsOf } from './settings.ts';

/** Positions fixed up to this far after the server's clock still count (a phone's clock runs a little fast). */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * GET /api/cmd-center/route?userId=&date= (ACTIVE_INACTIVE_SAUTH): one field user's day for the route replay — the
 * kept fixes, the stops with their durations, the trips, the device's events, and the geofences (the settings'
 * radius) of the customers visited that day. A user outside the acting unit's subtree answers 404 (the day read's
 * scope).
 */
export async function readRouteDay(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: RouteDayQuery },
): Promise<RouteDayReply> {
  const day = await readDayPositions(deps, { ctx, query });
  const settings = await commandCenterSettingsOf(deps.db);
  const route = buildRouteDay(day.positions, settings, deps.clock.now().getTime() + FUTURE_TOLERANCE_MS);
  const customers = await customersOfDay(deps.db, ctx.actingUnit.path, query.userId, query.date, day.timeZone, {
    visitedOnly: true,
  });
  return {
    user: day.user,
    date: day.date,
    timeZone: day.timeZone,
    truncated: day.truncated,
    ...route,
    geofences: {
      radiusM: settings.geofenceRadiusM,
      customers: customers.map((customer) => ({
        customerId: customer.id,
        customerName: customer.customerName,
        accountNo: customer.accountNo,
        latitude: customer.latitude,
        longitude: customer.longitude,
      })),
    },
  };
}
