import { describe, expect, it } from 'vitest';
import type { Point } from './geometry.ts';
import { DEFAULT_COMMAND_CENTER_SETTINGS } from './settings.ts';
import {
  cancelReissue,
  cash269st,
  cashNotDeposited,
  depositDeadline,
  evaluateShadyRules,
  farFromCustomer,
  impossibleTravel,
  manyReceiptsWhileStationary,
  mockLocation,
  neverInGeofence,
  outsideHours,
  severityOf,
  SEVERITIES,
  SHADY_RULES,
  shadySeverityTable,
  type ShadyInput,
  type ShadyReceipt,
} from './shady-rules.ts';
import type { Stop } from './stops.ts';
import type { Fix } from './track.ts';

const HOME = { latitude: 19.1197, longitude: 72.8468 };
const at = (northM: number, eastM = 0, from: Point = HOME): Point => ({
  latitude: from.latitude + northM / 111_195,
  longitude: from.longitude + eastM / (111_195 * Math.cos((from.latitude * Math.PI) / 180)),
});
/** A wall-clock time in India on 20 Nov 2026 (day offsets allowed), as epoch ms. */
const IST = (hh: number, mm: number, day = 0) => Date.UTC(2026, 10, 20 + day, hh, mm) - 330 * 60_000;
const fix = (time: number, point: Point, mock = false): Fix => ({
  time,
  ...point,
  accuracyM: 10,
  speedKmh: null,
  battery: null,
  mock,
});

let nextId = 1;
const receipt = (overrides: Partial<ShadyReceipt> = {}): ShadyReceipt => ({
  id: `R${nextId++}`,
  customerId: 'C1',
  accountId: null,
  receivedAt: IST(11, 0),
  amountMinor: 1_000_00n,
  currency: 'INR',
  mode: 'UPI',
  ...HOME,
  accuracyM: 0,
  mock: false,
  depositedAt: null,
  customerLocation: HOME,
  ...overrides,
});
const thresholds = DEFAULT_COMMAND_CENTER_SETTINGS;
const input = (receipts: ShadyReceipt[], extra: Partial<ShadyInput> = {}): ShadyInput => ({
  receipts,
  fixes: [fix(IST(10, 55), HOME), fix(IST(11, 5), HOME)],
  stops: [],
  asOf: IST(12, 0),
  thresholds,
  ...extra,
});
const severities = (findings: { severity: string }[]) => findings.map((f) => f.severity);

describe('the severity table', () => {
  const table = shadySeverityTable(thresholds);

  it('has every rule once, each band on a measure, severities most severe first', () => {
    expect(table.map((row) => row.rule)).toEqual([...SHADY_RULES]);
    expect(SEVERITIES).toEqual(['RED', 'AMBER', 'YELLOW']);
    for (const row of table) expect(row.bands.length).toBeGreaterThan(0);
    expect(new Set(table.map((row) => row.report))).toEqual(new Set(['TIME', 'LOCATION']));
  });

  it('derives its bands from the thresholds (the defaults: 500 m, 80 km/h …)', () => {
    const far = table.find((row) => row.rule === 'FAR_FROM_CUSTOMER')!.bands;
    expect(far.map((b) => [b.severity, b.above, b.upTo])).toEqual([
      ['YELLOW', 500, 1000],
      ['AMBER', 1000, 2000],
      ['RED', 2000, null],
    ]);
    const travel = shadySeverityTable({ ...thresholds, impossibleTravelKmh: 60 }).find(
      (row) => row.rule === 'IMPOSSIBLE_TRAVEL',
    )!;
    expect(travel.bands.map((b) => b.above)).toEqual([60, 90, 180]);
  });

  it('matches a value above the lower bound and up to the upper bound, the most severe band winning', () => {
    const far = table.find((row) => row.rule === 'FAR_FROM_CUSTOMER')!.bands;
    expect(severityOf(far, { distanceM: 500 })).toBeNull();
    expect(severityOf(far, { distanceM: 501 })).toBe('YELLOW');
    expect(severityOf(far, { distanceM: 1000 })).toBe('YELLOW');
    expect(severityOf(far, { distanceM: 1001 })).toBe('AMBER');
    expect(severityOf(far, { distanceM: 1e9 })).toBe('RED');
    expect(severityOf(far, {})).toBeNull();
    const deposit = table.find((row) => row.rule === 'CASH_NOT_DEPOSITED')!.bands;
    expect(severityOf(deposit, { hoursLate: 5, undeposited: 1 })).toBe('RED');
  });
});

