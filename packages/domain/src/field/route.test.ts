import { describe, expect, it } from 'vitest';
import { haversineKm, legsKm, routeOrder, type RoutableStop } from './route.ts';

const stop = (id: number, priority: RoutableStop['priority'], latitude: number | null, longitude: number | null) => ({
  id,
  priority,
  latitude,
  longitude,
});

describe('work plan route order', () => {
  it('measures great-circle distances (Andheri to Thane is about 19 km)', () => {
    const km = haversineKm({ latitude: 19.1197, longitude: 72.8468 }, { latitude: 19.2183, longitude: 72.9781 });
    expect(km).toBeGreaterThan(17);
    expect(km).toBeLessThan(19);
  });

  it('visits every HIGH stop before MEDIUM and LOW, nearest neighbour within a priority from the start', () => {
    const start = { latitude: 19.0, longitude: 72.8 };
    const stops = [
      stop(1, 'LOW', 19.001, 72.8),
      stop(2, 'HIGH', 19.3, 72.8),
      stop(3, 'HIGH', 19.1, 72.8),
      stop(4, 'MEDIUM', 19.2, 72.8),
      stop(5, 'MEDIUM', null, null),
      stop(6, 'MEDIUM', 19.35, 72.8),
    ];
    // HIGH: 3 (0.1° away) then 2; MEDIUM from 2 (19.3): 6 (0.05°) then 4, then the ungeocoded 5; LOW: 1.
    expect(routeOrder(stops, start)).toEqual([3, 2, 6, 4, 5, 1]);
  });

  it('starts at the first stop when there is no start point, and gives each leg', () => {
    const stops = [stop(1, 'HIGH', 19.0, 72.8), stop(2, 'HIGH', 19.5, 72.8), stop(3, 'HIGH', 19.1, 72.8)];
    expect(routeOrder(stops, null)).toEqual([1, 3, 2]);
    const legs = legsKm([stops[0]!, stops[2]!, stops[1]!], null);
    expect(legs[0]).toBeNull();
    expect(legs[1]).toBeCloseTo(11.1, 0);
    expect(legs[2]).toBeCloseTo(44.5, 0);
  });
});
