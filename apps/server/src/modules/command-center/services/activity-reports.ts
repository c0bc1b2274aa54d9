import { sql } from 'drizzle-orm';
import {
  datesInRange,
  daysInRange,
  MAX_ACTIVITY_USER_DAYS,
  type IdleReportExportQuery,
  type IdleReportQuery,
  type IdleReportReply,
  type TimeSpentExportQuery,
  type TimeSpentQuery,
  type TimeSpentReply,
} from '@recovery-desk/domain/command-center/activity.ts';
import type { CommandCenterSettings } from '@recovery-desk/domain/command-center/settings.ts';
import {
  detectIdle,
  geofenceVisits,
  timeSpentByCustomer,
  type Customer,
  type Visit,
} from '@recovery-desk/domain/command-center/stops.ts';
import { parseClock } from '@recovery-desk/domain/command-center/time.ts';
import { normaliseTrack, type Fix } from '@recovery-desk/domain/command-center/track.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import { translatorOf, type UnitContext } from '../../../http/request-context.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import {
  EXPORT_CONTENT_TYPES,
  tableToCsv,
  tableToXlsx,
  type ExportFile,
  type ExportTable,
} from '../../exports/index.ts';
import { dayWindow, fieldUserInScope, fieldUsersSql, readUserDay } from './field-users.ts';
import { commandCenterSettingsOf } from './settings.ts';

// The Idle Time Report (/cmdCenter/idealTimeReport) and the Time Spent Report (/cmdCenter/timeSpentReport), both
// ACTIVE_INACTIVE_SAUTH: each field user's days of the range read once (readUserDay, the day read of field-users.ts),
// filtered with the settings' track filters (normaliseTrack) and computed by the domain — idle spells on shift
// (detectIdle) and dwell inside each customer's geofence (geofenceVisits + timeSpentByCustomer) — with the customers
// of the day of the command center's data contract. The work is bounded: at most MAX_ACTIVITY_DAYS days (the query
// schema) and MAX_ACTIVITY_USER_DAYS users × days (else 400 naming userId).

const FUTURE_TOLERANCE_MS = 5 * 60_000;

export type ReportUser = { userId: number; username: string; fullName: string };

/** The report's users: the one asked for (404 outside the subtree) or all the subtree's, within the work cap. */
export async function reportUsers(
  deps: AppDeps,
  ctx: UnitContext,
  query: { from: string; to: string; userId?: number | undefined },
): Promise<ReportUser[]> {
  const days = daysInRange(query.from, query.to);
  if (query.userId !== undefined) {
    const user = await fieldUserInScope(deps.db, ctx.actingUnit.path, query.userId);
    if (!user) throw new AppError('NOT_FOUND', 'No field user with this id in your units.');
    return [{ userId: Number(user.id), username: user.username, fullName: user.fullName }];
  }
  const rows = await selectRows<{ id: number; username: string; fullName: string }>(
    deps.db,
    sql`select * from (${fieldUsersSql(ctx.actingUnit.path)}) f order by f."fullName", f.id`,
  );
  if (rows.length * days > MAX_ACTIVITY_USER_DAYS) {
    throw validationError(
      'userId',
      `choose a user: ${rows.length} users over ${days} days is more than ${MAX_ACTIVITY_USER_DAYS} user-days`,
    );
  }
  return rows.map((row) => ({ userId: Number(row.id), username: row.username, fullName: row.fullName }));
}

export type DayCustomer = Customer & {
  id: number;
  customerName: string;
  accountId: number | null;
  accountNo: string | null;
};

/**
 * A collector's customers of a day (the data contract): those of the accounts allocated to them, of their work plan
 * of the day, and of their receipts and VISIT events that day — accounts of the acting unit's subtree only — each
 * at its geocoded address (the primary residence, else any geocoded address; none: left out). With `visitedOnly`,
 * only the customers of the day's VISIT events and of the receipts of its RECEIPT events (the route replay's geofences).
 */
