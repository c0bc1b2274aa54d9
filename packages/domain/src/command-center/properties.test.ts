import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointInPolygon } from './geometry.ts';
import { detectStops, geofenceVisits } from './stops.ts';
import { normaliseTrack, type TrackPoint } from './track.ts';

// Properties of the track pipeline over arbitrary tracks: whatever the phone sends, the rules stand on firm ground.

const T0 = Date.UTC(2026, 10, 20, 4, 0);
const pointArb = fc.record({
  fixTime: fc.integer({ min: T0, max: T0 + 12 * 3_600_000 }),
  latitude: fc.double({ min: 19.1, max: 19.14, noNaN: true }),
  longitude: fc.double({ min: 72.83, max: 72.87, noNaN: true }),
  accuracyM: fc.option(fc.integer({ min: 1, max: 400 }), { nil: null }),
});
const trackArb = fc.array(pointArb, { maxLength: 300 });
const filter = { accuracyM: 100, maxSpeedKmh: 150 };

describe('track pipeline properties', () => {
  it('normalising gives fixes in strictly increasing time, all from the input, each drop counted', () => {
    fc.assert(
      fc.property(trackArb, (track: TrackPoint[]) => {
        const { fixes, dropped } = normaliseTrack(track, filter);
        expect(fixes.every((fix, i) => i === 0 || fix.time > fixes[i - 1]!.time)).toBe(true);
        expect(fixes.length + Object.values(dropped).reduce((a, b) => a + b, 0)).toBe(track.length);
        expect(fixes.every((fix) => fix.accuracyM === null || fix.accuracyM <= 100)).toBe(true);
      }),
    );
  });

  it('normalising twice changes nothing', () => {
    fc.assert(
      fc.property(trackArb, (track: TrackPoint[]) => {
        const once = normaliseTrack(track, filter).fixes;
        const twice = normaliseTrack(
          once.map((fix) => ({ ...fix, fixTime: fix.time })),
          filter,
        ).fixes;
        expect(twice).toEqual(once);
      }),
    );
  });

  it('stops are in order, do not overlap and last at least the minimal duration', () => {
    fc.assert(
      fc.property(trackArb, (track: TrackPoint[]) => {
        const { fixes } = normaliseTrack(track, filter);
        const stops = detectStops(fixes, { radiusM: 100, minDurationS: 300 });
        stops.forEach((stop, i) => {
          expect(stop.durationMs).toBeGreaterThanOrEqual(300_000);
          if (i > 0) expect(stop.firstIndex).toBeGreaterThan(stops[i - 1]!.lastIndex);
        });
      }),
    );
  });

  it('visits to one customer never overlap and never outlast the track', () => {
    const customers = [
      { id: 'A', latitude: 19.12, longitude: 72.85 },
      { id: 'B', latitude: 19.121, longitude: 72.851 },
    ];
    fc.assert(
      fc.property(trackArb, (track: TrackPoint[]) => {
        const { fixes } = normaliseTrack(track, filter);
        const visits = geofenceVisits(fixes, customers, { radiusM: 150, exitGraceS: 180 });
        const span = fixes.length > 0 ? fixes.at(-1)!.time - fixes[0]!.time : 0;
        for (const id of ['A', 'B']) {
          const own = visits.filter((visit) => visit.customerId === id);
          expect(own.reduce((sum, visit) => sum + visit.dwellMs, 0)).toBeLessThanOrEqual(span);
          own.forEach((visit, i) => {
            if (i > 0) expect(visit.enterTime).toBeGreaterThan(own[i - 1]!.leaveTime);
          });
        }
      }),
    );
  });

  it('a point in a convex polygon is on the inner side of every edge', () => {
    const centre = { latitude: 19.12, longitude: 72.85 };
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 12 }),
        fc.double({ min: 0.001, max: 0.05, noNaN: true }),
        fc.double({ min: -0.06, max: 0.06, noNaN: true }),
        fc.double({ min: -0.06, max: 0.06, noNaN: true }),
        (sides, radius, dLat, dLon) => {
          const polygon = Array.from({ length: sides }, (_, i) => ({
            latitude: centre.latitude + radius * Math.sin((2 * Math.PI * i) / sides),
            longitude: centre.longitude + radius * Math.cos((2 * Math.PI * i) / sides),
          }));
          const point = { latitude: centre.latitude + dLat, longitude: centre.longitude + dLon };
          // inside the inscribed circle → inside; outside the circumscribed circle → outside
          const d = Math.hypot(dLat, dLon);
          if (d < radius * Math.cos(Math.PI / sides) * 0.999) expect(pointInPolygon(point, polygon)).toBe(true);
          if (d > radius * 1.001) expect(pointInPolygon(point, polygon)).toBe(false);
        },
      ),
    );
  });
});
