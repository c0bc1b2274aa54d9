import { describe, expect, it } from 'vitest';
import type { Point } from './geometry.ts';
import { seededRandom } from './simulator.ts';
import {
  closestApproachM,
  detectIdle,
  detectStops,
  detectStopsAndTrips,
  geofenceVisits,
  isOnShift,
  shiftParts,
  timeSpentByCustomer,
} from './stops.ts';
import type { Fix } from './track.ts';

const HOME = { latitude: 19.1197, longitude: 72.8468 };
const at = (northM: number, eastM = 0, from: Point = HOME): Point => ({
  latitude: from.latitude + northM / 111_195,
  longitude: from.longitude + eastM / (111_195 * Math.cos((from.latitude * Math.PI) / 180)),
});
const IST = (hh: number, mm: number) => Date.UTC(2026, 10, 20, hh, mm) - 330 * 60_000; // a wall-clock time in India
const fix = (time: number, point: Point, extra: Partial<Fix> = {}): Fix => ({
  time,
  ...point,
  accuracyM: 10,
  speedKmh: null,
  battery: null,
  mock: false,
  ...extra,
});

/** A track built leg by leg: stays (with scatter) and straight moves, one fix every `stepS` seconds. */
class Track {
  fixes: Fix[] = [];
  constructor(
    public t: number,
    public here: Point,
    private readonly stepS = 30,
    private readonly rng = seededRandom(1),
  ) {}
  stay(minutes: number, scatterM = 10): this {
    const end = this.t + minutes * 60_000;
    for (; this.t < end; this.t += this.stepS * 1000) {
      this.fixes.push(fix(this.t, at((this.rng() - 0.5) * 2 * scatterM, (this.rng() - 0.5) * 2 * scatterM, this.here)));
    }
    return this;
  }
  move(northM: number, eastM: number, kmh = 20): this {
    const target = at(northM, eastM, this.here);
    const seconds = (Math.hypot(northM, eastM) / (kmh / 3.6)) | 0;
    const start = this.here;
    const steps = Math.max(1, Math.round(seconds / this.stepS));
    for (let i = 1; i <= steps; i++) {
      this.t += this.stepS * 1000;
      this.fixes.push(fix(this.t, at((northM * i) / steps, (eastM * i) / steps, start), { speedKmh: kmh }));
    }
    this.here = target;
    return this;
  }
}

const STOPS = { radiusM: 100, minDurationS: 300 };

