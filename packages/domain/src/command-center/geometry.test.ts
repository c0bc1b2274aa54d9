import { describe, expect, it } from 'vitest';
import { haversineKm } from '../field/route.ts';
import {
  boundingBox,
  boxAround,
  clusterByGeohash,
  clusterByGrid,
  distanceM,
  geohashBounds,
  geohashEncode,
  inBoundingBox,
  inCircle,
  pointInPolygon,
  PointIndex,
  type Point,
} from './geometry.ts';
import { seededRandom } from './simulator.ts';

const ANDHERI = { latitude: 19.1197, longitude: 72.8468 };
/** The point `northM` north and `eastM` east of `point` (flat-earth, exact enough for a few km). */
const at = (point: Point, northM: number, eastM: number): Point => ({
  latitude: point.latitude + northM / 111_195,
  longitude: point.longitude + eastM / (111_195 * Math.cos((point.latitude * Math.PI) / 180)),
});

describe('distances and geofences', () => {
  it('measures metres with the work plan’s haversine', () => {
    const thane = { latitude: 19.2183, longitude: 72.9781 };
    expect(distanceM(ANDHERI, thane)).toBeCloseTo(haversineKm(ANDHERI, thane) * 1000, 6);
    expect(distanceM(ANDHERI, ANDHERI)).toBe(0);
    expect(distanceM({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -1);
  });

  it('holds a point on or inside the circle and not one just outside', () => {
    expect(inCircle(at(ANDHERI, 149, 0), ANDHERI, 150)).toBe(true);
    expect(inCircle(at(ANDHERI, 0, -149), ANDHERI, 150)).toBe(true);
    expect(inCircle(at(ANDHERI, 151, 0), ANDHERI, 150)).toBe(false);
    expect(inCircle(ANDHERI, ANDHERI, 0)).toBe(true);
  });
});

describe('point in polygon (drawn and lasso selections)', () => {
  const square = [at(ANDHERI, 0, 0), at(ANDHERI, 0, 1000), at(ANDHERI, 1000, 1000), at(ANDHERI, 1000, 0)];
  // A "U": two arms joined at the bottom, the notch between them is outside.
  const u = [
    at(ANDHERI, 0, 0),
    at(ANDHERI, 0, 900),
    at(ANDHERI, 900, 900),
    at(ANDHERI, 900, 600),
    at(ANDHERI, 300, 600),
    at(ANDHERI, 300, 300),
    at(ANDHERI, 900, 300),
    at(ANDHERI, 900, 0),
  ];

  it('finds points inside and outside a square, open or closed', () => {
    expect(pointInPolygon(at(ANDHERI, 500, 500), square)).toBe(true);
    expect(pointInPolygon(at(ANDHERI, 1500, 500), square)).toBe(false);
    expect(pointInPolygon(at(ANDHERI, 500, -10), square)).toBe(false);
    expect(pointInPolygon(at(ANDHERI, 500, 500), [...square, square[0]!])).toBe(true);
  });

  it('handles a concave outline: the notch is outside, the arms and the base inside', () => {
    expect(pointInPolygon(at(ANDHERI, 600, 450), u)).toBe(false); // in the notch
    expect(pointInPolygon(at(ANDHERI, 600, 150), u)).toBe(true); // left arm
    expect(pointInPolygon(at(ANDHERI, 600, 750), u)).toBe(true); // right arm
    expect(pointInPolygon(at(ANDHERI, 150, 450), u)).toBe(true); // base
  });

  it('encloses nothing with fewer than three vertices', () => {
    expect(pointInPolygon(ANDHERI, [])).toBe(false);
    expect(pointInPolygon(ANDHERI, [at(ANDHERI, -1, -1), at(ANDHERI, 1, 1)])).toBe(false);
  });
});

describe('bounding boxes', () => {
  it('is null for no points and the extremes otherwise', () => {
    expect(boundingBox([])).toBeNull();
    const box = boundingBox([
      { latitude: 19.1, longitude: 72.9 },
      { latitude: 19.3, longitude: 72.8 },
      { latitude: 19.2, longitude: 73.0 },
    ]);
    expect(box).toEqual({ minLatitude: 19.1, minLongitude: 72.8, maxLatitude: 19.3, maxLongitude: 73.0 });
    expect(inBoundingBox({ latitude: 19.3, longitude: 72.8 }, box!)).toBe(true);
    expect(inBoundingBox({ latitude: 19.31, longitude: 72.9 }, box!)).toBe(false);
  });

  it('boxes a circle so that every point of it is inside', () => {
    const box = boxAround(ANDHERI, 500);
    for (const [north, east] of [
      [499, 0],
      [-499, 0],
      [0, 499],
      [0, -499],
      [350, 350],
    ] as const) {
      expect(inBoundingBox(at(ANDHERI, north, east), box)).toBe(true);
    }
    expect(inBoundingBox(at(ANDHERI, 520, 0), box)).toBe(false);
  });
});

describe('geohash', () => {
  it('encodes the reference point of the geohash definition', () => {
    expect(geohashEncode({ latitude: 57.64911, longitude: 10.40744 }, 11)).toBe('u4pruydqqvj');
    expect(geohashEncode({ latitude: 57.64911, longitude: 10.40744 }, 5)).toBe('u4pru');
  });

  it('decodes to a box holding the point, finer with each character', () => {
    const hash = geohashEncode(ANDHERI, 7);
    const box = geohashBounds(hash);
    expect(inBoundingBox(ANDHERI, box)).toBe(true);
    expect(
      distanceM(
        { latitude: box.minLatitude, longitude: box.minLongitude },
        { latitude: box.maxLatitude, longitude: box.minLongitude },
      ),
    ).toBeLessThan(160);
    expect(geohashEncode(at(ANDHERI, 20, 20), 5)).toBe(hash.slice(0, 5));
  });

  it('refuses a precision outside 1–12 and a string that is no geohash', () => {
    expect(() => geohashEncode(ANDHERI, 0)).toThrow(RangeError);
    expect(() => geohashEncode(ANDHERI, 13)).toThrow(RangeError);
    expect(() => geohashBounds('abc!')).toThrow(RangeError);
  });
});

describe('clustering', () => {
  const thane = { latitude: 19.2183, longitude: 72.9781 };
  const points = [
    { id: 1, ...at(ANDHERI, 0, 0) },
    { id: 2, ...at(ANDHERI, 40, 0) },
    { id: 3, ...at(ANDHERI, 0, 40) },
    { id: 4, ...thane },
  ];

  it('groups nearby points in one grid cell at a city zoom, with their count, mean and ids', () => {
    const clusters = clusterByGrid(points, 10);
    expect(clusters.map((c) => c.count)).toEqual([3, 1]);
    expect(clusters[0]!.ids.sort()).toEqual([1, 2, 3]);
    expect(clusters[0]!.latitude).toBeCloseTo((points[0]!.latitude + points[1]!.latitude + points[2]!.latitude) / 3, 9);
    expect(clusters[1]!.ids).toEqual([4]);
    expect(clusters[0]!.key).toMatch(/^10\/\d+\/\d+$/);
  });

  it('splits them when zoomed in and merges everything at zoom 0', () => {
    expect(clusterByGrid(points, 20).length).toBe(4);
    expect(clusterByGrid(points, 0)).toHaveLength(1);
    expect(clusterByGrid([], 12)).toEqual([]);
    expect(() => clusterByGrid(points, 23)).toThrow(RangeError);
  });

  it('groups by geohash prefix', () => {
    const clusters = clusterByGeohash(points, 5);
    expect(clusters.reduce((sum, c) => sum + c.count, 0)).toBe(4);
    expect(clusters[0]!.count).toBe(3);
    expect(clusters[0]!.key).toBe(geohashEncode(ANDHERI, 5));
  });
});

describe('point index', () => {
  it('finds exactly the points a brute-force scan finds, nearest first', () => {
    const rng = seededRandom(7);
    const items = Array.from({ length: 2000 }, (_, id) => ({
      id,
      ...at(ANDHERI, (rng() - 0.5) * 20_000, (rng() - 0.5) * 20_000),
    }));
    const index = new PointIndex(items, 300);
    for (let q = 0; q < 50; q++) {
      const here = at(ANDHERI, (rng() - 0.5) * 20_000, (rng() - 0.5) * 20_000);
      const radius = 100 + rng() * 900;
      const found = index.within(here, radius);
      const expected = items.filter((item) => distanceM(here, item) <= radius).map((item) => item.id);
      expect(found.map((f) => f.item.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      for (let i = 1; i < found.length; i++)
        expect(found[i]!.distanceM).toBeGreaterThanOrEqual(found[i - 1]!.distanceM);
    }
  });
});
