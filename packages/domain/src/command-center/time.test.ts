import { describe, expect, it } from 'vitest';
import { formatClock, parseClock, toEpochMs, wallClock, zonedEpochMs } from './time.ts';

describe('command center time', () => {
  it('reads instants as ISO strings or epoch milliseconds', () => {
    expect(toEpochMs('2026-11-20T04:30:00Z')).toBe(Date.UTC(2026, 10, 20, 4, 30));
    expect(toEpochMs(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(toEpochMs('yesterday')).toBeNaN();
    expect(toEpochMs(Number.POSITIVE_INFINITY)).toBeNaN();
  });

  it('shows an instant on India’s wall clock (UTC + 5:30), across midnight', () => {
    expect(wallClock(Date.UTC(2026, 10, 20, 4, 30, 15))).toEqual({
      date: '2026-11-20',
      hour: 10,
      minute: 0,
      second: 15,
    });
    expect(wallClock(Date.UTC(2026, 10, 20, 19, 0)).date).toBe('2026-11-21');
    expect(wallClock(Date.UTC(2026, 10, 20, 19, 0), 'UTC').date).toBe('2026-11-20');
  });

  it('finds the instant of a wall-clock time in a zone', () => {
    expect(zonedEpochMs('2026-11-20', 9 * 60)).toBe(Date.UTC(2026, 10, 20, 3, 30));
    expect(zonedEpochMs('2026-11-20', 0, 'UTC')).toBe(Date.UTC(2026, 10, 20));
    // a zone with daylight saving: 09:00 in New York is 14:00 UTC in winter and 13:00 UTC in summer
    expect(zonedEpochMs('2026-01-15', 9 * 60, 'America/New_York')).toBe(Date.UTC(2026, 0, 15, 14));
    expect(zonedEpochMs('2026-07-15', 9 * 60, 'America/New_York')).toBe(Date.UTC(2026, 6, 15, 13));
  });

  it('parses and formats HH:MM', () => {
    expect(parseClock('09:30')).toBe(570);
    expect(parseClock('23:59')).toBe(1439);
    expect(parseClock('24:00')).toBeNaN();
    expect(parseClock('9:30')).toBeNaN();
    expect(formatClock(570)).toBe('09:30');
  });
});
