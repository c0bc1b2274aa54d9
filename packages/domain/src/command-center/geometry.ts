import { haversineKm, type Point } from '../field/route.ts';

// Command center geometry (issue 16): distances, geofences, drawn selections and clustering, all on WGS84 latitude
// and longitude in degrees. Distances are great-circle (the work plan's haversine); polygons and clusters work on the
// flat latitude/longitude (or Web Mercator) plane, which is exact enough at city scale. Nothing here crosses the
// antimeridian (India is far from it).

export type { Point };

/** Metres between two points (great circle). */
export function distanceM(a: Point, b: Point): number {
  return haversineKm(a, b) * 1000;
}

/** Whether a point lies inside (or on the edge of) a circular geofence. */
export function inCircle(point: Point, center: Point, radiusM: number): boolean {
  return distanceM(point, center) <= radiusM;
}

/**
 * Whether a point lies inside a polygon (drawn or lasso selection), by the even-odd ray-casting rule, so concave and
 * self-touching outlines work. The polygon is its vertices in order, open (the last joins the first) or closed (the
 * first repeated at the end, as GeoJSON). Fewer than three vertices enclose nothing. A point exactly on an edge may
 * fall either side (a drawn selection has no exact edge).
 */
export function pointInPolygon(point: Point, polygon: readonly Point[]): boolean {
  const n = polygon.length;
  if (n < 3) return false;
  const x = point.longitude;
  const y = point.latitude;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.latitude > y !== b.latitude > y) {
      const crossX = ((b.longitude - a.longitude) * (y - a.latitude)) / (b.latitude - a.latitude) + a.longitude;
      if (x < crossX) inside = !inside;
    }
  }
  return inside;
}

export type BoundingBox = { minLatitude: number; minLongitude: number; maxLatitude: number; maxLongitude: number };

/** The smallest latitude/longitude box holding every point; null for no points. */
export function boundingBox(points: Iterable<Point>): BoundingBox | null {
  let box: BoundingBox | null = null;
  for (const point of points) {
    if (!box) {
      box = {
        minLatitude: point.latitude,
        minLongitude: point.longitude,
        maxLatitude: point.latitude,
        maxLongitude: point.longitude,
      };
      continue;
    }
    if (point.latitude < box.minLatitude) box.minLatitude = point.latitude;
    if (point.latitude > box.maxLatitude) box.maxLatitude = point.latitude;
    if (point.longitude < box.minLongitude) box.minLongitude = point.longitude;
    if (point.longitude > box.maxLongitude) box.maxLongitude = point.longitude;
  }
  return box;
}

/** Whether a point lies in a box (edges included). */
export function inBoundingBox(point: Point, box: BoundingBox): boolean {
  return (
    point.latitude >= box.minLatitude &&
    point.latitude <= box.maxLatitude &&
    point.longitude >= box.minLongitude &&
    point.longitude <= box.maxLongitude
  );
}

const METRES_PER_DEGREE_LATITUDE = 111_195; // 2πR / 360 with the haversine's mean radius

/** A box around a circle: every point within `radiusM` of `center` lies in it (a quick pre-filter). */
export function boxAround(center: Point, radiusM: number): BoundingBox {
  const dLat = radiusM / METRES_PER_DEGREE_LATITUDE;
  const cos = Math.max(Math.cos((center.latitude * Math.PI) / 180), 1e-6);
  const dLon = Math.min(180, dLat / cos);
  return {
    minLatitude: center.latitude - dLat,
    maxLatitude: center.latitude + dLat,
    minLongitude: center.longitude - dLon,
    maxLongitude: center.longitude + dLon,
  };
}

const GEOHASH_BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';

/** The geohash of a point to `precision` characters (1–12; 6 ≈ 1.2 km × 0.6 km, 7 ≈ 150 m). */
export function geohashEncode(point: Point, precision: number): string {
  if (!Number.isInteger(precision) || precision < 1 || precision > 12) {
    throw new RangeError('precision must be a whole number from 1 to 12');
  }
  let latMin = -90;
  let latMax = 90;
  let lonMin = -180;
  let lonMax = 180;
  let hash = '';
  let bits = 0;
  let value = 0;
  let evenBit = true; // longitude first
  while (hash.length < precision) {
    if (evenBit) {
      const mid = (lonMin + lonMax) / 2;
      if (point.longitude >= mid) {
        value = value * 2 + 1;
        lonMin = mid;
      } else {
        value *= 2;
        lonMax = mid;
      }
    } else {
      const mid = (latMin + latMax) / 2;
      if (point.latitude >= mid) {
        value = value * 2 + 1;
        latMin = mid;
      } else {
        value *= 2;
        latMax = mid;
      }
    }
    evenBit = !evenBit;
    if (++bits === 5) {
      hash += GEOHASH_BASE32[value];
      bits = 0;
      value = 0;
    }
  }
  return hash;
}

/** The box a geohash stands for (its centre is the cell's point). */
export function geohashBounds(hash: string): BoundingBox {
  let latMin = -90;
  let latMax = 90;
  let lonMin = -180;
  let lonMax = 180;
  let evenBit = true;
  for (const char of hash.toLowerCase()) {
    const index = GEOHASH_BASE32.indexOf(char);
    if (index < 0) throw new RangeError(`not a geohash: ${hash}`);
    for (let bit = 4; bit >= 0; bit--) {
      const on = (index >> bit) & 1;
      if (evenBit) {
        const mid = (lonMin + lonMax) / 2;
        if (on) lonMin = mid;
        else lonMax = mid;
      } else {
        const mid = (latMin + latMax) / 2;
        if (on) latMin = mid;
        else latMax = mid;
      }
      evenBit = !evenBit;
    }
  }
  return { minLatitude: latMin, minLongitude: lonMin, maxLatitude: latMax, maxLongitude: lonMax };
}

