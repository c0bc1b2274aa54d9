import { CALLING_WINDOW } from '../collections/calling-window.ts';
import { addDays } from '../dates.ts';
import { breaches269ST, CASH_LIMIT_269ST_MINOR } from '../receipts/posting.ts';
import { distanceM, type Point } from './geometry.ts';
import type { CommandCenterSettings } from './settings.ts';
import { closestApproachM, type Id, type Stop } from './stops.ts';
import { COMMAND_CENTER_TIME_ZONE, toEpochMs, wallClock, zonedEpochMs, type Instant } from './time.ts';
import type { Fix } from './track.ts';

// Shady-transaction rules (issue 16, domain §4): each rule is a pure function over a collector's day — the day's
// receipts, the day's normalised track (track.ts) and its stops (stops.ts) — and returns findings with a severity.
// A rule measures numbers about a receipt (a distance, minutes, a count …); the severity is the most severe band of
// SHADY_SEVERITY_TABLE whose measure holds a value in (above, upTo]. The table is data, so the settings screen and
// the documentation show exactly what the rules apply. Cancelled receipts count only for CANCEL_REISSUE.
//
// | rule                      | basis            | measure (finding)           | YELLOW       | AMBER         | RED              |
// |---------------------------|------------------|-----------------------------|--------------|---------------|------------------|
// | FAR_FROM_CUSTOMER         | Arukus           | distanceM ¹                 | > X … 2X     | > 2X … 4X     | > 4X             |
// | NEVER_IN_GEOFENCE         | Arukus           | closestApproachM ²          | > R … 2R     | > 2R … 5R     | farther / no fix |
// | MOCK_LOCATION             | Arukus           | mock, locationMissing ³     |              | no location   | mock             |
// | MANY_RECEIPTS_STATIONARY  | Arukus           | receiptsAtStop ⁴            | N … N+1      | N+2 … N+3     | N+4 or more      |
// | OUTSIDE_HOURS             | RBI 2022 (§2.2)  | minutesOutside ⁵            | 1 … 60       | 61 … 180      | more than 180    |
// | IMPOSSIBLE_TRAVEL         | our rule         | speedKmh ⁶                  | > V … 1.5V   | > 1.5V … 3V   | > 3V             |
// | CASH_269ST                | §269ST           | dayCashMinor ⁷              |              |               | ≥ ₹2,00,000      |
// | CASH_NOT_DEPOSITED        | deposit tracking | hoursLate, undeposited ⁸    | late ≤ 24 h  | late > 24 h   | still undeposited|
// | CANCEL_REISSUE            | our rule         | cancellations ⁹             |              | > C … 2C      | > 2C             |
//
// X = shadyFarM (500 m), R = geofenceRadiusM (150 m), N = shadyStationaryReceipts (3), V = impossibleTravelKmh (80),
// C = maxCancellations (2); the days of T+1 = depositDays (1). Defaults in settings.ts.
// ¹ from the receipt's position to the nearer of the customer's registered address and the places the collector
//   recorded a visit to THIS customer that day (a borrower met at work), less the receipt's accuracy radius.
// ² the nearest any of the day's fixes came to the address, when never within R (the geofence was never entered).
// ³ the receipt says mock, or a fix within 2 minutes of it does (RED); the receipt has no position (AMBER: location
//   services off).
// ⁴ live receipts taken during one stop (its time ± 1 minute) at its place (within the stop radius plus the
//   receipt's accuracy); every receipt of the stop gets the finding. Splitting one payment into several receipts is
//   also how §269ST is dodged, so receipts are counted, not customers (distinctCustomers is measured too).
// ⁵ minutes before 08:00 or after 19:00 India time, minute by minute as the calling window reads it (19:00 itself is
//   inside).
// ⁶ between a receipt and the previous one (time order, both with a position): the straight-line distance less both
//   accuracy radii, over the time between them (at least one second). The finding is on the later receipt.
// ⁷ one customer's cash (INR) in one India-time day, running total: from the receipt that reaches the limit on.
// ⁸ a cash receipt must be deposited by the end of day T + depositDays (India time); deposited later: hours late;
//   not deposited and the deadline has passed at `asOf`: undeposited.
// ⁹ cancelled receipts of one account (else customer) that day; the finding is on its latest live receipt (else its
//   latest cancelled one).