describe('FAR_FROM_CUSTOMER', () => {
  const far = (northM: number, extra: Partial<ShadyReceipt> = {}, visits: ShadyInput['visits'] = []) =>
    farFromCustomer(input([receipt({ ...at(northM), ...extra })], { visits }));

  it('grades the distance from the address: ≤ X none, yellow, amber, red', () => {
    expect(far(400)).toEqual([]);
    expect(severities(far(700))).toEqual(['YELLOW']);
    expect(severities(far(1500))).toEqual(['AMBER']);
    expect(severities(far(2500))).toEqual(['RED']);
    expect(far(2500)[0]!.measured).toMatchObject({ distanceM: 2500, addressDistanceM: 2500 });
  });

  it('is clear near a place the collector recorded a visit to this customer, not to another one', () => {
    expect(far(3000, {}, [{ customerId: 'C1', ...at(2950) }])).toEqual([]);
    expect(severities(far(3000, {}, [{ customerId: 'C2', ...at(2950) }]))).toEqual(['RED']);
    // no address, but a visit place
    expect(severities(far(3000, { customerLocation: null }, [{ customerId: 'C1', ...HOME }]))).toEqual(['RED']);
  });

  it('takes the receipt’s accuracy off, and skips receipts with no position, no reference place or cancelled', () => {
    expect(far(600, { accuracyM: 150 })).toEqual([]);
    expect(far(3000, { latitude: null, longitude: null })).toEqual([]);
    expect(far(3000, { customerLocation: null })).toEqual([]);
    expect(far(3000, { cancelled: true })).toEqual([]);
  });
});

describe('NEVER_IN_GEOFENCE', () => {
  const track = (northM: number) => [fix(IST(10, 0), at(northM)), fix(IST(10, 1), at(northM + 5000))];

  it('is clear when the track entered the geofence that day', () => {
    expect(neverInGeofence(input([receipt()], { fixes: track(100) }))).toEqual([]);
  });

  it('grades the nearest approach: yellow to 2R, amber to 5R, red beyond or with no track', () => {
    expect(severities(neverInGeofence(input([receipt()], { fixes: track(250) })))).toEqual(['YELLOW']);
    expect(severities(neverInGeofence(input([receipt()], { fixes: track(500) })))).toEqual(['AMBER']);
    const beyond = neverInGeofence(input([receipt()], { fixes: track(1000) }));
    expect(severities(beyond)).toEqual(['RED']);
    expect(beyond[0]!.measured).toMatchObject({ noTrackNear: 1, geofenceRadiusM: 150 });
    expect(severities(neverInGeofence(input([receipt()], { fixes: [] })))).toEqual(['RED']);
    expect(neverInGeofence(input([receipt({ customerLocation: null })], { fixes: [] }))).toEqual([]);
  });
});

describe('MOCK_LOCATION', () => {
  it('is red for a mock receipt or a mock fix within 2 minutes, amber with no position', () => {
    expect(severities(mockLocation(input([receipt({ mock: true })])))).toEqual(['RED']);
    const mockFix = input([receipt()], { fixes: [fix(IST(11, 1), HOME, true)] });
    expect(severities(mockLocation(mockFix))).toEqual(['RED']);
    const later = input([receipt()], { fixes: [fix(IST(11, 3), HOME, true)] });
    expect(mockLocation(later)).toEqual([]);
    expect(severities(mockLocation(input([receipt({ latitude: null, longitude: null })])))).toEqual(['AMBER']);
    expect(mockLocation(input([receipt()]))).toEqual([]);
  });
});

describe('MANY_RECEIPTS_STATIONARY', () => {
  const stop: Stop = {
    startTime: IST(11, 0),
    endTime: IST(11, 30),
    durationMs: 30 * 60_000,
    ...HOME,
    fixCount: 60,
    firstIndex: 0,
    lastIndex: 59,
  };
  const atStop = (count: number, extra: (i: number) => Partial<ShadyReceipt> = () => ({})) =>
    manyReceiptsWhileStationary(
      input(
        Array.from({ length: count }, (_, i) =>
          receipt({ receivedAt: IST(11, 2 + i * 3), customerId: `C${i}`, ...extra(i) }),
        ),
        { stops: [stop] },
      ),
    );

  it('flags every receipt of a stop with N or more: yellow N–N+1, amber to N+3, red beyond', () => {
    expect(atStop(2)).toEqual([]);
    const three = atStop(3);
    expect(severities(three)).toEqual(['YELLOW', 'YELLOW', 'YELLOW']);
    expect(three[0]!.measured).toMatchObject({ receiptsAtStop: 3, distinctCustomers: 3, stopMinutes: 30 });
    expect(three[0]!.relatedReceiptIds).toHaveLength(2);
    expect(new Set(severities(atStop(5)))).toEqual(new Set(['AMBER']));
    expect(new Set(severities(atStop(8)))).toEqual(new Set(['RED']));
  });

  it('counts only receipts taken at the stop’s place, during it (± 1 minute)', () => {
    expect(atStop(3, (i) => (i === 0 ? at(2000) : {}))).toEqual([]);
    expect(atStop(3, (i) => (i === 0 ? { receivedAt: IST(11, 31) } : {}))).toHaveLength(3);
    expect(atStop(3, (i) => (i === 0 ? { receivedAt: IST(11, 32) } : {}))).toEqual([]);
    expect(atStop(3, (i) => (i === 0 ? { cancelled: true } : {}))).toEqual([]);
  });
});

