import { describe, expect, it } from 'vitest';
import { assetClassOf, bucketOf, computeDpd } from './dpd.ts';
import { addDays, daysBetween } from '../dates.ts';

describe('DPD (RBI IRACP, DPD = business date − oldest unpaid due + 1)', () => {
  it('follows the RBI worked example: due 31 Mar → SMA-1 at EOD 30 Apr, SMA-2 at 30 May, NPA at 29 Jun', () => {
    expect(assetClassOf(computeDpd('2026-03-31', '2026-03-31'))).toBe('SMA-0');
    expect(computeDpd('2026-04-30', '2026-03-31')).toBe(31);
    expect(assetClassOf(computeDpd('2026-04-29', '2026-03-31'))).toBe('SMA-0');
    expect(assetClassOf(computeDpd('2026-04-30', '2026-03-31'))).toBe('SMA-1');
    expect(assetClassOf(computeDpd('2026-05-30', '2026-03-31'))).toBe('SMA-2');
    expect(assetClassOf(computeDpd('2026-06-28', '2026-03-31'))).toBe('SMA-2');
    expect(assetClassOf(computeDpd('2026-06-29', '2026-03-31'))).toBe('NPA');
  });

  it('is 0 with nothing overdue, and never negative for a future due date', () => {
    expect(computeDpd('2026-11-21', null)).toBe(0);
    expect(computeDpd('2026-11-21', '2026-12-01')).toBe(0);
  });

  it.each([
    [0, 'CURRENT', 'STANDARD'],
    [1, 'B1', 'SMA-0'],
    [30, 'B1', 'SMA-0'],
    [31, 'B2', 'SMA-1'],
    [60, 'B2', 'SMA-1'],
    [61, 'B3', 'SMA-2'],
    [90, 'B3', 'SMA-2'],
    [91, 'B4', 'NPA'],
    [180, 'B4', 'NPA'],
    [181, 'B5', 'NPA'],
    [365, 'B5', 'NPA'],
    [366, 'B6', 'NPA'],
  ])('DPD %i is bucket %s and class %s', (dpd, bucket, assetClass) => {
    expect(bucketOf(dpd)).toBe(bucket);
    expect(assetClassOf(dpd)).toBe(assetClass);
  });

  it('counts days across month ends and leap years without time-zone drift', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
