import { describe, expect, it } from 'vitest';
import { buildRouteDay, type StoredPoint } from './route-day.ts';
import { DEFAULT_COMMAND_CENTER_SETTINGS } from './settings.ts';
import { simulateDay } from './simulator.ts';

// The replay's route of a day: kept fixes in time order, stops with durations, trips and the device's events.

const START = { latitude: 19.1136, longitude: 72.8697 };
const CUSTOMERS = [
  { id: 'A', latitude: 19.1197, longitude: 72.8468 },
  { id: 'B', latitude: 19.1075, longitude: 72.8263 },
  { id: 'C', latitude: 19.1334, longitude: 72.8291 },
  { id: 'D', latitude: 19.1402, longitude: 72.8553 },
];

function storedOf(day: ReturnType<typeof simulateDay>): StoredPoint[] {
  const positions: StoredPoint[] = day.positions.map((position) => ({
    ...position,
    eventType: 'POSITION',
    ref: null,
  }));
  const receipts: StoredPoint[] = day.receipts.map((receipt) => ({
    fixTime: receipt.receivedAt,
    latitude: receipt.latitude ?? START.latitude,
    longitude: receipt.longitude ?? START.longitude,
    accuracyM: receipt.accuracyM,
    mock: receipt.mock,
    eventType: 'RECEIPT',
    ref: receipt.id,
  }));
  return [...positions, ...receipts];
}

describe('buildRouteDay', () => {
  const day = simulateDay({ seed: 'route-day', date: '2026-11-27', start: START, customers: CUSTOMERS });
  const points = storedOf(day);
  const route = buildRouteDay([...points].reverse(), DEFAULT_COMMAND_CENTER_SETTINGS, Date.parse('2026-11-28T00:00Z'));

  it('keeps the fixes in time order whatever order they were stored in', () => {
    expect(route.fixes.length).toBeGreaterThan(100);
    const times = route.fixes.map((fix) => Date.parse(fix.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('shows a stop at each visit, with its duration, and trips between them', () => {
    for (const visit of day.visits) {
      const arrive = Date.parse(visit.arriveAt);
      const leave = Date.parse(visit.leaveAt);
      if (leave - arrive < DEFAULT_COMMAND_CENTER_SETTINGS.stopMinSeconds * 1000) continue;
      const stop = route.stops.find(
        (candidate) => Date.parse(candidate.startTime) <= leave && Date.parse(candidate.endTime) >= arrive,
      );
      expect(stop, `a stop at ${visit.customerId}`).toBeDefined();
      expect(stop!.durationS).toBeGreaterThanOrEqual(DEFAULT_COMMAND_CENTER_SETTINGS.stopMinSeconds);
    }
    expect(route.trips.length).toBeGreaterThanOrEqual(route.stops.length - 1);
    // each trip's distance is rounded to the metre, the total once
    const sum = route.trips.reduce((total, trip) => total + trip.distanceM, 0);
    expect(Math.abs(route.totals.distanceM - sum)).toBeLessThanOrEqual(route.trips.length);
    expect(route.totals.stoppedS).toBeGreaterThan(0);
  });

  it('puts the receipts on the route as events in time order, with their mock flag', () => {
    expect(route.events.map((event) => event.ref)).toEqual(day.receipts.map((receipt) => receipt.id));
    expect(route.events.every((event) => event.type === 'RECEIPT')).toBe(true);
    expect(route.events.filter((event) => event.mock).length).toBe(day.receipts.filter((r) => r.mock).length);
  });

  it('leaves out positions worse than the accuracy filter, and says how many', () => {
    const inaccurate = points.map((point, index) => (index % 10 === 0 ? { ...point, accuracyM: 900 } : point));
    const filtered = buildRouteDay(inaccurate, DEFAULT_COMMAND_CENTER_SETTINGS, Date.parse('2026-11-28T00:00Z'));
    expect(filtered.dropped.inaccurate).toBeGreaterThan(0);
    expect(filtered.fixes.length).toBeLessThan(route.fixes.length);
  });

  it('answers an empty day with no route', () => {
    const empty = buildRouteDay([], DEFAULT_COMMAND_CENTER_SETTINGS, Date.now());
    expect(empty).toMatchObject({ fixes: [], stops: [], trips: [], events: [], totals: { distanceM: 0 } });
  });
});
