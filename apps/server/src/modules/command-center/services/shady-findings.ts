import { sql } from 'drizzle-orm';
import { FUTURE_TOLERANCE_MS } from '@recovery-desk/domain/command-center/ingest.ts';
import {
  rulesOfReport,
  type ShadyFindingRow,
  type ShadyQuery,
  type ShadyReply,
} from '@recovery-desk/domain/command-center/shady-report.ts';
import {
  evaluateShadyRules,
  shadySeverityTable,
  SEVERITIES,
  type ShadyReceipt,
  type ShadyReport,
  type VisitRecord,
} from '@recovery-desk/domain/command-center/shady-rules.ts';
import { detectStops } from '@recovery-desk/domain/command-center/stops.ts';
import { wallClock } from '@recovery-desk/domain/command-center/time.ts';
import { normaliseTrack, type TrackPoint } from '@recovery-desk/domain/command-center/track.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { isoTimestamp, isoTimestampOrNull, selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { dayWindow, fieldUserInScope, fieldUsersSql } from './field-users.ts';
import { commandCenterSettingsOf } from './settings.ts';

// The shady transaction reports (issue 16, spec §2.6). For each field user of the acting unit's subtree and each
// day of the range: the day's positions are read once and normalised (track.ts) into fixes and stops (stops.ts);
// the user's receipts of the day get their place, time, accuracy and mock flag from their RECEIPT position event
// (ref = receipt_no; none: no place, time = created_at), the customer's location (the geocoded PRIMARY RESIDENCE
// address, else any geocoded address), deposited-at (the live, not rejected payment batch's created_at) and
// cancelled (status CANCELLED, which only CANCEL_REISSUE counts); the VISIT events (ref = account_no) are the
// visits. The domain's evaluateShadyRules decides, read as of now; the severity table says which report lists a rule.

type UserRow = { id: number | string; username: string; fullName: string };

type ReceiptRow = {
  id: number | string;
  receiptNo: string;
  accountId: number | string;
  accountNo: string;
  customerId: number | string;
  customerName: string;
  amountMinor: string | number | bigint;
  currency: string;
  mode: string;
  status: string;
  userId: number | string;
  createdAt: Date | string;
  fixTime: Date | string | null;
  latitude: number | string | null;
  longitude: number | string | null;
  accuracyM: number | string | null;
  mock: boolean | string | null;
  customerLatitude: number | string | null;
  customerLongitude: number | string | null;
  depositedAt: Date | string | null;
};

type PositionRow = {
  userId: number | string;
  fixTime: Date | string;
  latitude: number | string;
  longitude: number | string;
  accuracyM: number | string | null;
  speedKmh: number | string | null;
  battery: number | string | null;
  mock: boolean | string | null;
  eventType: string;
  customerId: number | string | null;
};