describe('OUTSIDE_HOURS', () => {
  const when = (time: number, timeZone?: string) =>
    outsideHours(input([receipt({ receivedAt: new Date(time).toISOString() })], { timeZone }));

  it('grades minutes outside 08:00–19:00 India time: yellow to 60, amber to 180, red beyond', () => {
    expect(when(IST(8, 0))).toEqual([]);
    expect(when(IST(19, 0))).toEqual([]);
    expect(when(IST(7, 59))[0]).toMatchObject({ severity: 'YELLOW', measured: { minutesOutside: 1 } });
    expect(when(IST(19, 1))[0]).toMatchObject({ severity: 'YELLOW', measured: { minutesOutside: 1 } });
    expect(when(IST(20, 30))[0]).toMatchObject({ severity: 'AMBER', measured: { minutesOutside: 90 } });
    expect(when(IST(23, 30))[0]).toMatchObject({ severity: 'RED', measured: { minutesOutside: 270 } });
    expect(severities(when(IST(2, 0)))).toEqual(['RED']);
  });

  it('reads the clock of the zone given', () => {
    // 10:00 in India is 04:30 UTC: outside the window on a UTC clock
    expect(when(IST(10, 0))).toEqual([]);
    expect(severities(when(IST(10, 0), 'UTC'))).toEqual(['RED']);
  });
});

describe('IMPOSSIBLE_TRAVEL', () => {
  const pair = (distanceM: number, seconds: number, extra: Partial<ShadyReceipt> = {}) =>
    impossibleTravel(
      input([
        receipt({ receivedAt: IST(11, 0) }),
        receipt({ receivedAt: IST(11, 0) + seconds * 1000, ...at(distanceM), ...extra }),
      ]),
    );

  it('grades the speed between consecutive receipts: yellow over V to 1.5V, amber to 3V, red beyond', () => {
    expect(pair(2000, 30 * 60)).toEqual([]);
    expect(severities(pair(10_000, 5 * 60))).toEqual(['YELLOW']); // 120 km/h = 1.5V
    expect(severities(pair(10_000, 3 * 60))).toEqual(['AMBER']); // 200 km/h
    const red = pair(10_000, 60);
    expect(severities(red)).toEqual(['RED']);
    expect(red[0]!.measured).toMatchObject({ speedKmh: 600, distanceM: 10_000, seconds: 60 });
    expect(red[0]!.relatedReceiptIds).toHaveLength(1);
  });

  it('takes both accuracies off, counts at least a second, and skips receipts without a position', () => {
    expect(pair(300, 10, { accuracyM: 150 })).toEqual([]);
    expect(severities(pair(1000, 0))).toEqual(['RED']);
    const withGap = impossibleTravel(
      input([
        receipt({ receivedAt: IST(11, 0) }),
        receipt({ receivedAt: IST(11, 1), latitude: null, longitude: null }),
        receipt({ receivedAt: IST(12, 0), ...at(20_000) }),
      ]),
    );
    expect(withGap).toEqual([]); // 20 km in an hour
  });
});

describe('CASH_269ST', () => {
  const cash = (customerId: string, rupees: number, time: number, mode = 'CASH') =>
    receipt({ customerId, amountMinor: BigInt(rupees) * 100n, receivedAt: time, mode });

  it('is red from the receipt that takes one customer’s cash that day to ₹2,00,000', () => {
    const findings = cash269st(input([cash('C1', 150_000, IST(10, 0)), cash('C1', 50_000, IST(12, 0))]));
    expect(findings).toEqual([expect.objectContaining({ severity: 'RED', measured: { dayCashMinor: 200_000_00 } })]);
    expect(findings[0]!.relatedReceiptIds).toHaveLength(1);
    expect(severities(cash269st(input([cash('C1', 200_000, IST(10, 0))])))).toEqual(['RED']);
  });

  it('is clear below the limit, across India-time days, across customers and for other modes', () => {
    expect(cash269st(input([cash('C1', 150_000, IST(10, 0)), cash('C1', 49_999, IST(12, 0))]))).toEqual([]);
    expect(cash269st(input([cash('C1', 150_000, IST(23, 30)), cash('C1', 100_000, IST(0, 30, 1))]))).toEqual([]);
    expect(cash269st(input([cash('C1', 150_000, IST(10, 0)), cash('C2', 100_000, IST(12, 0))]))).toEqual([]);
    expect(cash269st(input([cash('C1', 150_000, IST(10, 0)), cash('C1', 100_000, IST(12, 0), 'UPI')]))).toEqual([]);
  });
});

