import { describe, expect, it } from 'vitest';
import { DEFAULT_COMMAND_CENTER_SETTINGS as S } from './settings.ts';
import { evaluateShadyRules } from './shady-rules.ts';
import { ALL_PLANTS, liveFeed, simulateDay, type SimulatedDay, type SimulatorOptions } from './simulator.ts';
import { trackingStatus } from './status.ts';
import { detectIdle, detectStops, geofenceVisits } from './stops.ts';
import { toEpochMs } from './time.ts';
import { normaliseTrack } from './track.ts';

// Ten customers across Andheri, 0.5–3 km apart, and a branch away from all of them.
const CUSTOMERS = [
  [19.119, 72.846],
  [19.1235, 72.852],
  [19.129, 72.847],
  [19.115, 72.855],
  [19.133, 72.856],
  [19.11, 72.842],
  [19.126, 72.862],
  [19.138, 72.848],
  [19.118, 72.865],
  [19.131, 72.839],
].map(([latitude, longitude], i) => ({
  id: `C${i + 1}`,
  latitude: latitude!,
  longitude: longitude!,
  accountId: 100 + i,
}));
const BRANCH = { latitude: 19.106, longitude: 72.852 };
const DATE = '2026-11-20';
const options = (seed: number | string, extra: Partial<SimulatorOptions> = {}): SimulatorOptions => ({
  seed,
  date: DATE,
  start: BRANCH,
  customers: CUSTOMERS,
  ...extra,
});

/** The day through the real pipeline: filters, stops, every shady rule (read three days later, past T+1). */
function analyse(day: SimulatedDay) {
  const { fixes } = normaliseTrack(day.positions, { accuracyM: S.accuracyFilterM, maxSpeedKmh: S.maxSpeedKmh });
  const stops = detectStops(fixes, { radiusM: S.stopRadiusM, minDurationS: S.stopMinSeconds });
  const findings = evaluateShadyRules({
    receipts: day.receipts,
    fixes,
    stops,
    visits: day.visits,
    asOf: '2026-11-23T12:00:00Z',
    thresholds: S,
  });
  return { fixes, stops, findings };
}

const SEEDS = [1, 2, 3, 'fc.andheri', 'fc.chennai'];