const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const bool = (value: unknown) => value === true || value === 't';
const inList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Every finding of the report over the range (unfiltered by severity and rule), in day, collector, time order.
 * `query.report` may name both reports (the dashboard's alerts): the receipts and tracks are then read and evaluated
 * once, and each row says its own report.
 */
export async function shadyFindings(
  deps: AppDeps,
  {
    ctx,
    query,
  }: {
    ctx: UnitContext;
    query: Pick<ShadyQuery, 'from' | 'to' | 'userId'> & { report: ShadyReport | readonly ShadyReport[] };
  },
): Promise<{ rows: ShadyFindingRow[]; geofenceRadiusM: number; timeZone: string }> {
  const timeZone = deps.config.scheduleTimeZone;
  const settings = await commandCenterSettingsOf(deps.db);
  const table = shadySeverityTable(settings);
  const reports: readonly ShadyReport[] = typeof query.report === 'string' ? [query.report] : query.report;
  const reportRules = new Set(reports.flatMap((report) => rulesOfReport(report, table)));
  const rowOf = new Map(table.map((row) => [row.rule, row]));
  const unitPath = ctx.actingUnit.path;

  let users: UserRow[];
  if (query.userId !== undefined) {
    const user = await fieldUserInScope(deps.db, unitPath, query.userId);
    if (!user) throw new AppError('NOT_FOUND', 'No field user with this id in your units.');
    users = [user];
  } else {
    users = await selectRows<UserRow>(deps.db, fieldUsersSql(unitPath));
  }
  if (users.length === 0) return { rows: [], geofenceRadiusM: settings.geofenceRadiusM, timeZone };
  const userIds = users.map((user) => Number(user.id));
  const from = dayWindow(query.from, timeZone).from.toISOString();
  const to = dayWindow(query.to, timeZone).to.toISOString();

  const receipts = await selectRows<ReceiptRow>(
    deps.db,
    sql`select r.id, r.receipt_no as "receiptNo", r.account_id as "accountId", a.account_no as "accountNo",
          r.customer_id as "customerId", c.name as "customerName", r.amount_minor as "amountMinor", r.currency,
          r.mode, r.status, r.received_by_user_id as "userId", r.created_at as "createdAt",
          e.fix_time as "fixTime", e.latitude, e.longitude, e.accuracy_m as "accuracyM", e.mock,
          loc.latitude as "customerLatitude", loc.longitude as "customerLongitude", dep.created_at as "depositedAt"
        from receipts r
        join accounts a on a.id = r.account_id
        join customers c on c.id = r.customer_id
        left join lateral (select p.fix_time, p.latitude, p.longitude, p.accuracy_m, p.mock from field_positions p
          where p.user_id = r.received_by_user_id and p.event_type = 'RECEIPT' and p.ref = r.receipt_no
            and p.fix_time >= ${from}::timestamptz and p.fix_time < ${to}::timestamptz
          order by p.fix_time limit 1) e on true
        left join lateral (select ad.latitude, ad.longitude from addresses ad
          where ad.customer_id = r.customer_id and ad.latitude is not null and ad.longitude is not null
          order by (ad.address_type = 'RESIDENCE' and ad.level = 'PRIMARY') desc, ad.id limit 1) loc on true
        left join lateral (select b.created_at from payment_batch_receipts pbr
          join payment_batches b on b.id = pbr.batch_id
          where pbr.receipt_id = r.id and pbr.live and b.status <> 'REJECTED'
          order by b.created_at limit 1) dep on true
        where r.received_by_user_id in (${inList(userIds)}) and r.unit_path like ${likePrefix(unitPath)}
          and coalesce(e.fix_time, r.created_at) >= ${from}::timestamptz
          and coalesce(e.fix_time, r.created_at) < ${to}::timestamptz
        order by r.id`,
  );
  if (receipts.length === 0) return { rows: [], geofenceRadiusM: settings.geofenceRadiusM, timeZone };

  // Only the user-days with receipts can have findings: their positions, read once per user.
  const receiptUsers = [...new Set(receipts.map((receipt) => Number(receipt.userId)))];
  const positions = await selectRows<PositionRow>(
    deps.db,
    sql`select p.user_id as "userId", p.fix_time as "fixTime", p.latitude, p.longitude, p.accuracy_m as "accuracyM",
          p.speed_kmh as "speedKmh", p.battery, p.mock, p.event_type as "eventType",
          case when p.event_type = 'VISIT' then (select a.customer_id from accounts a
            where a.account_no = p.ref and a.unit_path like ${likePrefix(unitPath)} limit 1) end as "customerId"
        from field_positions p
        where p.user_id in (${inList(receiptUsers)}) and p.fix_time >= ${from}::timestamptz
          and p.fix_time < ${to}::timestamptz
        order by p.user_id, p.fix_time, p.device_id, p.seq`,
  );

  const dayOf = (time: Date | string) => wallClock(new Date(time).getTime(), timeZone).date;
  const keyOf = (userId: number | string, date: string) => `${Number(userId)}|${date}`;
  const positionsByDay = new Map<string, PositionRow[]>();
  for (const position of positions) {
    const key = keyOf(position.userId, dayOf(position.fixTime));
    const list = positionsByDay.get(key) ?? [];
    list.push(position);
    positionsByDay.set(key, list);
  }
  const receiptTime = (receipt: ReceiptRow) => receipt.fixTime ?? receipt.createdAt;
  const receiptsByDay = new Map<string, ReceiptRow[]>();
  for (const receipt of receipts) {
    const key = keyOf(receipt.userId, dayOf(receiptTime(receipt)));
    const list = receiptsByDay.get(key) ?? [];
    list.push(receipt);
    receiptsByDay.set(key, list);
  }
  const userById = new Map(users.map((user) => [Number(user.id), user]));
  const receiptById = new Map(receipts.map((receipt) => [Number(receipt.id), receipt]));
  const now = deps.clock.now().getTime();
  const rows: ShadyFindingRow[] = [];

  const dayKeys = [...receiptsByDay.keys()].sort((a, b) => {
    const [userA, dateA] = a.split('|');
    const [userB, dateB] = b.split('|');
    return dateA!.localeCompare(dateB!) || Number(userA) - Number(userB);
  });
  for (const key of dayKeys) {
    const dayReceipts = receiptsByDay.get(key)!;
    const [userPart, date] = key.split('|') as [string, string];
    const dayPositions = positionsByDay.get(key) ?? [];
    const points: TrackPoint[] = dayPositions.map((position) => ({
      fixTime: isoTimestamp(position.fixTime),
      latitude: Number(position.latitude),
      longitude: Number(position.longitude),
      accuracyM: numOrNull(position.accuracyM),
      speedKmh: numOrNull(position.speedKmh),
      battery: numOrNull(position.battery),
      mock: bool(position.mock),
    }));
    const { fixes } = normaliseTrack(points, {
      accuracyM: settings.accuracyFilterM,
      maxSpeedKmh: settings.maxSpeedKmh,
      notAfter: now + FUTURE_TOLERANCE_MS,
    });
    const stops = detectStops(fixes, { radiusM: settings.stopRadiusM, minDurationS: settings.stopMinSeconds });
    const visits: VisitRecord[] = dayPositions
      .filter((position) => position.eventType === 'VISIT' && position.customerId !== null)
      .map((position) => ({
        customerId: Number(position.customerId),
        latitude: Number(position.latitude),
        longitude: Number(position.longitude),
      }));
    const input: ShadyReceipt[] = dayReceipts.map((receipt) => ({
      id: Number(receipt.id),
      customerId: Number(receipt.customerId),
      accountId: Number(receipt.accountId),
      receivedAt: isoTimestamp(receiptTime(receipt)),
      amountMinor: BigInt(receipt.amountMinor),
      currency: receipt.currency,
      mode: receipt.mode,
      latitude: numOrNull(receipt.latitude),
      longitude: numOrNull(receipt.longitude),
      accuracyM: numOrNull(receipt.accuracyM),
      mock: bool(receipt.mock),
      depositedAt: isoTimestampOrNull(receipt.depositedAt),
      customerLocation:
        receipt.customerLatitude === null || receipt.customerLongitude === null
          ? null
          : { latitude: Number(receipt.customerLatitude), longitude: Number(receipt.customerLongitude) },
      cancelled: receipt.status === 'CANCELLED',
    }));
    const findings = evaluateShadyRules(
      { receipts: input, fixes, stops, visits, asOf: now, thresholds: settings, timeZone },
      [...reportRules],
    );
    const user = userById.get(Number(userPart))!;
    for (const finding of findings) {
      const receipt = receiptById.get(Number(finding.receiptId))!;
      const shape = input.find((candidate) => candidate.id === Number(finding.receiptId))!;
      rows.push({
        key: `${receipt.id}-${finding.rule}`,
        rule: finding.rule,
        severity: finding.severity,
        basis: rowOf.get(finding.rule)!.basis,
        report: rowOf.get(finding.rule)!.report,
        measured: { ...finding.measured },
        receipt: {
          id: Number(receipt.id),
          receiptNo: receipt.receiptNo,
          amountMinor: String(receipt.amountMinor),
          currency: receipt.currency,
          mode: receipt.mode,
          status: receipt.status,
          time: isoTimestamp(receiptTime(receipt)),
          place:
            shape.latitude === null || shape.longitude === null
              ? null
              : { latitude: shape.latitude, longitude: shape.longitude },
          accuracyM: shape.accuracyM ?? null,
          mock: shape.mock === true,
          depositedAt: shape.depositedAt == null ? null : String(shape.depositedAt),
        },
        account: { id: Number(receipt.accountId), accountNo: receipt.accountNo },
        customer: { id: Number(receipt.customerId), name: receipt.customerName, place: shape.customerLocation },
        collector: { id: Number(user.id), username: user.username, fullName: user.fullName },
        date,
        visits: visits
          .filter((visit) => visit.customerId === Number(receipt.customerId))
          .map(({ latitude, longitude }) => ({ latitude, longitude })),
        stops: stops
          .filter((stop) => stop.endTime >= finding.time - 3_600_000 && stop.startTime <= finding.time + 3_600_000)
          .map((stop) => ({
            latitude: stop.latitude,
            longitude: stop.longitude,
            startTime: new Date(stop.startTime).toISOString(),
            endTime: new Date(stop.endTime).toISOString(),
          })),
        relatedReceiptNos: finding.relatedReceiptIds
          .map((id) => receiptById.get(Number(id))?.receiptNo)
          .filter((no): no is string => no !== undefined),
      });
    }
  }
  return { rows, geofenceRadiusM: settings.geofenceRadiusM, timeZone };
}

/** GET /api/cmd-center/shady: one page of the report's findings with the counts per severity and per rule. */
export async function readShadyReport(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: ShadyQuery },
): Promise<ShadyReply> {
  const { rows, geofenceRadiusM, timeZone } = await shadyFindings(deps, { ctx, query });
  const { filtered, severityCounts, ruleCounts } = filterFindings(rows, query);
  const offset = (query.page - 1) * query.pageSize;
  return {
    report: query.report,
    from: query.from,
    to: query.to,
    timeZone,
    geofenceRadiusM,
    severityCounts,
    ruleCounts,
    total: filtered.length,
    page: query.page,
    pageSize: query.pageSize,
    rows: filtered.slice(offset, offset + query.pageSize),
  };
}

/** The severity and rule filters, and the counts the chips show (each before its own filter). */
export function filterFindings(
  rows: readonly ShadyFindingRow[],
  query: { report: ShadyReport; severity?: ShadyFindingRow['severity']; rule?: ShadyFindingRow['rule'] },
) {
  const byRule = rows.filter((row) => query.rule === undefined || row.rule === query.rule);
  const bySeverity = rows.filter((row) => query.severity === undefined || row.severity === query.severity);
  const severityCounts = Object.fromEntries(
    SEVERITIES.map((severity) => [severity, byRule.filter((row) => row.severity === severity).length]),
  ) as ShadyReply['severityCounts'];
  const counts = new Map<ShadyFindingRow['rule'], number>();
  for (const row of bySeverity) counts.set(row.rule, (counts.get(row.rule) ?? 0) + 1);
  const ruleCounts = [...counts].map(([rule, count]) => ({ rule, count }));
  const filtered = byRule.filter((row) => query.severity === undefined || row.severity === query.severity);
  return { filtered, severityCounts, ruleCounts };
}