describe('CASH_NOT_DEPOSITED (T+1)', () => {
  const cash = (depositedAt: number | null) => receipt({ mode: 'CASH', receivedAt: IST(11, 0), depositedAt });

  it('sets the deadline at the end of day T + depositDays, India time', () => {
    expect(depositDeadline(IST(11, 0), 1)).toBe(IST(0, 0, 2));
    expect(depositDeadline(IST(23, 59), 0)).toBe(IST(0, 0, 1));
  });

  it('is clear when deposited by T+1, yellow up to a day late, amber later', () => {
    expect(cashNotDeposited(input([cash(IST(23, 0, 1))]))).toEqual([]);
    expect(cashNotDeposited(input([cash(IST(10, 0, 2))]))[0]).toMatchObject({
      severity: 'YELLOW',
      measured: { hoursLate: 10 },
    });
    expect(severities(cashNotDeposited(input([cash(IST(10, 0, 3))])))).toEqual(['AMBER']);
  });

  it('is red when still not deposited once the deadline has passed, and waits before it', () => {
    expect(cashNotDeposited(input([cash(null)], { asOf: IST(22, 0, 1) }))).toEqual([]);
    const red = cashNotDeposited(input([cash(null)], { asOf: IST(1, 0, 2) }));
    expect(red[0]).toMatchObject({ severity: 'RED', measured: { undeposited: 1, hoursLate: 1 } });
    expect(cashNotDeposited(input([receipt({ mode: 'UPI' })], { asOf: IST(1, 0, 5) }))).toEqual([]);
    const sameDay = { ...thresholds, depositDays: 0 };
    expect(severities(cashNotDeposited(input([cash(null)], { asOf: IST(1, 0, 1), thresholds: sameDay })))).toEqual([
      'RED',
    ]);
  });
});

describe('CANCEL_REISSUE', () => {
  const day = (cancelled: number, live: number, accountId: number | null = 5) => [
    ...Array.from({ length: cancelled }, (_, i) => receipt({ accountId, cancelled: true, receivedAt: IST(10, i) })),
    ...Array.from({ length: live }, (_, i) => receipt({ accountId, receivedAt: IST(11, i) })),
  ];

  it('is amber over N cancellations on one account in a day, red over 2N, on its latest live receipt', () => {
    expect(cancelReissue(input(day(2, 1)))).toEqual([]);
    const amber = cancelReissue(input(day(3, 2)));
    expect(amber).toHaveLength(1);
    expect(amber[0]).toMatchObject({ severity: 'AMBER', measured: { cancellations: 3 }, time: IST(11, 1) });
    expect(amber[0]!.relatedReceiptIds).toHaveLength(3);
    expect(severities(cancelReissue(input(day(5, 1))))).toEqual(['RED']);
  });

  it('counts per account (else customer) and falls back to the last cancelled receipt', () => {
    expect(cancelReissue(input([...day(2, 0, 1), ...day(2, 0, 2)]))).toEqual([]);
    const allCancelled = cancelReissue(input(day(3, 0, null)));
    expect(allCancelled[0]).toMatchObject({ severity: 'AMBER', time: IST(10, 2) });
  });
});

describe('every rule at once', () => {
  it('returns the findings in time order and can be limited to some rules', () => {
    const receipts = [
      receipt({ receivedAt: IST(20, 30), mode: 'CASH', depositedAt: IST(9, 0, 1) }),
      receipt({ receivedAt: IST(7, 0), mock: true }),
    ];
    const findings = evaluateShadyRules(input(receipts, { fixes: [fix(IST(7, 0), HOME)] }));
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([
      ['MOCK_LOCATION', 'RED'],
      ['OUTSIDE_HOURS', 'YELLOW'],
      ['OUTSIDE_HOURS', 'AMBER'],
    ]);
    expect(evaluateShadyRules(input(receipts, { fixes: [fix(IST(7, 0), HOME)] }), ['OUTSIDE_HOURS'])).toHaveLength(2);
  });
});