describe('the field-force simulator', () => {
  it('gives the same day for the same seed and another day for another seed', () => {
    expect(simulateDay(options(42, { plants: ALL_PLANTS }))).toEqual(simulateDay(options(42, { plants: ALL_PLANTS })));
    expect(simulateDay(options(43)).positions).not.toEqual(simulateDay(options(42)).positions);
  });

  it('sends positions in time order every 20–60 s within the shift, with sequences, accuracy and battery', () => {
    const day = simulateDay(options(7));
    const times = day.positions.map((p) => toEpochMs(p.fixTime));
    expect(day.positions.map((p) => p.sequence)).toEqual(day.positions.map((_, i) => i + 1));
    const gaps = times.slice(1).map((t, i) => (t - times[i]!) / 1000);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(60);
    expect(times[0]).toBeGreaterThanOrEqual(Date.parse(`${DATE}T03:30:00Z`)); // 09:00 India time
    expect(times.at(-1)).toBeLessThanOrEqual(Date.parse(`${DATE}T13:30:00Z`)); // 19:00
    expect(day.positions.every((p) => p.accuracyM >= 4 && p.battery >= 5 && p.battery <= 100 && !p.mock)).toBe(true);
    // some poor fixes for the accuracy filter to drop
    expect(day.positions.some((p) => p.accuracyM > S.accuracyFilterM)).toBe(true);
    expect(day.receipts.map((r) => r.id)).toEqual(day.receipts.map((_, i) => `R${i + 1}`));
  });

  it('makes a clean day on which no rule finds anything, and its idle spells are found', () => {
    for (const seed of SEEDS) {
      const day = simulateDay(options(seed));
      expect(day.plants).toEqual([]);
      expect(day.receipts.length).toBeGreaterThan(0);
      const { fixes, findings } = analyse(day);
      expect(findings, `seed ${seed}`).toEqual([]);

      const idle = detectIdle(fixes, {
        radiusM: S.idleRadiusM,
        minMinutes: S.idleMinMinutes,
        shiftStartMinutes: 9 * 60,
        shiftEndMinutes: 19 * 60,
        customers: CUSTOMERS,
        geofenceRadiusM: S.geofenceRadiusM,
      });
      expect(idle.length, `seed ${seed}`).toBe(day.idle.length);
      for (const expected of day.idle) {
        const found = idle.find((s) => s.startTime < toEpochMs(expected.to) && s.endTime > toEpochMs(expected.from));
        expect(found, `seed ${seed}`).toBeDefined();
        expect(found!.customerId).toBeNull();
      }

      const entered = new Set(
        geofenceVisits(fixes, CUSTOMERS, { radiusM: S.geofenceRadiusM, exitGraceS: S.geofenceExitGraceSeconds }).map(
          (v) => v.customerId,
        ),
      );
      for (const visit of day.visits) expect(entered.has(visit.customerId), `seed ${seed}`).toBe(true);
    }
  });

  it('plants the shady cases, and the rules find exactly them', () => {
    for (const seed of SEEDS) {
      const day = simulateDay(options(seed, { plants: ALL_PLANTS }));
      expect(day.plants.map((p) => p.kind).sort(), `seed ${seed}`).toEqual(Object.keys(ALL_PLANTS).sort());
      const expected = day.plants.flatMap((plant) =>
        plant.receiptIds.flatMap((id) => plant.expect.map((rule) => `${rule} ${id}`)),
      );
      const { findings } = analyse(day);
      expect(findings.map((f) => `${f.rule} ${String(f.receiptId)}`).sort(), `seed ${seed}`).toEqual(expected.sort());
      const severityOf = (rule: string) => findings.find((f) => f.rule === rule)!.severity;
      expect(severityOf('FAR_FROM_CUSTOMER')).toBe('RED');
      expect(severityOf('IMPOSSIBLE_TRAVEL')).toBe('RED');
      expect(severityOf('MOCK_LOCATION')).toBe('RED');
      expect(severityOf('CASH_NOT_DEPOSITED')).toBe('RED');
    }
  });

  it('leaves the device silent past the inactive threshold mid-day', () => {
    const day = simulateDay(options('silent', { plants: { DEVICE_SILENT: true } }));
    const silent = day.plants.find((p) => p.kind === 'DEVICE_SILENT')!;
    const from = toEpochMs(silent.from!);
    const to = toEpochMs(silent.to!);
    expect(to - from).toBe((S.inactiveMinutes + 20) * 60_000);
    expect(day.positions.some((p) => toEpochMs(p.fixTime) >= from && toEpochMs(p.fixTime) <= to)).toBe(false);
    const lastSeen = day.positions.filter((p) => toEpochMs(p.fixTime) < from).at(-1)!.fixTime;
    expect(trackingStatus(lastSeen, from + S.inactiveMinutes * 60_000 + 60_000, S)).toMatchObject({ inactive: true });
    expect(trackingStatus(lastSeen, from, S)).toMatchObject({ status: 'ONLINE', inactive: false });
    expect(analyse(day).findings).toEqual([]);
  });

  it('leaves out what the day cannot hold and says which customers it skipped', () => {
    const close = CUSTOMERS.slice(0, 3).map((c, i) => ({ ...c, latitude: 19.119 + i * 0.0005, longitude: 72.846 }));
    const small = simulateDay(options(5, { customers: close, plants: ALL_PLANTS }));
    expect(small.plants.map((p) => p.kind)).not.toContain('IMPOSSIBLE_TRAVEL');
    const short = simulateDay(options(5, { thresholds: { shiftStart: '09:00', shiftEnd: '11:00' } }));
    expect(short.skippedCustomerIds.length).toBeGreaterThan(0);
    expect(short.visits.length + short.skippedCustomerIds.length).toBe(CUSTOMERS.length);
  });
});

describe('the live feed', () => {
  it('yields the positions in time order, in batches, between two instants', () => {
    const day = simulateDay(options(9));
    const shuffled = [...day.positions].reverse();
    const batches = [...liveFeed(shuffled, { batchSize: 100 })];
    expect(batches.slice(0, -1).every((batch) => batch.length === 100)).toBe(true);
    expect(batches.flat().map((p) => p.sequence)).toEqual(day.positions.map((p) => p.sequence));
    const noon = `${DATE}T06:30:00Z`;
    const upToNoon = [...liveFeed(day.positions, { until: noon })].flat();
    expect(upToNoon.every((p) => p.fixTime <= noon)).toBe(true);
    const afterNoon = [...liveFeed(day.positions, { after: noon })].flat();
    expect(upToNoon.length + afterNoon.length).toBe(day.positions.length);
  });
});
