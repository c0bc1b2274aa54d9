import { describe, expect, it } from 'vitest';
import type { Point } from './geometry.ts';
import { seededRandom } from './simulator.ts';
import { normaliseTrack, type TrackPoint } from './track.ts';

const T0 = Date.UTC(2026, 10, 20, 4, 0); // 09:30 India time
const HOME = { latitude: 19.1197, longitude: 72.8468 };
const at = (point: Point, northM: number, eastM = 0): Point => ({
  latitude: point.latitude + northM / 111_195,
  longitude: point.longitude + eastM / (111_195 * Math.cos((point.latitude * Math.PI) / 180)),
});
/** A fix `seconds` after T0, `northM` metres north of HOME. */
const p = (seconds: number, northM: number, extra: Partial<TrackPoint> = {}): TrackPoint => ({
  fixTime: T0 + seconds * 1000,
  ...at(HOME, northM),
  accuracyM: 10,
  ...extra,
});
const filter = { accuracyM: 100, maxSpeedKmh: 150 };

describe('normalising a track (Traccar’s filters)', () => {
  it('sorts out-of-order positions by fix time and reads ISO or epoch times', () => {
    const { fixes } = normaliseTrack(
      [p(60, 100), { ...p(0, 0), fixTime: new Date(T0).toISOString() }, p(30, 50)],
      filter,
    );
    expect(fixes.map((f) => f.time - T0)).toEqual([0, 30_000, 60_000]);
  });

  it('drops a second position with the same fix time, keeping the first received', () => {
    const { fixes, dropped } = normaliseTrack(
      [p(0, 0), p(30, 50, { battery: 80 }), p(30, 55, { battery: 79 })],
      filter,
    );
    expect(fixes).toHaveLength(2);
    expect(fixes[1]!.battery).toBe(80);
    expect(dropped.duplicate).toBe(1);
  });

  it('drops invalid positions: no time, out of range, not finite, or exactly 0,0', () => {
    const { fixes, dropped } = normaliseTrack(
      [
        p(0, 0),
        { fixTime: 'not a time', latitude: 19, longitude: 72 },
        { fixTime: T0 + 1000, latitude: 91, longitude: 72 },
        { fixTime: T0 + 2000, latitude: 19, longitude: -181 },
        { fixTime: T0 + 3000, latitude: Number.NaN, longitude: 72 },
        { fixTime: T0 + 4000, latitude: 0, longitude: 0 },
      ],
      filter,
    );
    expect(fixes).toHaveLength(1);
    expect(dropped.invalid).toBe(5);
  });

  it('drops positions less accurate than the limit; keeps the limit itself and an unknown accuracy; 0 turns it off', () => {
    const track = [
      p(0, 0),
      p(30, 10, { accuracyM: 100 }),
      p(60, 20, { accuracyM: 101 }),
      p(90, 30, { accuracyM: null }),
    ];
    const { fixes, dropped } = normaliseTrack(track, filter);
    expect(fixes.map((f) => f.accuracyM)).toEqual([10, 100, null]);
    expect(dropped.inaccurate).toBe(1);
    expect(normaliseTrack(track, { ...filter, accuracyM: 0 }).fixes).toHaveLength(4);
  });

  it('drops positions fixed after notAfter (a phone clock ahead)', () => {
    const { fixes, dropped } = normaliseTrack([p(0, 0), p(30, 10), p(3600, 20)], { ...filter, notAfter: T0 + 60_000 });
    expect(fixes).toHaveLength(2);
    expect(dropped.future).toBe(1);
  });

  it('drops a jump implying an impossible speed and keeps the track after it', () => {
    // 30 s steps of 100 m (12 km/h) with one fix thrown 3 km away (360 km/h)
    const track = [p(0, 0), p(30, 100), p(60, 3000), p(90, 300), p(120, 400)];
    const { fixes, dropped } = normaliseTrack(track, filter);
    expect(fixes.map((f) => Math.round((f.latitude - HOME.latitude) * 111_195))).toEqual([0, 100, 300, 400]);
    expect(dropped.outlier).toBe(1);
  });

  it('drops a jump at the very end, and turns the speed filter off at 0', () => {
    const track = [p(0, 0), p(30, 100), p(60, 5000)];
    expect(normaliseTrack(track, filter).fixes).toHaveLength(2);
    expect(normaliseTrack(track, { ...filter, maxSpeedKmh: 0 }).fixes).toHaveLength(3);
  });

  it('keeps a real jump once enough positions agree with it (a gap on a train, a wrong first fix)', () => {
    // a wrong first fix 10 km away, then a consistent walk
    const track = [p(0, 10_000), p(30, 0), p(60, 30), p(90, 60), p(120, 90)];
    const { fixes, dropped } = normaliseTrack(track, filter);
    expect(fixes).toHaveLength(5);
    expect(dropped.outlier).toBe(0);
    // scattered outliers that do not agree with each other are all dropped
    const scattered = [p(0, 0), p(30, 100), p(60, 4000), p(90, -4000), p(120, 9000), p(150, 200)];
    expect(normaliseTrack(scattered, filter).dropped.outlier).toBe(3);
  });

  it('keeps unknown values as null, clamps nothing, and leaves the input untouched', () => {
    const track = [p(30, 0, { speedKmh: -1, battery: 140, mock: true }), p(0, 0, { accuracyM: undefined })];
    const copy = structuredClone(track);
    const { fixes } = normaliseTrack(track, filter);
    expect(fixes[1]).toMatchObject({ speedKmh: null, battery: null, mock: true });
    expect(fixes[0]).toMatchObject({ accuracyM: null, mock: false });
    expect(track).toEqual(copy);
  });

  it('normalises 100,000 shuffled positions with every filter at work', () => {
    const rng = seededRandom(100_000);
    const track: TrackPoint[] = [];
    for (let i = 0; i < 100_000; i++) {
      const roll = rng();
      const northM = i * 2 + (roll < 0.01 ? 50_000 : 0); // 1 % jumps, 2 m per 10 s otherwise
      track.push(p(i * 10, northM, { accuracyM: roll > 0.98 ? 500 : 10 }));
    }
    track.push(p(50, 100)); // a duplicate fix time
    for (let i = track.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [track[i], track[j]] = [track[j]!, track[i]!];
    }
    const { fixes, dropped } = normaliseTrack(track, filter);
    expect(fixes.length + Object.values(dropped).reduce((a, b) => a + b, 0)).toBe(100_001);
    expect(dropped.duplicate).toBe(1);
    expect(dropped.outlier).toBeGreaterThan(900);
    expect(dropped.inaccurate).toBeGreaterThan(1500);
    const ordered = fixes.every((fix, i) => i === 0 || fix.time > fixes[i - 1]!.time);
    const noJumpLeft = fixes.every((fix, i) => i === 0 || fix.latitude - fixes[i - 1]!.latitude < 0.01);
    expect(ordered).toBe(true);
    expect(noJumpLeft).toBe(true);
  });
});
