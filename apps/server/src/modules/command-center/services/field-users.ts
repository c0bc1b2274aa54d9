import { sql } from 'drizzle-orm';
import {
  MAX_DAY_POSITIONS,
  type DayPositionsQuery,
  type DayPositionsReply,
  type FieldUsersQuery,
  type FieldUsersReply,
  type PositionEventType,
  type StoredPosition,
} from '@recovery-desk/domain/command-center/ingest.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { isoTimestamp, isoTimestampOrNull, selectRows } from '../../../db/sql-rows.ts';
import type { Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { offsetMs } from '../../../jobs/schedule-settings.ts';

// The reads the command-center screens start from (ACTIVE_INACTIVE_SAUTH). A field user is a user holding
// FIELD_COLLECTOR_SAUTH (collections) in a unit of the acting unit's subtree; users of other units are invisible (a
// day read of one answers 404). Last seen is returned raw: the online / unknown / offline / inactive rules are the
// domain's (packages/domain/src/command-center).

const FIELD_AUTHORITY = 'FIELD_COLLECTOR_SAUTH';

/** Today (YYYY-MM-DD) in the time zone. */
export function todayIn(now: Date, timeZone: string): string {
  return new Date(now.getTime() + offsetMs(now, timeZone)).toISOString().slice(0, 10);
}

/** The instants [from, to) of a calendar day in the time zone. */
export function dayWindow(date: string, timeZone: string): { from: Date; to: Date } {
  const at = (day: string) => {
    const guess = Date.parse(`${day}T00:00:00Z`);
    return new Date(guess - offsetMs(new Date(guess), timeZone));
  };
  return { from: at(date), to: at(addDays(date, 1)) };
}

/** The subtree's field users, `and u.id = $userId` when given. */
export function fieldUsersSql(unitPath: string, userId?: number) {
  return sql`select u.id, u.username, u.full_name as "fullName", min(un.unit_code) as "unitCode"
      from users u join user_authorities ua on ua.user_id = u.id join units un on un.id = ua.unit_id
      join user_units uu on uu.user_id = ua.user_id and uu.unit_id = ua.unit_id
      where u.is_active and ua.app_code = 'collapp' and ua.system_auth = ${FIELD_AUTHORITY}
        and un.path like ${likePrefix(unitPath)} ${userId === undefined ? sql`` : sql`and u.id = ${userId}`}
      group by u.id, u.username, u.full_name`;
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** GET /api/cmd-center/field-users. */
export async function listFieldUsers(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: FieldUsersQuery },
): Promise<FieldUsersReply> {
  const timeZone = deps.config.scheduleTimeZone;
  const date = query.date ?? todayIn(deps.clock.now(), timeZone);
  const { from, to } = dayWindow(date, timeZone);
  const offset = (query.page - 1) * query.pageSize;
  const search = query.q ? `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const found = sql`select * from (${fieldUsersSql(ctx.actingUnit.path)}) a
    ${search === null ? sql`` : sql`where lower(a."fullName") like ${search} or lower(a.username) like ${search}`}`;
  const [count] = await selectRows<{ total: number | string }>(
    deps.db,
    sql`select count(*) as total from (${found}) f`,
  );
  const rows = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`with f as (${found} order by a."fullName", a.id limit ${query.pageSize} offset ${offset})
        select f.id, f.username, f."fullName", f."unitCode", d.device_key as "deviceKey", d.platform,
          d.app_version as "appVersion", d.first_seen_at as "firstSeenAt", d.last_seen_at as "lastSeenAt",
          last.last_fix_at as "lastFixAt", last.last_latitude as "lastLatitude", last.last_longitude as "lastLongitude",
          last.last_accuracy_m as "lastAccuracyM", last.last_battery as "lastBattery",
          (select count(*) from field_positions p where p.user_id = f.id
            and p.fix_time >= ${from.toISOString()}::timestamptz and p.fix_time < ${to.toISOString()}::timestamptz)
            as "positionsOfDay"
        from f
        left join lateral (select * from field_devices d where d.user_id = f.id
          order by d.last_seen_at desc, d.id desc limit 1) d on true
        left join lateral (select * from field_devices l where l.user_id = f.id and l.last_fix_at is not null
          order by l.last_fix_at desc, l.id desc limit 1) last on true
        order by f."fullName", f.id`,
  );
  return {
    date,
    timeZone,
    total: Number(count?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    rows: rows.map((row) => ({
      userId: Number(row.id),
      username: String(row.username),
      fullName: String(row.fullName),
      unitCode: String(row.unitCode),
      device:
        row.deviceKey === null
          ? null
          : {
              deviceId: String(row.deviceKey),
              platform: (row.platform as string | null) ?? null,
              appVersion: (row.appVersion as string | null) ?? null,
              firstSeenAt: isoTimestamp(row.firstSeenAt as Date | string),
              lastSeenAt: isoTimestamp(row.lastSeenAt as Date | string),
            },
      lastSeenAt: isoTimestampOrNull((row.lastSeenAt as Date | string | null) ?? null),
      lastPosition:
        row.lastFixAt === null
          ? null
          : {
              fixTime: isoTimestamp(row.lastFixAt as Date | string),
              latitude: Number(row.lastLatitude),
              longitude: Number(row.lastLongitude),
              accuracyM: Number(row.lastAccuracyM),
            },
      battery: num(row.lastBattery),
      positionsOfDay: Number(row.positionsOfDay),
    })),
  };
}

/** The field user `userId` when in the subtree of `unitPath`, else undefined. */
export async function fieldUserInScope(db: Executor, unitPath: string, userId: number) {
  const [row] = await selectRows<{ id: number; username: string; fullName: string }>(
    db,
    fieldUsersSql(unitPath, userId),
  );
  return row;
}

/** GET /api/cmd-center/positions?userId=&date=: one field user's day, ordered by fix time. */
export async function readDayPositions(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: DayPositionsQuery },
): Promise<DayPositionsReply> {
  const user = await fieldUserInScope(deps.db, ctx.actingUnit.path, query.userId);
  if (!user) throw new AppError('NOT_FOUND', 'No field user with this id in your units.');
  const timeZone = deps.config.scheduleTimeZone;
  const { positions, truncated } = await readUserDay(deps.db, query.userId, query.date, timeZone);
  return {
    user: { id: Number(user.id), username: user.username, fullName: user.fullName },
    date: query.date,
    timeZone,
    truncated,
    positions,
  };
}

/**
 * One user's stored positions of a day (the time zone's calendar day), ordered by fix time, at most MAX_DAY_POSITIONS:
 * the one read of a user-day the day's screens and the activity reports compute from. No scope check: the caller
 * has checked the user is in the acting unit's subtree.
 */
export async function readUserDay(
  db: Executor,
  userId: number,
  date: string,
  timeZone: string,
): Promise<{ positions: StoredPosition[]; truncated: boolean }> {
  const { from, to } = dayWindow(date, timeZone);
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select d.device_key as "deviceKey", p.seq, p.fix_time as "fixTime", p.received_at as "receivedAt", p.latitude,
          p.longitude, p.accuracy_m as "accuracyM", p.speed_kmh as "speedKmh", p.battery, p.mock,
          p.event_type as "eventType", p.ref
        from field_positions p join field_devices d on d.id = p.device_id
        where p.user_id = ${userId} and p.fix_time >= ${from.toISOString()}::timestamptz
          and p.fix_time < ${to.toISOString()}::timestamptz
        order by p.fix_time, p.device_id, p.seq
        limit ${MAX_DAY_POSITIONS + 1}`,
  );
  return {
    truncated: rows.length > MAX_DAY_POSITIONS,
    positions: rows.slice(0, MAX_DAY_POSITIONS).map((row) => ({
      deviceId: String(row.deviceKey),
      seq: Number(row.seq),
      fixTime: isoTimestamp(row.fixTime as Date | string),
      receivedAt: isoTimestamp(row.receivedAt as Date | string),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      accuracyM: Number(row.accuracyM),
      speedKmh: num(row.speedKmh),
      battery: num(row.battery),
      mock: row.mock === true || row.mock === 't',
      eventType: String(row.eventType) as PositionEventType,
      ref: (row.ref as string | null) ?? null,
    })),
  };
}
