import { distanceM } from './geometry.ts';
import { toEpochMs, type Instant } from './time.ts';

// A person's track (issue 16): the positions the field app or a device sent, made fit for stops, visits and rules.
// The filters follow Traccar's FilterHandler (traccar/traccar, handler/FilterHandler.java):
// - invalid: no time, latitude outside −90…90 or longitude outside −180…180 (`filter.invalid`), or exactly 0,0
//   (`filter.zero`, a receiver with no fix);
// - duplicate: a second position with the same fix time (`filter.duplicate`); the first received is kept;
// - future: a fix time after `notAfter` (`filter.future`: a phone with a wrong clock);
// - inaccurate: an accuracy radius worse than `accuracyM` metres (`filter.accuracy`); a position without an accuracy
//   is kept, as Traccar keeps it;
// - outlier: a jump from the last kept position implying more than `maxSpeedKmh` (`filter.maxSpeed`, measured like
//   Traccar's: straight-line distance over the fix-time difference).
// Traccar compares each position with the last one kept, so one bad position that was kept would reject every good
// one after it. We add a recovery: when `recoverAfter` positions in a row were rejected as outliers and agree with
// each other (no impossible speed between them), the person really moved (a fix gap on a train, a first fix that was
// wrong) and they are kept. Positions arrive out of order (batches, retries); they are sorted by fix time first.
// Each step is one pass, so a day's track costs O(n log n) for the sort and O(n) after.

export type TrackPoint = {
  /** when the position was fixed: ISO 8601 or epoch milliseconds */
  fixTime: Instant;
  latitude: number;
  longitude: number;
  /** the fix's accuracy radius in metres */
  accuracyM?: number | null;
  speedKmh?: number | null;
  /** battery level, percent */
  battery?: number | null;
  /** the phone reported a mock (simulated) location */
  mock?: boolean | null;
};

/** A kept position: its time as epoch milliseconds, unknown values as null. */
export type Fix = {
  time: number;
  latitude: number;
  longitude: number;
  accuracyM: number | null;
  speedKmh: number | null;
  battery: number | null;
  mock: boolean;
};

export type TrackFilter = {
  /** drop positions whose accuracy radius is worse than this many metres; 0 turns the filter off */
  accuracyM: number;
  /** drop jumps implying more than this speed; 0 turns the filter off */
  maxSpeedKmh: number;
  /** drop positions fixed after this instant (epoch ms), e.g. the server's clock plus a tolerance */
  notAfter?: number | null;
  /** rejected outliers in a row that agree with each other are kept after all (default 3) */
  recoverAfter?: number;
};

export type DroppedCounts = { invalid: number; duplicate: number; future: number; inaccurate: number; outlier: number };

export type NormalisedTrack = { fixes: Fix[]; dropped: DroppedCounts };

function finiteOrNull(value: number | null | undefined, min: number, max: number): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : null;
}

export type TimedPoint = Pick<Fix, 'time' | 'latitude' | 'longitude'>;

/** Implied speed between two fixes, km/h (a time difference under a second counts as one second). */
export function impliedSpeedKmh(a: TimedPoint, b: TimedPoint): number {
  const seconds = Math.max(Math.abs(b.time - a.time), 1000) / 1000;
  return (distanceM(a, b) / seconds) * 3.6;
}

/** Sorts, de-duplicates and filters a track (see above). The input is not changed. */
export function normaliseTrack(points: readonly TrackPoint[], filter: TrackFilter): NormalisedTrack {
  const dropped: DroppedCounts = { invalid: 0, duplicate: 0, future: 0, inaccurate: 0, outlier: 0 };
  const parsed: Fix[] = [];
  for (const point of points) {
    const time = toEpochMs(point.fixTime);
    const { latitude, longitude } = point;
    const valid =
      Number.isFinite(time) &&
      Number.isFinite(latitude) &&
      Number.isFinite(longitude) &&
      Math.abs(latitude) <= 90 &&
      Math.abs(longitude) <= 180 &&
      !(latitude === 0 && longitude === 0);
    if (!valid) {
      dropped.invalid++;
      continue;
    }
    parsed.push({
      time,
      latitude,
      longitude,
      accuracyM: finiteOrNull(point.accuracyM, 0, Number.MAX_VALUE),
      speedKmh: finiteOrNull(point.speedKmh, 0, Number.MAX_VALUE),
      battery: finiteOrNull(point.battery, 0, 100),
      mock: point.mock === true,
    });
  }
  parsed.sort((a, b) => a.time - b.time); // stable: of equal fix times the first received stays first

  const candidates: Fix[] = [];
  let lastTime = Number.NaN;
  for (const fix of parsed) {
    if (fix.time === lastTime) {
      dropped.duplicate++;
      continue;
    }
    lastTime = fix.time;
    if (filter.notAfter != null && fix.time > filter.notAfter) dropped.future++;
    else if (filter.accuracyM > 0 && fix.accuracyM !== null && fix.accuracyM > filter.accuracyM) dropped.inaccurate++;
    else candidates.push(fix);
  }

  if (!(filter.maxSpeedKmh > 0)) return { fixes: candidates, dropped };
  const recoverAfter = Math.max(1, filter.recoverAfter ?? 3);
  const fixes: Fix[] = [];
  let pending: Fix[] = [];
  for (const fix of candidates) {
    const last = fixes[fixes.length - 1];
    if (!last || impliedSpeedKmh(last, fix) <= filter.maxSpeedKmh) {
      dropped.outlier += pending.length;
      pending = [];
      fixes.push(fix);
      continue;
    }
    const lastPending = pending[pending.length - 1];
    if (lastPending && impliedSpeedKmh(lastPending, fix) > filter.maxSpeedKmh) {
      dropped.outlier += pending.length;
      pending = [];
    }
    pending.push(fix);
    if (pending.length >= recoverAfter) {
      fixes.push(...pending);
      pending = [];
    }
  }
  dropped.outlier += pending.length;
  return { fixes, dropped };
}
