// The work plan's route order (issue 14): priority first (every HIGH visit before any MEDIUM, MEDIUM before LOW),
// and within a priority the nearest-neighbour tour from where the collector is — the start point for the first
// stop, then each stop for the next. Nearest neighbour is a greedy heuristic (typically within 25 % of the shortest
// tour), enough for a day's 10–30 stops; distances are straight-line (haversine), not by road. Visits that are not
// geocoded keep their order after the geocoded ones of their priority.

export type Point = { latitude: number; longitude: number };
export type RoutableStop = {
  id: number;
  priority: 'HIGH' | 'MEDIUM' | 'LOW';
  latitude: number | null;
  longitude: number | null;
};

const PRIORITY_RANK = { HIGH: 0, MEDIUM: 1, LOW: 2 } as const;
const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres. */
export function haversineKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function pointOf(stop: RoutableStop): Point | null {
  return stop.latitude === null || stop.longitude === null
    ? null
    : { latitude: stop.latitude, longitude: stop.longitude };
}

/** The stops' ids in route order (see above). `start` null: the tour starts at the first geocoded HIGH-most stop. */
export function routeOrder(stops: readonly RoutableStop[], start: Point | null): number[] {
  const order: number[] = [];
  let here = start;
  for (const priority of ['HIGH', 'MEDIUM', 'LOW'] as const) {
    const tier = stops.filter((stop) => stop.priority === priority);
    const placed = tier.filter((stop) => pointOf(stop) !== null);
    const unplaced = tier.filter((stop) => pointOf(stop) === null);
    const left = [...placed];
    while (left.length > 0) {
      let best = 0;
      if (here) {
        let bestKm = Infinity;
        left.forEach((stop, index) => {
          const km = haversineKm(here!, pointOf(stop)!);
          if (km < bestKm - 1e-9) {
            bestKm = km;
            best = index;
          }
        });
      }
      const [next] = left.splice(best, 1);
      order.push(next!.id);
      here = pointOf(next!);
    }
    order.push(...unplaced.map((stop) => stop.id));
  }
  return order;
}

/** Priority rank (0 = HIGH), for sorting. */
export function priorityRank(priority: RoutableStop['priority']): number {
  return PRIORITY_RANK[priority];
}

/** Each stop's leg in kilometres from the previous stop (or the start), in the given order; null when not geocoded. */
export function legsKm(stops: readonly RoutableStop[], start: Point | null): (number | null)[] {
  let here = start;
  return stops.map((stop) => {
    const point = pointOf(stop);
    const leg = here && point ? Math.round(haversineKm(here, point) * 10) / 10 : null;
    if (point) here = point;
    return leg;
  });
}