describe('stops and trips (Traccar’s minimal parking duration)', () => {
  it('finds the stays of at least 300 s and the trips between them', () => {
    const track = new Track(IST(10, 0), HOME).stay(10).move(1000, 0).stay(4).move(0, 1000).stay(6).move(-500, 0);
    const { stops, trips } = detectStopsAndTrips(track.fixes, STOPS);
    expect(stops).toHaveLength(2);
    expect(stops[0]!.durationMs).toBeGreaterThanOrEqual(9 * 60_000);
    expect(stops[1]!.durationMs).toBeGreaterThanOrEqual(5 * 60_000);
    // the second stop is 1 km north and 1 km east of home: its place is the mean of its fixes
    expect(Math.abs(stops[1]!.latitude - at(1000, 1000).latitude) * 111_195).toBeLessThan(20);
    // trips: home → (the 4-minute stay is part of the trip) → second stop, then the last move
    expect(trips).toHaveLength(2);
    expect(trips[0]!.distanceM).toBeGreaterThan(1900);
    expect(trips[0]!.distanceM).toBeLessThan(2300);
    expect(trips[1]!.distanceM).toBeGreaterThan(450);
    expect(trips[0]!.maxSpeedKmh).toBeGreaterThanOrEqual(20);
    expect(trips[0]!.startTime).toBe(stops[0]!.endTime);
    expect(trips[0]!.endTime).toBe(stops[1]!.startTime);
  });

  it('counts a stay of exactly the minimal duration and not one a second shorter', () => {
    const fixes = [0, 60, 120, 180, 240, 300].map((s) => fix(IST(10, 0) + s * 1000, HOME));
    expect(detectStops(fixes, STOPS)).toHaveLength(1);
    const shorter = [...fixes.slice(0, 5), fix(IST(10, 0) + 299_000, HOME)];
    expect(detectStops(shorter, STOPS)).toHaveLength(0);
  });

  it('keeps one stop when a single scattered fix breaks it (the merge rule)', () => {
    const track = new Track(IST(10, 0), HOME).stay(10);
    track.fixes.push(fix(track.t, at(180, 0))); // one fix thrown 180 m away
    track.t += 30_000;
    track.stay(10);
    const stops = detectStops(track.fixes, STOPS);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.durationMs).toBeGreaterThan(19 * 60_000);
  });

  it('has no stops or trips on an empty or one-fix track, and one trip for a track that only moves', () => {
    expect(detectStopsAndTrips([], STOPS)).toEqual({ stops: [], trips: [] });
    expect(detectStopsAndTrips([fix(0, HOME)], STOPS)).toEqual({ stops: [], trips: [] });
    const moving = new Track(IST(10, 0), HOME).move(5000, 0);
    const { stops, trips } = detectStopsAndTrips(moving.fixes, STOPS);
    expect(stops).toEqual([]);
    expect(trips).toHaveLength(1);
  });

  it('detects the stops of a 100,000-fix track correctly', () => {
    const track = new Track(IST(0, 0), HOME, 10);
    let cycles = 0;
    while (track.fixes.length < 100_000) {
      track.stay(10, 15).move(cycles % 2 === 0 ? 2000 : -2000, cycles % 2 === 0 ? 300 : -300);
      cycles++;
    }
    const { stops, trips } = detectStopsAndTrips(track.fixes, STOPS);
    expect(stops).toHaveLength(cycles);
    expect(trips).toHaveLength(cycles);
    const visits = geofenceVisits(track.fixes, [{ id: 'home', ...HOME }], { radiusM: 150, exitGraceS: 180 });
    // a visit home at every other stay, and one more arriving home at the end after an even number of cycles
    expect(visits.length).toBe(Math.ceil(cycles / 2) + (cycles % 2 === 0 ? 1 : 0));
  });
});

describe('idle on shift', () => {
  const shift = { radiusM: 100, minMinutes: 30, shiftStartMinutes: 9 * 60, shiftEndMinutes: 19 * 60 };

  it('reports stationary spells of at least N minutes on shift, clipped to the shift', () => {
    const track = new Track(IST(10, 0), HOME).stay(40).move(1000, 0).stay(20).move(1000, 0);
    const spells = detectIdle(track.fixes, shift);
    expect(spells).toHaveLength(1);
    expect(spells[0]!.durationMs).toBeGreaterThanOrEqual(39 * 60_000);
    expect(spells[0]!.customerId).toBeNull();

    const evening = new Track(IST(18, 20), HOME).stay(50);
    const clipped = detectIdle(evening.fixes, shift);
    expect(clipped).toHaveLength(1);
    expect(clipped[0]!.endTime).toBe(IST(19, 0));
    expect(clipped[0]!.durationMs).toBe(40 * 60_000);
    // 18:40–19:20 is 40 minutes stationary but only 20 of them on shift
    expect(detectIdle(new Track(IST(18, 40), HOME).stay(40).fixes, shift)).toEqual([]);
  });

  it('names the customer whose geofence holds the spell', () => {
    const track = new Track(IST(11, 0), at(40, 0)).stay(45);
    const spells = detectIdle(track.fixes, { ...shift, customers: [{ id: 7, ...HOME }], geofenceRadiusM: 150 });
    expect(spells.map((s) => s.customerId)).toEqual([7]);
  });

  it('splits a spell over night into each day’s shift', () => {
    const track = new Track(IST(17, 0), HOME, 120).stay(60 * 18 + 5); // 17:00 to past 11:00 the next day
    const spells = detectIdle(track.fixes, shift);
    expect(spells.map((s) => [s.startTime, s.endTime])).toEqual([
      [IST(17, 0), IST(19, 0)],
      [IST(9, 0) + 86_400_000, track.fixes.at(-1)!.time],
    ]);
  });

  it('reads shift hours on India’s wall clock', () => {
    expect(isOnShift(IST(9, 0), 540, 1140)).toBe(true);
    expect(isOnShift(IST(8, 59), 540, 1140)).toBe(false);
    expect(isOnShift(IST(19, 0), 540, 1140)).toBe(false);
    expect(isOnShift(IST(9, 0), 540, 1140, 'UTC')).toBe(false); // 03:30 UTC
    expect(shiftParts(IST(8, 0), IST(10, 0), 540, 1140)).toEqual([[IST(9, 0), IST(10, 0)]]);
    expect(shiftParts(IST(20, 0), IST(21, 0), 540, 1140)).toEqual([]);
  });
});

