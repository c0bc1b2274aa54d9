import { describe, expect, it } from 'vitest';
import { clusterPoints, pointInPolygon, project, selectInside } from './geometry.ts';
import { positionAt, travelledUntil } from './playback.ts';

// The map component's own maths: grid clustering by zoom, point-in-polygon for drawn selections, route playback.

describe('clustering by zoom', () => {
  it('projects as Web Mercator: the world is 256 × 2^zoom pixels', () => {
    expect(project({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(project({ latitude: 0, longitude: 180 }, 1).x).toBe(512);
  });

  it('groups points of one grid cell, keeps their mean position and extent, and splits them as the zoom grows', () => {
    const points = [
      { id: 1, latitude: 19.07, longitude: 72.87 },
      { id: 2, latitude: 19.08, longitude: 72.88 },
      { id: 3, latitude: 19.1, longitude: 72.9 },
      { id: 4, latitude: 13.08, longitude: 80.27 },
    ];
    const far = clusterPoints(points, 5);
    expect(far.map((cluster) => cluster.members.length).sort()).toEqual([1, 3]);
    const mumbai = far.find((cluster) => cluster.members.length === 3)!;
    expect(mumbai.latitude).toBeCloseTo((19.07 + 19.08 + 19.1) / 3, 6);
    expect([mumbai.south, mumbai.north, mumbai.west, mumbai.east]).toEqual([19.07, 19.1, 72.87, 72.9]);
    // at street level every point stands alone
    expect(clusterPoints(points, 17)).toHaveLength(4);
  });

  it('clusters 20,000 points into a few hundred circles without losing any', () => {
    const points = Array.from({ length: 20_000 }, (_, i) => ({
      id: i,
      latitude: 8 + ((i * 7919) % 2700) / 100,
      longitude: 70 + ((i * 104_729) % 2500) / 100,
    }));
    const clusters = clusterPoints(points, 5);
    expect(clusters.length).toBeLessThan(500);
    expect(clusters.reduce((sum, cluster) => sum + cluster.members.length, 0)).toBe(20_000);
  });
});

describe('selection by a drawn shape', () => {
  const square = [
    { latitude: 0, longitude: 0 },
    { latitude: 0, longitude: 10 },
    { latitude: 10, longitude: 10 },
    { latitude: 10, longitude: 0 },
  ];
  it('tells inside from outside, for a concave lasso too', () => {
    expect(pointInPolygon({ latitude: 5, longitude: 5 }, square)).toBe(true);
    expect(pointInPolygon({ latitude: 11, longitude: 5 }, square)).toBe(false);
    const horseshoe = [
      { latitude: 0, longitude: 0 },
      { latitude: 0, longitude: 10 },
      { latitude: 10, longitude: 10 },
      { latitude: 10, longitude: 7 },
      { latitude: 2, longitude: 7 },
      { latitude: 2, longitude: 3 },
      { latitude: 10, longitude: 3 },
      { latitude: 10, longitude: 0 },
    ];
    expect(pointInPolygon({ latitude: 5, longitude: 5 }, horseshoe)).toBe(false);
    expect(pointInPolygon({ latitude: 5, longitude: 1 }, horseshoe)).toBe(true);
  });

  it('gives the ids inside; fewer than three corners select nothing', () => {
    const points = [
      { id: 'a', latitude: 1, longitude: 1 },
      { id: 'b', latitude: 20, longitude: 1 },
    ];
    expect(selectInside(points, square)).toEqual(['a']);
    expect(selectInside(points, square.slice(0, 2))).toEqual([]);
  });
});

describe('route playback', () => {
  const track = [
    { latitude: 19, longitude: 72, at: 1000 },
    { latitude: 19.1, longitude: 72.2, at: 3000 },
    { latitude: 19.1, longitude: 72.2, at: 5000 },
  ];
  it('interpolates between fixes and holds at the ends', () => {
    expect(positionAt(track, 0)).toEqual(track[0]);
    const middle = positionAt(track, 2000)!;
    expect(middle.latitude).toBeCloseTo(19.05, 9);
    expect(middle.longitude).toBeCloseTo(72.1, 9);
    expect(positionAt(track, 9000)).toEqual(track[2]);
    expect(positionAt([], 1)).toBeNull();
  });
  it('gives the part travelled so far, ending where the person is', () => {
    const part = travelledUntil(track, 2000);
    expect(part).toHaveLength(2);
    expect(part[1]!.at).toBe(2000);
    expect(travelledUntil(track, 5000)).toHaveLength(3);
  });
});
