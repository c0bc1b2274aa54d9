import { sql } from 'drizzle-orm';
import type {
  ActiveStatusFilter,
  ActiveUserRow,
  ActiveUsersExportQuery,
  ActiveUsersQuery,
  ActiveUsersReply,
} from '@recovery-desk/domain/command-center/activity.ts';
import { buildRouteDay } from '@recovery-desk/domain/command-center/route-day.ts';
import type { CommandCenterSettings } from '@recovery-desk/domain/command-center/settings.ts';
import { trackingStatus } from '@recovery-desk/domain/command-center/status.ts';
import { valueLabel } from '@recovery-desk/i18n/value-labels.ts';
import { isoTimestampOrNull, selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { translatorOf, type UnitContext } from '../../../http/request-context.ts';
import type { ExportFile, ExportTable } from '../../exports/index.ts';
import { writeActivityFile } from './activity-reports.ts';
import { dayWindow, fieldUsersSql, readUserDay, todayIn } from './field-users.ts';
import { commandCenterSettingsOf } from './settings.ts';

// Active Inactive Users (/cmdCenter/activeinactiveuser, ACTIVE_INACTIVE_SAUTH): every field user of the acting
// unit's subtree with the status of the domain's rule (trackingStatus: ONLINE / UNKNOWN / OFFLINE, and inactive) from
// the settings' thresholds, the counts per status for the screen's tabs, and for the rows shown the day's counts
// (positions, VISIT events, receipts, and the stops and distance of the day's route, buildRouteDay). Statuses are
// computed for all the subtree's users (one query), then filtered and paged; the day's counts only for the page.

/** An export reads each exported user's day: at most this many users per export. */
export const MAX_ACTIVE_USERS_EXPORT = 500;
const FUTURE_TOLERANCE_MS = 5 * 60_000;

type UserStatusRow = Omit<ActiveUserRow, 'day'>;

async function usersWithStatus(
  deps: AppDeps,
  ctx: UnitContext,
  q: string | undefined,
  settings: CommandCenterSettings,
  now: Date,
): Promise<UserStatusRow[]> {
  const search = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`with f as (${fieldUsersSql(ctx.actingUnit.path)})
        select f.id, f.username, f."fullName", f."unitCode", d.device_key as "deviceKey", d.platform,
          d.app_version as "appVersion", d.last_seen_at as "lastSeenAt", last.last_fix_at as "lastFixAt",
          last.last_latitude as "lastLatitude", last.last_longitude as "lastLongitude", last.last_battery as "lastBattery"
        from f
        left join lateral (select * from field_devices d where d.user_id = f.id
          order by d.last_seen_at desc, d.id desc limit 1) d on true
        left join lateral (select * from field_devices l where l.user_id = f.id and l.last_fix_at is not null
          order by l.last_fix_at desc, l.id desc limit 1) last on true
        ${search === null ? sql`` : sql`where lower(f."fullName") like ${search} or lower(f.username) like ${search}`}
        order by f."fullName", f.id`,
  );
  return rows.map((row) => {
    const lastSeenAt = isoTimestampOrNull((row.lastSeenAt as Date | string | null) ?? null);
    const reading = trackingStatus(lastSeenAt, now.getTime(), settings);
    return {
      userId: Number(row.id),
      username: String(row.username),
      fullName: String(row.fullName),
      unitCode: String(row.unitCode),
      status: reading.status,
      inactive: reading.inactive,
      lastSeenAt,
      lastPosition:
        row.lastFixAt === null
          ? null
          : {
              fixTime: isoTimestampOrNull(row.lastFixAt as Date | string)!,
              latitude: Number(row.lastLatitude),
              longitude: Number(row.lastLongitude),
            },
      battery: row.lastBattery === null || row.lastBattery === undefined ? null : Number(row.lastBattery),
      device:
        row.deviceKey === null
          ? null
          : {
              deviceId: String(row.deviceKey),
              platform: (row.platform as string | null) ?? null,
              appVersion: (row.appVersion as string | null) ?? null,
            },
    };
  });
}

const matches = (row: UserStatusRow, status: ActiveStatusFilter | undefined) =>
  status === undefined || (status === 'INACTIVE' ? row.inactive : row.status === status);

/**
 * The receipts a user took on a day: a receipt's time is that of its RECEIPT position event, else its created_at
 * (the command center's data contract).
 */