describe('time spent in customer geofences', () => {
  const customers = [
    { id: 'A', ...HOME },
    { id: 'B', ...at(2000, 0) },
  ];
  const options = { radiusM: 150, exitGraceS: 180 };

  it('records each visit with enter and leave times and its dwell', () => {
    const track = new Track(IST(10, 0), at(-1000, 0)).move(1000, 0).stay(12).move(2000, 0).stay(7).move(1000, 0);
    const visits = geofenceVisits(track.fixes, customers, options);
    expect(visits.map((v) => v.customerId)).toEqual(['A', 'B']);
    expect(visits[0]!.dwellMs).toBeGreaterThanOrEqual(11 * 60_000);
    expect(visits[0]!.dwellMs).toBeLessThan(14 * 60_000);
    expect(visits[0]!.leaveTime - visits[0]!.enterTime).toBe(visits[0]!.dwellMs);
    expect(visits[0]!.closestM).toBeLessThan(20);
    expect(visits[0]!.excursions).toBe(0);
  });

  it('keeps one visit across a short GPS excursion and counts it; a long one makes two visits', () => {
    const short = new Track(IST(10, 0), HOME).stay(10);
    short.fixes.push(fix(short.t, at(400, 0)), fix(short.t + 30_000, at(400, 0))); // 1 minute outside
    short.t += 60_000;
    short.stay(10);
    const one = geofenceVisits(short.fixes, customers, options);
    expect(one).toHaveLength(1);
    expect(one[0]!.excursions).toBe(1);
    expect(one[0]!.dwellMs).toBeGreaterThan(20 * 60_000);

    const long = new Track(IST(10, 0), HOME).stay(10).move(400, 0, 10).stay(5).move(-400, 0, 10).stay(10);
    const two = geofenceVisits(long.fixes, customers, options);
    expect(two).toHaveLength(2);
    expect(timeSpentByCustomer(two)).toEqual([
      expect.objectContaining({ customerId: 'A', visits: 2, dwellMs: two[0]!.dwellMs + two[1]!.dwellMs }),
    ]);
  });

  it('does not end a visit for a gap in the data while inside', () => {
    const fixes = [fix(IST(10, 0), HOME), fix(IST(10, 1), HOME), fix(IST(10, 40), HOME), fix(IST(10, 41), at(2000, 0))];
    const visits = geofenceVisits(fixes, customers, options);
    expect(visits.filter((v) => v.customerId === 'A')).toEqual([expect.objectContaining({ dwellMs: 40 * 60_000 })]);
  });

  it('counts a drive-by as a visit of zero dwell and sees overlapping geofences both', () => {
    const driveBy = [fix(IST(10, 0), at(-500, 0)), fix(IST(10, 1), HOME), fix(IST(10, 2), at(500, 0))];
    expect(geofenceVisits(driveBy, customers, options)).toEqual([
      expect.objectContaining({ customerId: 'A', dwellMs: 0, fixCount: 1 }),
    ]);
    const neighbours = [...customers, { id: 'C', ...at(100, 0) }];
    const visits = geofenceVisits(new Track(IST(10, 0), at(50, 0)).stay(5, 5).fixes, neighbours, options);
    expect(visits.map((v) => v.customerId).sort()).toEqual(['A', 'C']);
    expect(geofenceVisits(driveBy, [], options)).toEqual([]);
  });

  it('measures how near the track came to each customer', () => {
    const track = new Track(IST(10, 0), at(-300, -1000), 1).move(0, 2000);
    const closest = closestApproachM(track.fixes, customers, 750);
    expect(closest.get('A')).toBeGreaterThan(290);
    expect(closest.get('A')).toBeLessThan(310);
    expect(closest.get('B')).toBeNull();
    expect(closestApproachM([], customers, 750).get('A')).toBeNull();
  });
});