export type Cluster<Id> = {
  /** the cell's key: a geohash, or `zoom/x/y` of a grid cell */
  key: string;
  count: number;
  /** the members' mean position (where the cluster's marker goes) */
  latitude: number;
  longitude: number;
  ids: Id[];
};

export type ClusterablePoint<Id> = Point & { id: Id };

type Accumulator<Id> = { count: number; latSum: number; lonSum: number; ids: Id[] };

function toClusters<Id>(cells: Map<string, Accumulator<Id>>): Cluster<Id>[] {
  const clusters: Cluster<Id>[] = [];
  for (const [key, cell] of cells) {
    clusters.push({
      key,
      count: cell.count,
      latitude: cell.latSum / cell.count,
      longitude: cell.lonSum / cell.count,
      ids: cell.ids,
    });
  }
  return clusters.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function add<Id>(cells: Map<string, Accumulator<Id>>, key: string, point: ClusterablePoint<Id>): void {
  let cell = cells.get(key);
  if (!cell) {
    cell = { count: 0, latSum: 0, lonSum: 0, ids: [] };
    cells.set(key, cell);
  }
  cell.count++;
  cell.latSum += point.latitude;
  cell.lonSum += point.longitude;
  cell.ids.push(point.id);
}

/** Points grouped by their geohash of `precision` characters (the design's "cluster by geohash"). O(n). */
export function clusterByGeohash<Id>(points: Iterable<ClusterablePoint<Id>>, precision: number): Cluster<Id>[] {
  const cells = new Map<string, Accumulator<Id>>();
  for (const point of points) add(cells, geohashEncode(point, precision), point);
  return toClusters(cells);
}

const TILE_PX = 256;
const MAX_MERCATOR_LATITUDE = 85.05112878;

/** A point's Web Mercator pixel position at a zoom level (the slippy-map tiling every web map uses). */
export function mercatorPixel(point: Point, zoom: number): { x: number; y: number } {
  const scale = TILE_PX * 2 ** zoom;
  const lat = Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, point.latitude));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((point.longitude + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/**
 * Points grouped into square screen cells of `cellPx` pixels (default 64) at a map zoom level (0–22): the markers a
 * map draws at that zoom, one per cell with its count and its members' mean position. Zooming in by one halves each
 * cell on the ground. O(n).
 */
export function clusterByGrid<Id>(points: Iterable<ClusterablePoint<Id>>, zoom: number, cellPx = 64): Cluster<Id>[] {
  if (!Number.isInteger(zoom) || zoom < 0 || zoom > 22) throw new RangeError('zoom must be a whole number 0–22');
  if (!(cellPx > 0)) throw new RangeError('cellPx must be positive');
  const cells = new Map<string, Accumulator<Id>>();
  for (const point of points) {
    const { x, y } = mercatorPixel(point, zoom);
    add(cells, `${zoom}/${Math.floor(x / cellPx)}/${Math.floor(y / cellPx)}`, point);
  }
  return toClusters(cells);
}

/**
 * A grid index of points for "which are within R metres of here" (geofences of a day's customers, nearest stops):
 * cells of `cellM` metres, a query looks only at the cells its circle touches. Building is O(n); a query costs the
 * points in those cells.
 */
export class PointIndex<T extends Point> {
  private readonly cells = new Map<string, T[]>();
  private readonly cellDegLat: number;
  private readonly cellDegLon: number;

  constructor(
    items: Iterable<T>,
    readonly cellM: number,
    referenceLatitude = 20,
  ) {
    if (!(cellM > 0)) throw new RangeError('cellM must be positive');
    this.cellDegLat = cellM / METRES_PER_DEGREE_LATITUDE;
    // Longitude cells are sized at the reference latitude; a query widens its search by the actual latitude.
    this.cellDegLon = this.cellDegLat / Math.max(Math.cos((referenceLatitude * Math.PI) / 180), 0.01);
    for (const item of items) {
      const key = this.keyOf(Math.floor(item.latitude / this.cellDegLat), Math.floor(item.longitude / this.cellDegLon));
      const cell = this.cells.get(key);
      if (cell) cell.push(item);
      else this.cells.set(key, [item]);
    }
  }

  private keyOf(row: number, column: number): string {
    return `${row}:${column}`;
  }

  /** Every indexed item within `radiusM` of `point`, with its distance, nearest first. */
  within(point: Point, radiusM: number): { item: T; distanceM: number }[] {
    const box = boxAround(point, radiusM);
    const rowFrom = Math.floor(box.minLatitude / this.cellDegLat);
    const rowTo = Math.floor(box.maxLatitude / this.cellDegLat);
    const colFrom = Math.floor(box.minLongitude / this.cellDegLon);
    const colTo = Math.floor(box.maxLongitude / this.cellDegLon);
    const found: { item: T; distanceM: number }[] = [];
    for (let row = rowFrom; row <= rowTo; row++) {
      for (let column = colFrom; column <= colTo; column++) {
        const cell = this.cells.get(this.keyOf(row, column));
        if (!cell) continue;
        for (const item of cell) {
          const d = distanceM(point, item);
          if (d <= radiusM) found.push({ item, distanceM: d });
        }
      }
    }
    return found.sort((a, b) => a.distanceM - b.distanceM);
  }
}