export async function customersOfDay(
  db: Executor,
  unitPath: string,
  userId: number,
  date: string,
  timeZone: string,
  { visitedOnly = false }: { visitedOnly?: boolean } = {},
): Promise<DayCustomer[]> {
  const { from, to } = dayWindow(date, timeZone);
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const visits = sql`select a.id from field_positions p join accounts a on a.account_no = p.ref
            where p.user_id = ${userId} and p.event_type = 'VISIT'
              and p.fix_time >= ${fromIso}::timestamptz and p.fix_time < ${toIso}::timestamptz`;
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`with acc as (${
      visitedOnly
        ? // the route replay's geofences: where the collector reported a visit or took a receipt that day
          sql`${visits}
          union select r.account_id from field_positions p join receipts r on r.receipt_no = p.ref
            where p.user_id = ${userId} and p.event_type = 'RECEIPT'
              and p.fix_time >= ${fromIso}::timestamptz and p.fix_time < ${toIso}::timestamptz`
        : sql`select a.id from accounts a where a.allocated_user_id = ${userId}
          union select v.account_id from work_plans wp join work_plan_visits v on v.plan_id = wp.id
            where wp.user_id = ${userId} and wp.plan_date = ${date}
          union select r.account_id from receipts r where r.received_by_user_id = ${userId}
            and r.created_at >= ${fromIso}::timestamptz and r.created_at < ${toIso}::timestamptz
          union ${visits}`
    }),
        per_customer as (
          select a.customer_id, min(a.account_no) as account_no from accounts a join acc on acc.id = a.id
          where a.unit_path like ${likePrefix(unitPath)} group by a.customer_id
        )
        select pc.customer_id as "customerId", c.name as "customerName", a.id as "accountId",
          pc.account_no as "accountNo", ad.latitude, ad.longitude
        from per_customer pc join customers c on c.id = pc.customer_id
        join accounts a on a.account_no = pc.account_no and a.customer_id = pc.customer_id
        join lateral (select latitude, longitude from addresses ad where ad.customer_id = pc.customer_id
          and ad.latitude is not null and ad.longitude is not null
          order by (ad.address_type = 'RESIDENCE' and ad.level = 'PRIMARY') desc, ad.id limit 1) ad on true
        order by pc.customer_id`,
  );
  return rows.map((row) => ({
    id: Number(row.customerId),
    customerName: String(row.customerName),
    accountId: row.accountId === null ? null : Number(row.accountId),
    accountNo: (row.accountNo as string | null) ?? null,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
  }));
}

/** A user-day's kept fixes (the settings' track filters). */
export async function dayFixes(
  deps: AppDeps,
  userId: number,
  date: string,
  settings: CommandCenterSettings,
): Promise<Fix[]> {
  const { positions } = await readUserDay(deps.db, userId, date, deps.config.scheduleTimeZone);
  return normaliseTrack(positions, {
    accuracyM: settings.accuracyFilterM,
    maxSpeedKmh: settings.maxSpeedKmh,
    notAfter: deps.clock.now().getTime() + FUTURE_TOLERANCE_MS,
  }).fixes;
}

const iso = (ms: number) => new Date(ms).toISOString();
const minutes = (ms: number) => Math.round(ms / 6000) / 10;

/** GET /api/cmd-center/idle-report. */
export async function idleReport(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: IdleReportQuery },
): Promise<IdleReportReply> {
  const users = await reportUsers(deps, ctx, query);
  const settings = await commandCenterSettingsOf(deps.db);
  const timeZone = deps.config.scheduleTimeZone;
  const minMinutes = query.minMinutes ?? settings.idleMinMinutes;
  const reply: IdleReportReply = { from: query.from, to: query.to, timeZone, minMinutes, users: [] };
  for (const user of users) {
    const spells: IdleReportReply['users'][number]['spells'] = [];
    for (const date of datesInRange(query.from, query.to)) {
      const fixes = await dayFixes(deps, user.userId, date, settings);
      if (fixes.length === 0) continue;
      const customers = await customersOfDay(deps.db, ctx.actingUnit.path, user.userId, date, timeZone);
      const byId = new Map(customers.map((customer) => [customer.id, customer]));
      for (const spell of detectIdle(fixes, {
        radiusM: settings.idleRadiusM,
        minMinutes,
        shiftStartMinutes: parseClock(settings.shiftStart),
        shiftEndMinutes: parseClock(settings.shiftEnd),
        timeZone,
        customers,
        geofenceRadiusM: settings.geofenceRadiusM,
      })) {
        const customer = spell.customerId === null ? undefined : byId.get(Number(spell.customerId));
        spells.push({
          date,
          from: iso(spell.startTime),
          to: iso(spell.endTime),
          minutes: minutes(spell.durationMs),
          latitude: spell.latitude,
          longitude: spell.longitude,
          customer: customer
            ? {
                customerId: customer.id,
                customerName: customer.customerName,
                accountId: customer.accountId,
                accountNo: customer.accountNo,
              }
            : null,
        });
      }
    }
    const totalMinutes = Math.round(spells.reduce((sum, spell) => sum + spell.minutes, 0) * 10) / 10;
    reply.users.push({ ...user, spells, totalMinutes });
  }
  return reply;
}