export const SHADY_RULES = [
  'FAR_FROM_CUSTOMER',
  'NEVER_IN_GEOFENCE',
  'MOCK_LOCATION',
  'MANY_RECEIPTS_STATIONARY',
  'OUTSIDE_HOURS',
  'IMPOSSIBLE_TRAVEL',
  'CASH_269ST',
  'CASH_NOT_DEPOSITED',
  'CANCEL_REISSUE',
] as const;
export type ShadyRule = (typeof SHADY_RULES)[number];

/** Most severe first. */
export const SEVERITIES = ['RED', 'AMBER', 'YELLOW'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SHADY_BASES = ['ARUKUS', 'RBI_2022', 'OUR_RULE', 'ITA_269ST', 'DEPOSIT_TRACKING'] as const;
export type ShadyBasis = (typeof SHADY_BASES)[number];

/** Which report lists a rule's findings: Shady Transaction Time or Shady Transaction Location. */
export const SHADY_REPORTS = ['TIME', 'LOCATION'] as const;
export type ShadyReport = (typeof SHADY_REPORTS)[number];

export const SHADY_MEASURES = [
  'distanceM',
  'closestApproachM',
  'noTrackNear',
  'mock',
  'locationMissing',
  'receiptsAtStop',
  'minutesOutside',
  'speedKmh',
  'dayCashMinor',
  'hoursLate',
  'undeposited',
  'cancellations',
] as const;
export type ShadyMeasure = (typeof SHADY_MEASURES)[number];

/** A severity band: the measure's value v matches when above < v ≤ upTo (a null bound is open). */
export type SeverityBand = { severity: Severity; measure: ShadyMeasure; above: number | null; upTo: number | null };

export type ShadyRuleRow = { rule: ShadyRule; basis: ShadyBasis; report: ShadyReport; bands: SeverityBand[] };

export type ShadyThresholds = Pick<
  CommandCenterSettings,
  | 'shadyFarM'
  | 'geofenceRadiusM'
  | 'stopRadiusM'
  | 'shadyStationaryReceipts'
  | 'impossibleTravelKmh'
  | 'depositDays'
  | 'maxCancellations'
>;

const band = (severity: Severity, measure: ShadyMeasure, above: number | null, upTo: number | null): SeverityBand => ({
  severity,
  measure,
  above,
  upTo,
});

/** A fix this close in time to a receipt that says mock makes the receipt's location mock. */
export const MOCK_WINDOW_MS = 120_000;
/** A receipt this close in time to a stop's start or end is taken during the stop. */
export const STOP_TIME_SLACK_MS = 60_000;

/** The rules' severity bands for the given thresholds (the table above, as data). */
export function shadySeverityTable(t: ShadyThresholds): ShadyRuleRow[] {
  const x = t.shadyFarM;
  const r = t.geofenceRadiusM;
  const n = t.shadyStationaryReceipts;
  const v = t.impossibleTravelKmh;
  const c = t.maxCancellations;
  return [
    {
      rule: 'FAR_FROM_CUSTOMER',
      basis: 'ARUKUS',
      report: 'LOCATION',
      bands: [
        band('YELLOW', 'distanceM', x, 2 * x),
        band('AMBER', 'distanceM', 2 * x, 4 * x),
        band('RED', 'distanceM', 4 * x, null),
      ],
    },
    {
      rule: 'NEVER_IN_GEOFENCE',
      basis: 'ARUKUS',
      report: 'LOCATION',
      bands: [
        band('YELLOW', 'closestApproachM', r, 2 * r),
        band('AMBER', 'closestApproachM', 2 * r, 5 * r),
        band('RED', 'closestApproachM', 5 * r, null),
        band('RED', 'noTrackNear', 0, null),
      ],
    },
    {
      rule: 'MOCK_LOCATION',
      basis: 'ARUKUS',
      report: 'LOCATION',
      bands: [band('AMBER', 'locationMissing', 0, null), band('RED', 'mock', 0, null)],
    },
    {
      rule: 'MANY_RECEIPTS_STATIONARY',
      basis: 'ARUKUS',
      report: 'LOCATION',
      bands: [
        band('YELLOW', 'receiptsAtStop', n - 1, n + 1),
        band('AMBER', 'receiptsAtStop', n + 1, n + 3),
        band('RED', 'receiptsAtStop', n + 3, null),
      ],
    },
    {
      rule: 'OUTSIDE_HOURS',
      basis: 'RBI_2022',
      report: 'TIME',
      bands: [
        band('YELLOW', 'minutesOutside', 0, 60),
        band('AMBER', 'minutesOutside', 60, 180),
        band('RED', 'minutesOutside', 180, null),
      ],
    },
    {
      rule: 'IMPOSSIBLE_TRAVEL',
      basis: 'OUR_RULE',
      report: 'TIME',
      bands: [
        band('YELLOW', 'speedKmh', v, 1.5 * v),
        band('AMBER', 'speedKmh', 1.5 * v, 3 * v),
        band('RED', 'speedKmh', 3 * v, null),
      ],
    },
    {
      rule: 'CASH_269ST',
      basis: 'ITA_269ST',
      report: 'TIME',
      bands: [band('RED', 'dayCashMinor', Number(CASH_LIMIT_269ST_MINOR) - 1, null)],
    },
    {
      rule: 'CASH_NOT_DEPOSITED',
      basis: 'DEPOSIT_TRACKING',
      report: 'TIME',
      bands: [
        band('YELLOW', 'hoursLate', 0, 24),
        band('AMBER', 'hoursLate', 24, null),
        band('RED', 'undeposited', 0, null),
      ],
    },
    {
      rule: 'CANCEL_REISSUE',
      basis: 'OUR_RULE',
      report: 'TIME',
      bands: [band('AMBER', 'cancellations', c, 2 * c), band('RED', 'cancellations', 2 * c, null)],
    },
  ];
}

export type Measured = Partial<Record<ShadyMeasure, number>> & Record<string, number>;

/** The most severe band the measured values fall in, else null (no finding). */
export function severityOf(bands: readonly SeverityBand[], measured: Measured): Severity | null {
  for (const severity of SEVERITIES) {
    for (const b of bands) {
      if (b.severity !== severity) continue;
      const value = measured[b.measure];
      if (value === undefined || !Number.isFinite(value)) continue;
      if ((b.above === null || value > b.above) && (b.upTo === null || value <= b.upTo)) return severity;
    }
  }
  return null;
}

export type ShadyReceipt = {
  id: Id;
  customerId: Id;
  accountId?: Id | null;
  receivedAt: Instant;
  amountMinor: bigint;
  currency: string;
  /** a receipt mode (receipts/contracts.ts RECEIPT_MODES): CASH, UPI … */
  mode: string;
  /** where the receipt was taken; null when the phone gave no position */
  latitude: number | null;
  longitude: number | null;
  accuracyM?: number | null;
  mock?: boolean | null;
  depositedAt?: Instant | null;
  /** the customer's geocoded registered address; null when not geocoded */
  customerLocation: Point | null;
  cancelled?: boolean;
};

/** A place the collector recorded a visit to a customer (the field app's visit, with its geotag). */
export type VisitRecord = { customerId: Id; latitude: number; longitude: number };

export type ShadyInput = {
  receipts: readonly ShadyReceipt[];
  /** the day's normalised track and its stops */
  fixes: readonly Fix[];
  stops: readonly Stop[];
  visits?: readonly VisitRecord[];
  /** when the rules are read (for T+1) */
  asOf: Instant;
  thresholds: ShadyThresholds;
  timeZone?: string;
};

export type ShadyFinding = {
  rule: ShadyRule;
  severity: Severity;
  receiptId: Id;
  customerId: Id;
  /** the receipt's time, epoch ms */
  time: number;
  measured: Measured;
  /** the other receipts the finding is about (the previous receipt of an impossible travel, the stop's others …) */
  relatedReceiptIds: Id[];
};

type Prepared = ShadyReceipt & { time: number };

function prepare(receipts: readonly ShadyReceipt[]): Prepared[] {
  return receipts
    .map((receipt) => ({ ...receipt, time: toEpochMs(receipt.receivedAt) }))
    .filter((receipt) => Number.isFinite(receipt.time))
    .sort((a, b) => a.time - b.time);
}

const live = (receipts: readonly ShadyReceipt[]) => prepare(receipts.filter((receipt) => !receipt.cancelled));

function positionOf(receipt: ShadyReceipt): Point | null {
  return receipt.latitude === null || receipt.longitude === null
    ? null
    : { latitude: receipt.latitude, longitude: receipt.longitude };
}

function bandsOf(thresholds: ShadyThresholds, rule: ShadyRule): SeverityBand[] {
  return shadySeverityTable(thresholds).find((row) => row.rule === rule)!.bands;
}

function finding(
  rule: ShadyRule,
  bands: readonly SeverityBand[],
  receipt: Prepared,
  measured: Measured,
  relatedReceiptIds: Id[] = [],
): ShadyFinding | null {
  const severity = severityOf(bands, measured);
  return severity
    ? {
        rule,
        severity,
        receiptId: receipt.id,
        customerId: receipt.customerId,
        time: receipt.time,
        measured,
        relatedReceiptIds,
      }
    : null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const present = <T>(value: T | null): value is T => value !== null;

/** FAR_FROM_CUSTOMER (¹). */
export function farFromCustomer(input: ShadyInput): ShadyFinding[] {
  const bands = bandsOf(input.thresholds, 'FAR_FROM_CUSTOMER');
  const visitsByCustomer = new Map<Id, Point[]>();
  for (const visit of input.visits ?? []) {
    const list = visitsByCustomer.get(visit.customerId) ?? [];
    list.push(visit);
    visitsByCustomer.set(visit.customerId, list);
  }
  return live(input.receipts)
    .map((receipt) => {
      const at = positionOf(receipt);
      if (!at) return null;
      const addressM = receipt.customerLocation ? distanceM(at, receipt.customerLocation) : null;
      const visitM = (visitsByCustomer.get(receipt.customerId) ?? []).reduce<number | null>(
        (best, place) => Math.min(best ?? Infinity, distanceM(at, place)),
        null,
      );
      if (addressM === null && visitM === null) return null;
      const nearest = Math.min(addressM ?? Infinity, visitM ?? Infinity);
      const measured: Measured = { distanceM: Math.round(Math.max(0, nearest - (receipt.accuracyM ?? 0))) };
      if (addressM !== null) measured.addressDistanceM = Math.round(addressM);
      if (visitM !== null) measured.visitDistanceM = Math.round(visitM);
      return finding('FAR_FROM_CUSTOMER', bands, receipt, measured);
    })
    .filter(present);
}

/** NEVER_IN_GEOFENCE (²). */
export function neverInGeofence(input: ShadyInput): ShadyFinding[] {
  const bands = bandsOf(input.thresholds, 'NEVER_IN_GEOFENCE');
  const r = input.thresholds.geofenceRadiusM;
  const receipts = live(input.receipts).filter((receipt) => receipt.customerLocation !== null);
  const customers = new Map<Id, Point>();
  for (const receipt of receipts) customers.set(receipt.customerId, receipt.customerLocation!);
  const closest = closestApproachM(
    input.fixes,
    [...customers].map(([id, place]) => ({ id, ...place })),
    5 * r,
  );
  return receipts
    .map((receipt) => {
      const d = closest.get(receipt.customerId) ?? null;
      if (d !== null && d <= r) return null;
      const measured: Measured = d === null ? { noTrackNear: 1 } : { closestApproachM: Math.round(d) };
      measured.geofenceRadiusM = r;
      return finding('NEVER_IN_GEOFENCE', bands, receipt, measured);
    })
    .filter(present);
}

/** The index of the first fix at or after `time` (binary search over the sorted fixes). */
function firstFixFrom(fixes: readonly Fix[], time: number): number {
  let low = 0;
  let high = fixes.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (fixes[mid]!.time < time) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** MOCK_LOCATION (³). */
export function mockLocation(input: ShadyInput): ShadyFinding[] {
  const bands = bandsOf(input.thresholds, 'MOCK_LOCATION');
  return live(input.receipts)
    .map((receipt) => {
      let mockFix = false;
      for (let i = firstFixFrom(input.fixes, receipt.time - MOCK_WINDOW_MS); i < input.fixes.length; i++) {
        const fix = input.fixes[i]!;
        if (fix.time > receipt.time + MOCK_WINDOW_MS) break;
        if (fix.mock) {
          mockFix = true;
          break;
        }
      }
      const measured: Measured = {
        mock: receipt.mock === true || mockFix ? 1 : 0,
        locationMissing: positionOf(receipt) ? 0 : 1,
      };
      return finding('MOCK_LOCATION', bands, receipt, measured);
    })
    .filter(present);
}

/** MANY_RECEIPTS_STATIONARY (⁴). */
export function manyReceiptsWhileStationary(input: ShadyInput): ShadyFinding[] {
  const bands = bandsOf(input.thresholds, 'MANY_RECEIPTS_STATIONARY');
  const receipts = live(input.receipts);
  const times = receipts.map((receipt) => receipt.time);
  const findings: ShadyFinding[] = [];
  for (const stop of input.stops) {
    const from = stop.startTime - STOP_TIME_SLACK_MS;
    const to = stop.endTime + STOP_TIME_SLACK_MS;
    let low = 0;
    let high = times.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (times[mid]! < from) low = mid + 1;
      else high = mid;
    }
    const atStop: Prepared[] = [];
    for (let i = low; i < receipts.length && receipts[i]!.time <= to; i++) {
      const receipt = receipts[i]!;
      const at = positionOf(receipt);
      if (!at || distanceM(at, stop) <= input.thresholds.stopRadiusM + (receipt.accuracyM ?? 0)) atStop.push(receipt);
    }
    const measured: Measured = {
      receiptsAtStop: atStop.length,
      distinctCustomers: new Set(atStop.map((receipt) => receipt.customerId)).size,
      stopMinutes: Math.round(stop.durationMs / 60_000),
    };
    if (!severityOf(bands, measured)) continue;
    for (const receipt of atStop) {
      const others = atStop.filter((other) => other !== receipt).map((other) => other.id);
      findings.push(finding('MANY_RECEIPTS_STATIONARY', bands, receipt, { ...measured }, others)!);
    }
  }
  return findings;
}

/** Minutes outside 08:00–19:00 on the zone's wall clock (0 inside), minute by minute. */
export function minutesOutsideWindow(time: number, timeZone: string = COMMAND_CENTER_TIME_ZONE): number {
  const clock = wallClock(time, timeZone);
  const minutes = clock.hour * 60 + clock.minute;
  const start = CALLING_WINDOW.startHour * 60;
  const end = CALLING_WINDOW.endHour * 60;
  return minutes < start ? start - minutes : minutes > end ? minutes - end : 0;
}

/** OUTSIDE_HOURS (⁵). */
export function outsideHours(input: ShadyInput): ShadyFinding[] {
  const bands = bandsOf(input.thresholds, 'OUTSIDE_HOURS');
  const zone = input.timeZone ?? COMMAND_CENTER_TIME_ZONE;
  return live(input.receipts)
    .map((receipt) => {
      const clock = wallClock(receipt.time, zone);
      return finding('OUTSIDE_HOURS', bands, receipt, {
        minutesOutside: minutesOutsideWindow(receipt.time, zone),
        localMinutes: clock.hour * 60 + clock.minute,
      });
    })
    .filter(present);
}

/** IMPOSSIBLE_TRAVEL (⁶). */
export function impossibleTravel(input: ShadyInput): ShadyFinding[] {
  const bands = bandsOf(input.thresholds, 'IMPOSSIBLE_TRAVEL');
  const placed = live(input.receipts).filter((receipt) => positionOf(receipt) !== null);
  const findings: ShadyFinding[] = [];
  for (let i = 1; i < placed.length; i++) {
    const previous = placed[i - 1]!;
    const receipt = placed[i]!;
    const straight = distanceM(positionOf(previous)!, positionOf(receipt)!);
    const distance = Math.max(0, straight - (previous.accuracyM ?? 0) - (receipt.accuracyM ?? 0));
    const seconds = Math.max(1, (receipt.time - previous.time) / 1000);
    const result = finding(
      'IMPOSSIBLE_TRAVEL',
      bands,
      receipt,
      { speedKmh: round1((distance / seconds) * 3.6), distanceM: Math.round(straight), seconds: Math.round(seconds) },
      [previous.id],
    );
    if (result) findings.push(result);
  }
  return findings;
}

/** CASH_269ST (⁷). */
export function cash269st(input: ShadyInput): ShadyFinding[] {
  const bands = bandsOf(input.thresholds, 'CASH_269ST');
  const zone = input.timeZone ?? COMMAND_CENTER_TIME_ZONE;
  const totals = new Map<string, bigint>();
  const earlier = new Map<string, Id[]>();
  const findings: ShadyFinding[] = [];
  for (const receipt of live(input.receipts)) {
    if (receipt.mode !== 'CASH' || receipt.currency !== 'INR') continue;
    const key = `${String(receipt.customerId)}|${wallClock(receipt.time, zone).date}`;
    const before = totals.get(key) ?? 0n;
    const total = before + receipt.amountMinor;
    totals.set(key, total);
    const others = earlier.get(key) ?? [];
    earlier.set(key, [...others, receipt.id]);
    if (!breaches269ST(receipt.amountMinor, before)) continue;
    const result = finding('CASH_269ST', bands, receipt, { dayCashMinor: Number(total) }, others);
    if (result) findings.push(result);
  }
  return findings;
}

/** The instant by which a cash receipt of `time` must be deposited: the end of day T + depositDays (zone time). */
export function depositDeadline(
  time: number,
  depositDays: number,
  timeZone: string = COMMAND_CENTER_TIME_ZONE,
): number {
  return zonedEpochMs(addDays(wallClock(time, timeZone).date, depositDays + 1), 0, timeZone);
}

/** CASH_NOT_DEPOSITED (⁸). */
export function cashNotDeposited(input: ShadyInput): ShadyFinding[] {
  const bands = bandsOf(input.thresholds, 'CASH_NOT_DEPOSITED');
  const zone = input.timeZone ?? COMMAND_CENTER_TIME_ZONE;
  const asOf = toEpochMs(input.asOf);
  return live(input.receipts)
    .filter((receipt) => receipt.mode === 'CASH')
    .map((receipt) => {
      const deadline = depositDeadline(receipt.time, input.thresholds.depositDays, zone);
      const deposited = receipt.depositedAt == null ? Number.NaN : toEpochMs(receipt.depositedAt);
      if (Number.isFinite(deposited)) {
        return finding('CASH_NOT_DEPOSITED', bands, receipt, { hoursLate: round1((deposited - deadline) / 3_600_000) });
      }
      if (asOf < deadline) return null;
      return finding('CASH_NOT_DEPOSITED', bands, receipt, {
        undeposited: 1,
        hoursLate: round1((asOf - deadline) / 3_600_000),
      });
    })
    .filter(present);
}

/** CANCEL_REISSUE (⁹). */
export function cancelReissue(input: ShadyInput): ShadyFinding[] {
  const bands = bandsOf(input.thresholds, 'CANCEL_REISSUE');
  const groups = new Map<string, Prepared[]>();
  for (const receipt of prepare(input.receipts)) {
    const key = receipt.accountId != null ? `a:${String(receipt.accountId)}` : `c:${String(receipt.customerId)}`;
    const list = groups.get(key) ?? [];
    list.push(receipt);
    groups.set(key, list);
  }
  const findings: ShadyFinding[] = [];
  for (const receipts of groups.values()) {
    const cancelled = receipts.filter((receipt) => receipt.cancelled);
    const livers = receipts.filter((receipt) => !receipt.cancelled);
    const subject = livers[livers.length - 1] ?? cancelled[cancelled.length - 1];
    if (!subject) continue;
    const result = finding(
      'CANCEL_REISSUE',
      bands,
      subject,
      { cancellations: cancelled.length },
      cancelled.filter((receipt) => receipt !== subject).map((receipt) => receipt.id),
    );
    if (result) findings.push(result);
  }
  return findings;
}

const RULE_FUNCTIONS: Record<ShadyRule, (input: ShadyInput) => ShadyFinding[]> = {
  FAR_FROM_CUSTOMER: farFromCustomer,
  NEVER_IN_GEOFENCE: neverInGeofence,
  MOCK_LOCATION: mockLocation,
  MANY_RECEIPTS_STATIONARY: manyReceiptsWhileStationary,
  OUTSIDE_HOURS: outsideHours,
  IMPOSSIBLE_TRAVEL: impossibleTravel,
  CASH_269ST: cash269st,
  CASH_NOT_DEPOSITED: cashNotDeposited,
  CANCEL_REISSUE: cancelReissue,
};

/** Every rule's findings for the day, in time order (then rule order). */
export function evaluateShadyRules(input: ShadyInput, rules: readonly ShadyRule[] = SHADY_RULES): ShadyFinding[] {
  return rules
    .flatMap((rule) => RULE_FUNCTIONS[rule](input))
    .sort((a, b) => a.time - b.time || SHADY_RULES.indexOf(a.rule) - SHADY_RULES.indexOf(b.rule));
}
