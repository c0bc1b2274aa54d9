import { describe, expect, it } from 'vitest';
import { fromCents, ptpDeviationReasons, resolvePtp } from './ptp-policy.ts';
import { toCents } from '../money.ts';

const base = { businessDate: '2026-11-21', emiAmount: '12000.00', nextDueDate: '2026-12-05' };

describe('PTP deviation (domain reference §2.3)', () => {
  it('accepts a PTP within the horizon, before the next due date and of at least one EMI', () => {
    expect(ptpDeviationReasons({ ...base, bucket: 'B1', promisedDate: '2026-11-28', promisedAmount: '12000' })).toEqual(
      [],
    );
  });

  it('refers a PTP beyond 7 days in B1 but allows 15 days in B2+', () => {
    expect(ptpDeviationReasons({ ...base, bucket: 'B1', promisedDate: '2026-11-29', promisedAmount: '12000' })).toEqual(
      ['BEYOND_HORIZON'],
    );
    expect(ptpDeviationReasons({ ...base, bucket: 'B2', promisedDate: '2026-12-05', promisedAmount: '12000' })).toEqual(
      [],
    );
  });

  it('refers a PTP after the next due date or below one EMI', () => {
    expect(
      ptpDeviationReasons({ ...base, bucket: 'B3', promisedDate: '2026-12-06', promisedAmount: '11999.99' }),
    ).toEqual(['BEYOND_NEXT_DUE', 'BELOW_MINIMUM']);
  });
});

describe('PTP resolution', () => {
  const ptp = { promisedDate: '2026-11-20', promisedAmount: '5000.00' };

  it('is KEPT as soon as the promised amount is paid', () => {
    expect(resolvePtp({ ...ptp, amountPaid: '5000', businessDate: '2026-11-18' })).toBe('KEPT');
  });

  it('stays OPEN until the grace day has passed', () => {
    expect(resolvePtp({ ...ptp, amountPaid: '0', businessDate: '2026-11-21' })).toBe('OPEN');
  });

  it('is PARTIAL with some payment and BROKEN with none after grace', () => {
    expect(resolvePtp({ ...ptp, amountPaid: '4999.99', businessDate: '2026-11-22' })).toBe('PARTIAL');
    expect(resolvePtp({ ...ptp, amountPaid: '0.00', businessDate: '2026-11-22' })).toBe('BROKEN');
  });

  it('does exact decimal money', () => {
    expect(toCents('0.1') + toCents('0.2')).toBe(toCents('0.3'));
    expect(fromCents(toCents('1234567.5'))).toBe('1234567.50');
    expect(() => toCents('1e3')).toThrow();
  });
});
