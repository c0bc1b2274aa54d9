import { sql } from 'drizzle-orm';
import {
  DASHBOARD_AUTHORITY,
  DASHBOARD_MAX_POSITIONS,
  LOW_BATTERY_PERCENT,
  type DashboardQuery,
  type DashboardReply,
} from '@recovery-desk/domain/command-center/dashboard.ts';
import { buildRouteDay, type StoredPoint } from '@recovery-desk/domain/command-center/route-day.ts';
import type { Currency } from '@recovery-desk/domain/money.ts';
import { trackingStatus } from '@recovery-desk/domain/command-center/status.ts';
import { listAuthorityEntries } from '../../../access/authority-entries.repository.ts';
import { isoTimestamp, selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { minorToDecimal } from './amounts.ts';
import { dayWindow, fieldUsersSql, todayIn } from './field-users.ts';
import { commandCenterSettingsOf } from './settings.ts';
import { shadyFindings } from './shady-findings.ts';

/** Positions fixed up to this far after the server's clock still count (as the route replay). */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

const isTrue = (value: unknown) => value === true || value === 't';

/**
 * GET /api/cmd-center/dashboard?date= — the field force now, the day's coverage and the alerts of the acting unit's
 * subtree. The route asks for no authority (spec: the dashboards have none), so the field data is given only to a
 * caller holding ACTIVE_INACTIVE_SAUTH (cmdcenter) in the acting unit; anyone else gets the frame without it.
 */
export async function readDashboard(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: DashboardQuery },
): Promise<DashboardReply> {
  const timeZone = deps.config.scheduleTimeZone;
  const now = deps.clock.now();
  const date = query.date ?? todayIn(now, timeZone);
  const frame = { date, timeZone, now: now.toISOString() };
  const entries = await listAuthorityEntries(deps.db, {
    userId: ctx.user.id,
    unitId: ctx.actingUnit.id,
    app: 'cmdcenter',
  });
  if (!entries.some((entry) => entry.system_auth === DASHBOARD_AUTHORITY)) {
    return { ...frame, access: 'NO_AUTHORITY', fieldForce: null, coverage: null, alerts: null };
  }
  const settings = await commandCenterSettingsOf(deps.db);
  const { from, to } = dayWindow(date, timeZone);
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const users = fieldUsersSql(ctx.actingUnit.path);

  // The field force now: every field user's device last heard from, and its last fix.
  const force = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`with f as (${users})
        select f.id, f."fullName", d.last_seen_at as "lastSeenAt", l.last_fix_at as "lastFixAt",
          l.last_latitude as "latitude", l.last_longitude as "longitude", l.last_battery as "battery"
        from f
        left join lateral (select max(d.last_seen_at) as last_seen_at from field_devices d where d.user_id = f.id) d on true
        left join lateral (select * from field_devices l where l.user_id = f.id and l.last_fix_at is not null
          order by l.last_fix_at desc, l.id desc limit 1) l on true
        order by f."fullName", f.id`,
  );
  const counts = { online: 0, unknown: 0, offline: 0, inactive: 0 };
  let lowBattery = 0;
  const positions: NonNullable<DashboardReply['fieldForce']>['positions'] = [];
  for (const row of force) {
    const lastSeen = row.lastSeenAt === null ? null : isoTimestamp(row.lastSeenAt as Date | string);
    const reading = trackingStatus(lastSeen, now.getTime(), settings);
    if (reading.status === 'ONLINE') counts.online += 1;
    else if (reading.status === 'UNKNOWN') counts.unknown += 1;
    else counts.offline += 1;
    if (reading.inactive) counts.inactive += 1;
    const battery = row.battery === null ? null : Number(row.battery);
    if (battery !== null && battery < LOW_BATTERY_PERCENT) lowBattery += 1;
    if (row.lastFixAt !== null && positions.length < DASHBOARD_MAX_POSITIONS) {
      positions.push({
        userId: Number(row.id),
        fullName: String(row.fullName),
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
        fixTime: isoTimestamp(row.lastFixAt as Date | string),
        battery,
        status: reading.status,
        inactive: reading.inactive,
      });
    }
  }

  // The day's events of the subtree's field users.
  const [events] = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`with f as (${users})
        select count(distinct p.user_id) as "active",
          count(*) filter (where p.event_type = 'VISIT') as "visits",
          count(*) filter (where p.event_type = 'SOS') as "sos",
          count(*) filter (where p.mock) as "mock"
        from field_positions p join f on f.id = p.user_id
        where p.fix_time >= ${fromIso}::timestamptz and p.fix_time < ${toIso}::timestamptz`,
  );
  const amounts = await selectRows<{ currency: string; receipts: number | string; amount: string | number }>(
    deps.db,
    sql`with f as (${users})
        select r.currency, count(*) as receipts, sum(r.amount_minor)::text as amount
        from receipts r join f on f.id = r.received_by_user_id
        where r.received_on = ${date}::date and r.status <> 'CANCELLED'
        group by r.currency order by r.currency`,
  );
  const [accounts] = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`with f as (${users})
        select count(*) as "allocated",
          count(*) filter (where exists (select 1 from field_positions p where p.event_type = 'VISIT'
              and p.ref = a.account_no and p.fix_time >= ${fromIso}::timestamptz and p.fix_time < ${toIso}::timestamptz)
            or exists (select 1 from receipts r where r.account_id = a.id and r.received_on = ${date}::date
              and r.status <> 'CANCELLED')) as "visited"
        from accounts a join f on f.id = a.allocated_user_id`,
  );

  // The distance covered: each active field user's route of the day, with the replay's filters.
  const points = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`with f as (${users})
        select p.user_id as "userId", p.fix_time as "fixTime", p.latitude, p.longitude, p.accuracy_m as "accuracyM",
          p.speed_kmh as "speedKmh", p.mock, p.event_type as "eventType", p.ref
        from field_positions p join f on f.id = p.user_id
        where p.fix_time >= ${fromIso}::timestamptz and p.fix_time < ${toIso}::timestamptz
        order by p.user_id, p.fix_time, p.device_id, p.seq`,
  );
  const byUser = new Map<number, StoredPoint[]>();
  for (const row of points) {
    const userId = Number(row.userId);
    const list = byUser.get(userId) ?? [];
    list.push({
      fixTime: isoTimestamp(row.fixTime as Date | string),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      accuracyM: Number(row.accuracyM),
      speedKmh: row.speedKmh === null ? null : Number(row.speedKmh),
      mock: isTrue(row.mock),
      eventType: String(row.eventType),
      ref: (row.ref as string | null) ?? null,
    });
    byUser.set(userId, list);
  }
  let distanceM = 0;
  for (const list of byUser.values()) {
    distanceM += buildRouteDay(list, settings, now.getTime() + FUTURE_TOLERANCE_MS).totals.distanceM;
  }

  // The day's shady findings of both reports (the same service and rules as Shady Transaction Time and Location).
  // One read and one evaluation for both.
  const shadyOfDay = await shadyFindings(deps, { ctx, query: { report: ['TIME', 'LOCATION'], from: date, to: date } });
  return {
    ...frame,
    access: 'FULL',
    fieldForce: {
      total: force.length,
      ...counts,
      thresholds: {
        onlineMinutes: settings.onlineMinutes,
        offlineMinutes: settings.offlineMinutes,
        inactiveMinutes: settings.inactiveMinutes,
      },
      positions,
    },
    coverage: {
      activeCollectors: Number(events?.active ?? 0),
      visits: Number(events?.visits ?? 0),
      receipts: amounts.reduce((sum, row) => sum + Number(row.receipts), 0),
      amounts: amounts.map((row) => ({
        currency: row.currency as Currency,
        amount: minorToDecimal(String(row.amount), row.currency),
      })),
      distanceM: Math.round(distanceM),
      accountsAllocated: Number(accounts?.allocated ?? 0),
      accountsVisited: Number(accounts?.visited ?? 0),
    },
    alerts: {
      inactiveDevices: counts.inactive,
      sosEvents: Number(events?.sos ?? 0),
      mockEvents: Number(events?.mock ?? 0),
      lowBattery,
      shady: shadyOfDay.rows.length,
    },
  };
}
