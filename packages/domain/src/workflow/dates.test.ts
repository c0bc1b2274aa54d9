import { describe, expect, it } from 'vitest';
import { addMonths, isIsoDate, shiftDate } from './dates.ts';

describe('calendar arithmetic for date rules', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-12-31', 2, '2027-02-28'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-05-31', -12, '2025-05-31'],
    ['2024-02-29', 12, '2025-02-28'],
  ])('%s + %i months = %s (clamped to the month end)', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it('adds the days first, then the months', () => {
    // 16 Jan + 15 days = 31 Jan; + 1 month = 28 Feb. Months first would give 16 Feb + 15 = 3 Mar.
    expect(shiftDate('2026-01-16', 15, 1)).toBe('2026-02-28');
    expect(shiftDate('2026-01-16')).toBe('2026-01-16');
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('recognises real ISO dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-01-01')).toBe(false);
    expect(isIsoDate('2026-01-01T00:00:00Z')).toBe(false);
    expect(isIsoDate(20260101)).toBe(false);
  });

  it('refuses to shift something that is not a date', () => {
    expect(() => addMonths('31/01/2026', 1)).toThrow('not an ISO date');
  });
});
