import { mercatorPixel, pointInPolygon } from '@recovery-desk/domain/command-center/geometry.ts';

// Pure geometry of the map component: grid clustering by zoom (with the members and their extent, which a map needs
// to draw and zoom into a cluster) and point-in-polygon for drawn selections. No Leaflet here, so it is tested
// without a map. The projection and the polygon test are the command center's domain geometry
// (packages/domain/src/command-center/geometry.ts), so a selection drawn here and checked there agree.

export type LatLng = { latitude: number; longitude: number };

const TILE = 256;

/** Web Mercator pixel position of a place at a zoom level (as Leaflet's default CRS places it): the domain's. */
export const project: (point: LatLng, zoom: number) => { x: number; y: number } = mercatorPixel;

export type Cluster<T> = {
  /** the mean position of its members */
  latitude: number;
  longitude: number;
  members: T[];
  /** the members' extent, to zoom into */
  south: number;
  west: number;
  north: number;
  east: number;
};

/**
 * Groups points that fall into the same square of `cellPixels` screen pixels at `zoom` (grid clustering: one pass,
 * O(n), stable for a zoom level, so 10,000+ points re-cluster on each zoom without a plugin). A cluster of one is a
 * lone point.
 */
export function clusterPoints<T extends LatLng>(points: readonly T[], zoom: number, cellPixels = 64): Cluster<T>[] {
  // one number per cell (column × rows + row: the world at zoom 19 is under 2^27 cells of 64 px a side)
  const cellsAcross = Math.ceil((TILE * 2 ** zoom) / cellPixels) + 1;
  const cells = new Map<number, Cluster<T> & { sumLat: number; sumLon: number }>();
  for (const point of points) {
    const { x, y } = project(point, zoom);
    const key = Math.floor(x / cellPixels) * cellsAcross + Math.floor(y / cellPixels);
    const cell = cells.get(key);
    if (!cell) {
      cells.set(key, {
        latitude: 0,
        longitude: 0,
        members: [point],
        sumLat: point.latitude,
        sumLon: point.longitude,
        south: point.latitude,
        north: point.latitude,
        west: point.longitude,
        east: point.longitude,
      });
      continue;
    }
    cell.members.push(point);
    cell.sumLat += point.latitude;
    cell.sumLon += point.longitude;
    if (point.latitude < cell.south) cell.south = point.latitude;
    if (point.latitude > cell.north) cell.north = point.latitude;
    if (point.longitude < cell.west) cell.west = point.longitude;
    if (point.longitude > cell.east) cell.east = point.longitude;
  }
  const out: Cluster<T>[] = [];
  for (const { sumLat, sumLon, ...cell } of cells.values()) {
    out.push({ ...cell, latitude: sumLat / cell.members.length, longitude: sumLon / cell.members.length });
  }
  return out;
}

/** Whether a place lies inside a polygon (the domain's ray casting, shared with the allocation's selections). */
export { pointInPolygon };

/** The ids of the points inside a drawn polygon (fewer than 3 corners select nothing). */
export function selectInside<T extends LatLng & { id: string | number }>(
  points: readonly T[],
  polygon: readonly LatLng[],
): T['id'][] {
  if (polygon.length < 3) return [];
  return points.filter((point) => pointInPolygon(point, polygon)).map((point) => point.id);
}