/** GET /api/cmd-center/time-spent-report. */
export async function timeSpentReport(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: TimeSpentQuery },
): Promise<TimeSpentReply> {
  const users = await reportUsers(deps, ctx, query);
  const settings = await commandCenterSettingsOf(deps.db);
  const timeZone = deps.config.scheduleTimeZone;
  const reply: TimeSpentReply = {
    from: query.from,
    to: query.to,
    timeZone,
    geofenceRadiusM: settings.geofenceRadiusM,
    users: [],
  };
  for (const user of users) {
    const visits: Visit[] = [];
    const known = new Map<number, DayCustomer>();
    for (const date of datesInRange(query.from, query.to)) {
      const fixes = await dayFixes(deps, user.userId, date, settings);
      if (fixes.length === 0) continue;
      const customers = await customersOfDay(deps.db, ctx.actingUnit.path, user.userId, date, timeZone);
      for (const customer of customers) known.set(customer.id, customer);
      visits.push(
        ...geofenceVisits(fixes, customers, {
          radiusM: settings.geofenceRadiusM,
          exitGraceS: settings.geofenceExitGraceSeconds,
        }),
      );
    }
    const customers = timeSpentByCustomer(visits)
      .map((spent) => {
        const customer = known.get(Number(spent.customerId))!;
        return {
          customerId: customer.id,
          customerName: customer.customerName,
          accountId: customer.accountId,
          accountNo: customer.accountNo,
          latitude: customer.latitude,
          longitude: customer.longitude,
          visits: spent.visits,
          dwellMinutes: minutes(spent.dwellMs),
          firstEnter: iso(spent.firstEnter),
          lastLeave: iso(spent.lastLeave),
          visitList: visits
            .filter((visit) => visit.customerId === spent.customerId)
            .map((visit) => ({
              enter: iso(visit.enterTime),
              leave: iso(visit.leaveTime),
              dwellMinutes: minutes(visit.dwellMs),
            })),
        };
      })
      .sort((a, b) => b.dwellMinutes - a.dwellMinutes || a.customerId - b.customerId);
    const totalDwellMinutes = Math.round(customers.reduce((sum, row) => sum + row.dwellMinutes, 0) * 10) / 10;
    reply.users.push({ ...user, customers, totalDwellMinutes });
  }
  return reply;
}

type Row = (string | number | null)[];

/**
 * An activity report's file, audited like every export (`cmdcenter.activity.export`: which report, the format, the
 * rows and the filters).
 */
export async function writeActivityFile(
  deps: AppDeps,
  ctx: UnitContext,
  report: string,
  filters: Record<string, unknown>,
  format: 'csv' | 'xlsx',
  fileName: string,
  table: ExportTable,
): Promise<ExportFile> {
  const body = format === 'csv' ? tableToCsv(table) : await tableToXlsx(table);
  await withTransaction(deps.db, (tx) =>
    emitAudit(tx, ctx, {
      action: 'cmdcenter.activity.export',
      entity: 'field_user',
      after: { report, format, rows: table.rows.length, filters },
    }),
  );
  return { fileName: `${fileName}.${format}`, contentType: EXPORT_CONTENT_TYPES[format], body };
}

/** GET /api/cmd-center/idle-report/export. */
export async function exportIdleReport(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: IdleReportExportQuery },
): Promise<ExportFile> {
  const { format, ...rest } = query;
  const report = await idleReport(deps, { ctx, query: rest });
  const { tr } = translatorOf(ctx);
  const rows: Row[] = report.users.flatMap((user) =>
    user.spells.map((spell) => [
      user.fullName,
      spell.date,
      spell.from,
      spell.to,
      spell.minutes,
      `${spell.latitude.toFixed(5)}, ${spell.longitude.toFixed(5)}`,
      spell.customer?.customerName ?? null,
      spell.customer?.accountNo ?? null,
    ]),
  );
  return writeActivityFile(deps, ctx, 'idle-report', rest, format, `idle-time-${query.from}-${query.to}`, {
    sheetName: tr('CcIdleTitle', 'Idle Time Report'),
    columns: [
      { header: tr('CcColUser', 'User'), kind: 'text' },
      { header: tr('CcColDate', 'Date'), kind: 'text' },
      { header: tr('CcColFrom', 'From'), kind: 'text' },
      { header: tr('CcColTo', 'To'), kind: 'text' },
      { header: tr('CcColMinutes', 'Minutes'), kind: 'number' },
      { header: tr('CcColPlace', 'Place'), kind: 'text' },
      { header: tr('CcColCustomer', 'Customer'), kind: 'text' },
      { header: tr('CcColAccountNo', 'Account No'), kind: 'text' },
    ],
    rows,
  });
}

/** GET /api/cmd-center/time-spent-report/export: one row per visit. */
export async function exportTimeSpentReport(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: TimeSpentExportQuery },
): Promise<ExportFile> {
  const { format, ...rest } = query;
  const report = await timeSpentReport(deps, { ctx, query: rest });
  const { tr } = translatorOf(ctx);
  const rows: Row[] = report.users.flatMap((user) =>
    user.customers.flatMap((customer) =>
      customer.visitList.map((visit) => [
        user.fullName,
        customer.customerName,
        customer.accountNo,
        visit.enter,
        visit.leave,
        visit.dwellMinutes,
        customer.dwellMinutes,
      ]),
    ),
  );
  return writeActivityFile(deps, ctx, 'time-spent-report', rest, format, `time-spent-${query.from}-${query.to}`, {
    sheetName: tr('CcSpentTitle', 'Time Spent Report'),
    columns: [
      { header: tr('CcColUser', 'User'), kind: 'text' },
      { header: tr('CcColCustomer', 'Customer'), kind: 'text' },
      { header: tr('CcColAccountNo', 'Account No'), kind: 'text' },
      { header: tr('CcColEnter', 'Entered'), kind: 'text' },
      { header: tr('CcColLeave', 'Left'), kind: 'text' },
      { header: tr('CcColDwellMinutes', 'Dwell (minutes)'), kind: 'number' },
      { header: tr('CcColTotalDwell', 'Total dwell (minutes)'), kind: 'number' },
    ],
    rows,
  });
}
