import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateReceipt,
  applyAllocation,
  applyToDues,
  breaches269ST,
  minorToDecimal,
  parsePostingOrder,
  POSTING_COMPONENTS,
  PostingError,
  reverseAllocation,
  reverseDueApplications,
  totalOutstanding,
  type DueState,
  type Outstanding,
  type PostingComponent,
} from './posting.ts';

const minor = fc.bigInt({ min: 0n, max: 10_000_000_00n });
const outstanding: fc.Arbitrary<Outstanding> = fc.record({
  bounceCharges: minor,
  overdueCharges: minor,
  otherCharges: minor,
  interest: minor,
  principal: minor,
});
const order: fc.Arbitrary<PostingComponent[]> = fc.shuffledSubarray([...POSTING_COMPONENTS], {
  minLength: 3,
  maxLength: 3,
});
const dues: fc.Arbitrary<DueState[]> = fc
  .array(
    fc.record({
      day: fc.integer({ min: 1, max: 28 }),
      month: fc.integer({ min: 1, max: 12 }),
      amountDue: fc.bigInt({ min: 1n, max: 5_000_000n }),
      paidShare: fc.integer({ min: 0, max: 100 }),
    }),
    { maxLength: 24 },
  )
  .map((rows) =>
    rows.map((row, index) => {
      const amountPaid = (row.amountDue * BigInt(row.paidShare)) / 100n;
      return {
        id: index + 1,
        dueDate: `2026-${String(row.month).padStart(2, '0')}-${String(row.day).padStart(2, '0')}`,
        amountDue: row.amountDue,
        amountPaid,
        paidDate: amountPaid >= row.amountDue ? '2026-01-01' : null,
      };
    }),
  );

describe('receipt posting arithmetic', () => {
  it('splits any amount up to what is owed so that the components sum to the amount, none above its due', () => {
    fc.assert(
      fc.property(outstanding, order, fc.bigInt({ min: 1n, max: 60_000_000_00n }), (owed, by, raw) => {
        const total = totalOutstanding(owed);
        fc.pre(total > 0n);
        const amount = ((raw - 1n) % total) + 1n;
        const split = allocateReceipt(amount, owed, by);
        expect(split.charges + split.interest + split.principal).toBe(amount);
        expect(split.bounceCharges + split.overdueCharges + split.otherCharges).toBe(split.charges);
        const after = applyAllocation(owed, split);
        for (const value of Object.values(after)) expect(value >= 0n).toBe(true);
        expect(reverseAllocation(after, split)).toEqual(owed);
      }),
    );
  });

  it('pays components strictly in the configured order', () => {
    fc.assert(
      fc.property(outstanding, order, fc.bigInt({ min: 1n, max: 60_000_000_00n }), (owed, by, raw) => {
        const total = totalOutstanding(owed);
        fc.pre(total > 0n);
        const amount = ((raw - 1n) % total) + 1n;
        const split = allocateReceipt(amount, owed, by);
        const owes = {
          CHARGES: owed.bounceCharges + owed.overdueCharges + owed.otherCharges,
          INTEREST: owed.interest,
          PRINCIPAL: owed.principal,
        };
        const paid = { CHARGES: split.charges, INTEREST: split.interest, PRINCIPAL: split.principal };
        // a later component gets money only when every earlier one is paid in full
        by.forEach((component, index) => {
          if (paid[component] > 0n) {
            for (const earlier of by.slice(0, index)) expect(paid[earlier]).toBe(owes[earlier]);
          }
        });
      }),
    );
  });

  it('refuses zero, negative and more than owed', () => {
    const owed = { bounceCharges: 0n, overdueCharges: 100n, otherCharges: 0n, interest: 200n, principal: 300n };
    expect(() => allocateReceipt(0n, owed)).toThrow(PostingError);
    expect(() => allocateReceipt(-1n, owed)).toThrow(PostingError);
    expect(() => allocateReceipt(601n, owed)).toThrow(PostingError);
    expect(allocateReceipt(150n, owed)).toMatchObject({ charges: 100n, interest: 50n, principal: 0n });
    expect(allocateReceipt(150n, owed, ['PRINCIPAL', 'INTEREST', 'CHARGES'])).toMatchObject({
      charges: 0n,
      interest: 0n,
      principal: 150n,
    });
  });

  it('applies to dues oldest first, and the reversal restores the exact dues', () => {
    fc.assert(
      fc.property(dues, fc.bigInt({ min: 1n, max: 50_000_000n }), (schedule, amount) => {
        const { dues: after, applications, unapplied } = applyToDues(amount, schedule, '2026-06-30');
        const applied = applications.reduce((sum, a) => sum + BigInt(a.appliedMinor), 0n);
        expect(applied + unapplied).toBe(amount);
        for (const due of after) expect(due.amountPaid <= due.amountDue).toBe(true);
        // oldest first: an instalment got money only if every older unpaid one is now fully paid
        const sorted = [...after].sort((a, b) =>
          a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id - b.id,
        );
        const touched = new Set(applications.map((a) => a.dueId));
        sorted.forEach((due, index) => {
          if (touched.has(due.id)) {
            for (const older of sorted.slice(0, index)) expect(older.amountPaid).toBe(older.amountDue);
          }
        });
        expect(reverseDueApplications(after, applications)).toEqual(schedule);
      }),
    );
  });

  it('counts §269ST cash per person and day from ₹2,00,000', () => {
    expect(breaches269ST(199_999_99n, 0n)).toBe(false);
    expect(breaches269ST(200_000_00n, 0n)).toBe(true);
    expect(breaches269ST(100_000_00n, 100_000_00n)).toBe(true);
    expect(breaches269ST(100_000_00n, 99_999_99n)).toBe(false);
  });

  it('reads a posting order and writes minor units as exact decimals', () => {
    expect(parsePostingOrder('interest, charges ,PRINCIPAL')).toEqual(['INTEREST', 'CHARGES', 'PRINCIPAL']);
    expect(parsePostingOrder('CHARGES,CHARGES,PRINCIPAL')).toBeNull();
    expect(parsePostingOrder('CHARGES,INTEREST')).toBeNull();
    expect(minorToDecimal(12345n)).toBe('123.45');
    expect(minorToDecimal(-5n)).toBe('-0.05');
    expect(minorToDecimal(0n)).toBe('0.00');
  });
});
