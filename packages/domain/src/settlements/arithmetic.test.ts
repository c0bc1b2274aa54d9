import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basisPoints,
  formatBasisPoints,
  isRestructuring,
  minorToDecimal,
  parseSettlementMatrix,
  requiredLevel,
  splitWaiver,
  trackSchedule,
} from './arithmetic.ts';

const component = fc.bigInt({ min: 0n, max: 10_000_000_000n });

describe('settlement arithmetic', () => {
  it('splits any waiver so each component and each total sums exactly, charges waived first', () => {
    fc.assert(
      fc.property(component, component, component, fc.double({ min: 0, max: 1, noNaN: true }), (p, i, c, share) => {
        const total = p + i + c;
        fc.pre(total > 0n);
        const payable = 1n + ((total - 1n) * BigInt(Math.floor(share * 1_000_000))) / 1_000_000n;
        const split = splitWaiver({ principal: p, interest: i, charges: c }, payable);
        expect(split.waiver.principal + split.waiver.interest + split.waiver.charges).toBe(split.totalWaiver);
        expect(split.payable.principal + split.payable.interest + split.payable.charges).toBe(payable);
        for (const key of ['principal', 'interest', 'charges'] as const) {
          expect(split.payable[key] + split.waiver[key]).toBe(split.outstanding[key]);
          expect(split.waiver[key] >= 0n && split.payable[key] >= 0n).toBe(true);
        }
        // Principal is waived only when charges and interest are waived in full.
        if (split.waiver.principal > 0n) expect(split.payable.charges + split.payable.interest).toBe(0n);
        expect(split.waiverBasisPoints).toBe(basisPoints(split.totalWaiver, total));
      }),
    );
  });

  it('rounds the waiver share up and prints it with two decimals', () => {
    expect(basisPoints(1n, 3n)).toBe(3334);
    expect(formatBasisPoints(1000)).toBe('10.00');
    expect(formatBasisPoints(5)).toBe('0.05');
    expect(minorToDecimal(-5n)).toBe('-0.05');
    expect(minorToDecimal(12_345_678n)).toBe('123456.78');
  });

  it('reads the demo matrix, the sanctioning authority and fraud / wilful default', () => {
    const base = { currency: 'INR', sanctionLevel: 'OFFICER', fraud: false, wilfulDefaulter: false } as const;
    expect(requiredLevel({ ...base, waiverBasisPoints: 1000, waiverMinor: 50_000_00n }).level).toBe(1);
    expect(requiredLevel({ ...base, waiverBasisPoints: 1001, waiverMinor: 100n }).level).toBe(2);
    expect(requiredLevel({ ...base, waiverBasisPoints: 500, waiverMinor: 50_000_01n }).level).toBe(2);
    expect(requiredLevel({ ...base, waiverBasisPoints: 4000, waiverMinor: 10_00_000_00n }).level).toBe(3);
    expect(requiredLevel({ ...base, waiverBasisPoints: 4001, waiverMinor: 100n }).level).toBe(4);
    expect(requiredLevel({ ...base, sanctionLevel: 'ZONE', waiverBasisPoints: 100, waiverMinor: 100n })).toEqual({
      level: 4,
      reason: 'SANCTION',
    });
    expect(requiredLevel({ ...base, sanctionLevel: 'HO', waiverBasisPoints: 100, waiverMinor: 100n }).level).toBe(5);
    expect(requiredLevel({ ...base, fraud: true, waiverBasisPoints: 0, waiverMinor: 0n })).toEqual({
      level: 5,
      reason: 'FRAUD_OR_WILFUL',
    });
  });

  it('reads a matrix from its configuration text, and refuses a bad one', () => {
    const matrix = parseSettlementMatrix('5:10000:120,20.5:100000:1200');
    expect(matrix).toEqual([
      { maxBasisPoints: 500, maxWaiverMinor: { INR: 1_000_000n, USD: 12_000n }, level: 1 },
      { maxBasisPoints: 2050, maxWaiverMinor: { INR: 10_000_000n, USD: 120_000n }, level: 2 },
    ]);
    const base = { currency: 'INR', sanctionLevel: 'OFFICER', fraud: false, wilfulDefaulter: false } as const;
    expect(requiredLevel({ ...base, waiverBasisPoints: 600, waiverMinor: 100n }, matrix).level).toBe(2);
    expect(requiredLevel({ ...base, waiverBasisPoints: 2100, waiverMinor: 100n }, matrix).level).toBe(4);
    expect(() => parseSettlementMatrix('10:abc:1')).toThrow();
    expect(() => parseSettlementMatrix('20:100:1,10:200:2')).toThrow();
    expect(() => parseSettlementMatrix('1:1:1,2:2:2,3:3:3,4:4:4')).toThrow();
  });

  it('flags a plan past 90 days as restructuring and tracks payments against the schedule', () => {
    const plan = [
      { dueDate: '2026-04-10', amountMinor: 100n },
      { dueDate: '2026-06-29', amountMinor: 200n },
    ];
    expect(isRestructuring('2026-03-31', plan)).toBe(false);
    expect(isRestructuring('2026-03-30', plan)).toBe(true);
    const tracked = trackSchedule(plan, 150n, '2026-04-20', 7);
    expect(tracked.items.map((item) => [item.status, item.paidMinor])).toEqual([
      ['PAID', 100n],
      ['PART_PAID', 50n],
    ]);
    expect(trackSchedule(plan, 50n, '2026-04-17', 7).missed).toBe(false);
    expect(trackSchedule(plan, 50n, '2026-04-18', 7).missed).toBe(true);
    expect(trackSchedule(plan, 300n, '2026-09-01', 7).paidInFull).toBe(true);
  });
});
