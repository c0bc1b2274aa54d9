import { describe, expect, it } from 'vitest';
import { financialYearStart } from './recoveries.ts';

describe('financialYearStart', () => {
  it('is 1 April of the business date’s financial year (April to March)', () => {
    expect(financialYearStart('2026-04-01')).toBe('2026-04-01');
    expect(financialYearStart('2026-09-30')).toBe('2026-04-01');
    expect(financialYearStart('2026-12-31')).toBe('2026-04-01');
    expect(financialYearStart('2027-01-01')).toBe('2026-04-01');
    expect(financialYearStart('2027-03-31')).toBe('2026-04-01');
  });
});