async function receiptsOfDay(deps: AppDeps, userId: number, date: string): Promise<number> {
  const { from, to } = dayWindow(date, deps.config.scheduleTimeZone);
  const margin = 86_400_000;
  const [row] = await selectRows<{ n: number | string }>(
    deps.db,
    sql`select count(*) as n from receipts r
        left join lateral (select p.fix_time from field_positions p where p.user_id = r.received_by_user_id
          and p.event_type = 'RECEIPT' and p.ref = r.receipt_no
          and p.fix_time >= ${new Date(from.getTime() - margin).toISOString()}::timestamptz
          and p.fix_time < ${new Date(to.getTime() + margin).toISOString()}::timestamptz
          order by p.fix_time limit 1) e on true
        where r.received_by_user_id = ${userId}
          and r.created_at >= ${new Date(from.getTime() - margin).toISOString()}::timestamptz
          and r.created_at < ${new Date(to.getTime() + margin).toISOString()}::timestamptz
          and coalesce(e.fix_time, r.created_at) >= ${from.toISOString()}::timestamptz
          and coalesce(e.fix_time, r.created_at) < ${to.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

async function dayCounts(
  deps: AppDeps,
  userId: number,
  date: string,
  settings: CommandCenterSettings,
  now: Date,
): Promise<ActiveUserRow['day']> {
  const { positions } = await readUserDay(deps.db, userId, date, deps.config.scheduleTimeZone);
  const route = buildRouteDay(positions, settings, now.getTime() + FUTURE_TOLERANCE_MS);
  return {
    positions: positions.length,
    visits: positions.filter((position) => position.eventType === 'VISIT').length,
    receipts: await receiptsOfDay(deps, userId, date),
    stops: route.stops.length,
    distanceKm: Math.round(route.totals.distanceM / 100) / 10,
  };
}

/** GET /api/cmd-center/active-users. */
export async function listActiveUsers(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: ActiveUsersQuery },
): Promise<ActiveUsersReply> {
  const now = deps.clock.now();
  const timeZone = deps.config.scheduleTimeZone;
  const date = query.date ?? todayIn(now, timeZone);
  const settings = await commandCenterSettingsOf(deps.db);
  const all = await usersWithStatus(deps, ctx, query.q, settings, now);
  const counts = {
    ALL: all.length,
    ONLINE: all.filter((row) => row.status === 'ONLINE').length,
    UNKNOWN: all.filter((row) => row.status === 'UNKNOWN').length,
    OFFLINE: all.filter((row) => row.status === 'OFFLINE').length,
    INACTIVE: all.filter((row) => row.inactive).length,
  };
  const filtered = all.filter((row) => matches(row, query.status));
  const page = filtered.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  const rows: ActiveUserRow[] = [];
  for (const row of page) rows.push({ ...row, day: await dayCounts(deps, row.userId, date, settings, now) });
  return {
    date,
    timeZone,
    asOf: now.toISOString(),
    counts,
    total: filtered.length,
    page: query.page,
    pageSize: query.pageSize,
    rows,
  };
}

/** GET /api/cmd-center/active-users/export: the filtered list with the day's counts as CSV or XLSX. */
export async function exportActiveUsers(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: ActiveUsersExportQuery },
): Promise<ExportFile> {
  const now = deps.clock.now();
  const date = query.date ?? todayIn(now, deps.config.scheduleTimeZone);
  const settings = await commandCenterSettingsOf(deps.db);
  const filtered = (await usersWithStatus(deps, ctx, query.q, settings, now)).filter((row) =>
    matches(row, query.status),
  );
  if (filtered.length > MAX_ACTIVE_USERS_EXPORT) {
    throw new AppError(
      'EXPORT_TOO_LARGE',
      `This view has ${filtered.length} users; an export holds at most ${MAX_ACTIVE_USERS_EXPORT}. Filter by status or name.`,
    );
  }
  const { tr } = translatorOf(ctx);
  const rows: (string | number | null)[][] = [];
  for (const row of filtered) {
    const day = await dayCounts(deps, row.userId, date, settings, now);
    rows.push([
      row.fullName,
      row.username,
      row.unitCode,
      valueLabel('trackingStatus', row.status, tr),
      row.inactive ? tr('CcActInactive', 'Inactive') : tr('CcActActive', 'Active'),
      row.lastSeenAt,
      row.lastPosition ? `${row.lastPosition.latitude.toFixed(5)}, ${row.lastPosition.longitude.toFixed(5)}` : null,
      row.battery,
      row.device?.deviceId ?? null,
      day.positions,
      day.visits,
      day.receipts,
      day.stops,
      day.distanceKm,
    ]);
  }
  const table: ExportTable = {
    sheetName: tr('CcActTitle', 'Active Inactive Users'),
    columns: [
      { header: tr('CcColUser', 'User'), kind: 'text' },
      { header: tr('CcColUsername', 'Username'), kind: 'text' },
      { header: tr('CcColUnit', 'Unit'), kind: 'text' },
      { header: tr('CcColStatus', 'Status'), kind: 'text' },
      { header: tr('CcColActivity', 'Activity'), kind: 'text' },
      { header: tr('CcColLastSeen', 'Last seen'), kind: 'text' },
      { header: tr('CcColLastPosition', 'Last position'), kind: 'text' },
      { header: tr('CcColBattery', 'Battery %'), kind: 'number' },
      { header: tr('CcColDevice', 'Device'), kind: 'text' },
      { header: tr('CcColPositions', 'Positions'), kind: 'number' },
      { header: tr('CcColVisits', 'Visits'), kind: 'number' },
      { header: tr('CcColReceipts', 'Receipts'), kind: 'number' },
      { header: tr('CcColStops', 'Stops'), kind: 'number' },
      { header: tr('CcColDistanceKm', 'Distance (km)'), kind: 'number' },
    ],
    rows,
  };
  const { format, ...filters } = query;
  return writeActivityFile(deps, ctx, 'active-users', filters, format, `active-users-${date}`, table);
}
