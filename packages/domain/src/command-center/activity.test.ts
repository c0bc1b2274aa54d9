import { describe, expect, it } from 'vitest';
import {
  accountActivityQuerySchema,
  datesInRange,
  daysInRange,
  idleReportQuerySchema,
  MAX_ACTIVITY_DAYS,
  timeSpentQuerySchema,
} from './activity.ts';

// The activity reports' ranges: both ends included, at most MAX_ACTIVITY_DAYS days, the error on `to`.

describe('activity report ranges', () => {
  it('counts and lists the days of a range, both ends included, across a month end', () => {
    expect(daysInRange('2026-11-20', '2026-11-20')).toBe(1);
    expect(daysInRange('2026-10-31', '2026-11-02')).toBe(3);
    expect(datesInRange('2026-10-31', '2026-11-02')).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
  });

  it('accepts up to 31 days and names `to` beyond, or before `from`', () => {
    expect(timeSpentQuerySchema.safeParse({ from: '2026-11-01', to: '2026-12-01' }).success).toBe(true);
    expect(MAX_ACTIVITY_DAYS).toBe(31);
    const tooLong = timeSpentQuerySchema.safeParse({ from: '2026-11-01', to: '2026-12-02' });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['to']);
    const backwards = idleReportQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' });
    expect(backwards.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['to']);
    expect(idleReportQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-01', minMinutes: '4' }).success).toBe(
      false,
    );
    expect(accountActivityQuerySchema.safeParse({}).success).toBe(true);
  });
});
