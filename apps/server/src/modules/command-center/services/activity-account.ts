import { sql } from 'drizzle-orm';
import {
  datesInRange,
  daysInRange,
  MAX_ACTIVITY_DAYS,
  type AccountActivityQuery,
  type AccountActivityReply,
} from '@recovery-desk/domain/command-center/activity.ts';
import { geofenceVisits } from '@recovery-desk/domain/command-center/stops.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { isoTimestamp, selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { dayFixes } from './activity-reports.ts';
import { dayWindow, todayIn } from './field-users.ts';
import { commandCenterSettingsOf } from './settings.ts';

// An account's field activity (/cmdCenter/activeinactiveuser/account/{accountid}, LEGAL_POOL_SAUTH of the command
// center as the spec says): who holds it, its customer's geocoded address (the data contract's customer location)
// with the geofence, the VISIT events on it, the geofence visits (with dwell) of the collectors who came — the
// allocated collector and whoever reported a visit or took a receipt on it in the range — and its receipts at their
// places, over a range (default the last 30 days, at most MAX_ACTIVITY_DAYS). An account outside the acting unit's
// subtree answers 404.

type Collector = { userId: number; fullName: string };

/** GET /api/cmd-center/accounts/:accountId/field-activity. */
export async function accountFieldActivity(
  deps: AppDeps,
  { ctx, accountId, query }: { ctx: UnitContext; accountId: number; query: AccountActivityQuery },
): Promise<AccountActivityReply> {
  const timeZone = deps.config.scheduleTimeZone;
  const to = query.to ?? todayIn(deps.clock.now(), timeZone);
  const from = query.from ?? addDays(to, -(MAX_ACTIVITY_DAYS - 2));
  if (to < from) throw validationError('to', 'must not be before the from date');
  if (daysInRange(from, to) > MAX_ACTIVITY_DAYS) {
    throw validationError('from', `must be at most ${MAX_ACTIVITY_DAYS} days before to`);
  }
  const [account] = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`select a.id, a.account_no as "accountNo", c.name as "customerName", a.allocated_user_id as "allocatedUserId",
          u.full_name as "allocatedName", ad.latitude, ad.longitude
        from accounts a join customers c on c.id = a.customer_id
        left join users u on u.id = a.allocated_user_id
        left join lateral (select latitude, longitude from addresses ad where ad.customer_id = a.customer_id
          and ad.latitude is not null and ad.longitude is not null
          order by (ad.address_type = 'RESIDENCE' and ad.level = 'PRIMARY') desc, ad.id limit 1) ad on true
        where a.id = ${accountId} and a.unit_path like ${likePrefix(ctx.actingUnit.path)}`,
  );
  if (!account) throw new AppError('NOT_FOUND', 'No account with this id in your units.');
  const accountNo = String(account.accountNo);
  const start = dayWindow(from, timeZone).from.toISOString();
  const end = dayWindow(to, timeZone).to.toISOString();
  const visitRows = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`select p.user_id as "userId", u.full_name as "fullName", p.fix_time as "time", p.latitude, p.longitude, p.mock
        from field_positions p join users u on u.id = p.user_id
        where p.event_type = 'VISIT' and p.ref = ${accountNo}
          and p.fix_time >= ${start}::timestamptz and p.fix_time < ${end}::timestamptz
        order by p.fix_time`,
  );
  const receiptRows = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`select r.receipt_no as "receiptNo", u.full_name as "receivedBy", r.received_by_user_id as "userId",
          coalesce(e.fix_time, r.created_at) as "time", r.amount_minor as "amountMinor", r.currency,
          e.latitude, e.longitude
        from receipts r join users u on u.id = r.received_by_user_id
        left join lateral (select p.fix_time, p.latitude, p.longitude from field_positions p
          where p.user_id = r.received_by_user_id and p.event_type = 'RECEIPT' and p.ref = r.receipt_no
            and p.fix_time >= ${start}::timestamptz - interval '1 day' and p.fix_time < ${end}::timestamptz + interval '1 day'
          order by p.fix_time limit 1) e on true
        where r.account_id = ${accountId} and r.created_at >= ${start}::timestamptz - interval '1 day'
          and r.created_at < ${end}::timestamptz + interval '1 day'
        order by 4`,
  );
  const settings = await commandCenterSettingsOf(deps.db);
  const location =
    account.latitude === null || account.latitude === undefined
      ? null
      : { latitude: Number(account.latitude), longitude: Number(account.longitude) };

  // The collectors who came: each one's days with a visit or a receipt on the account, and the holder's every day.
  const collectors = new Map<number, Collector>();
  const days = new Map<number, Set<string>>();
  const note = (userId: number, fullName: string, date: string | null) => {
    collectors.set(userId, { userId, fullName });
    const set = days.get(userId) ?? new Set<string>();
    if (date) set.add(date);
    days.set(userId, set);
  };
  const localDate = (time: Date | string) =>
    datesInRange(from, to).find((date) => {
      const window = dayWindow(date, timeZone);
      const at = new Date(time).getTime();
      return at >= window.from.getTime() && at < window.to.getTime();
    }) ?? null;
  for (const row of visitRows) note(Number(row.userId), String(row.fullName), localDate(row.time as Date | string));
  for (const row of receiptRows) note(Number(row.userId), String(row.receivedBy), localDate(row.time as Date | string));
  if (account.allocatedUserId !== null && account.allocatedUserId !== undefined) {
    note(Number(account.allocatedUserId), String(account.allocatedName), null);
    for (const date of datesInRange(from, to)) days.get(Number(account.allocatedUserId))!.add(date);
  }

  const visits: AccountActivityReply['geofenceVisits'] = [];
  if (location) {
    const customer = [{ id: 1, ...location }];
    for (const [userId, dates] of days) {
      for (const date of [...dates].sort()) {
        const fixes = await dayFixes(deps, userId, date, settings);
        for (const visit of geofenceVisits(fixes, customer, {
          radiusM: settings.geofenceRadiusM,
          exitGraceS: settings.geofenceExitGraceSeconds,
        })) {
          visits.push({
            userId,
            fullName: collectors.get(userId)!.fullName,
            enter: new Date(visit.enterTime).toISOString(),
            leave: new Date(visit.leaveTime).toISOString(),
            dwellMinutes: Math.round(visit.dwellMs / 6000) / 10,
          });
        }
      }
    }
    visits.sort((a, b) => a.enter.localeCompare(b.enter));
  }
  return {
    account: {
      id: Number(account.id),
      accountNo,
      customerName: String(account.customerName),
      allocatedTo:
        account.allocatedUserId === null || account.allocatedUserId === undefined
          ? null
          : { userId: Number(account.allocatedUserId), fullName: String(account.allocatedName) },
      location,
    },
    from,
    to,
    timeZone,
    geofenceRadiusM: settings.geofenceRadiusM,
    visitEvents: visitRows.map((row) => ({
      userId: Number(row.userId),
      fullName: String(row.fullName),
      time: isoTimestamp(row.time as Date | string),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      mock: row.mock === true || row.mock === 't',
    })),
    geofenceVisits: visits,
    receipts: receiptRows
      .filter((row) => localDate(row.time as Date | string) !== null)
      .map((row) => ({
        receiptNo: String(row.receiptNo),
        receivedBy: String(row.receivedBy),
        time: isoTimestamp(row.time as Date | string),
        amountMinor: String(row.amountMinor),
        currency: String(row.currency),
        latitude: row.latitude === null ? null : Number(row.latitude),
        longitude: row.longitude === null ? null : Number(row.longitude),
      })),
  };
}
