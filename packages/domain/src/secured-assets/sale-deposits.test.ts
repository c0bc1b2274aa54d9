import { describe, expect, it } from 'vitest';
import { computeSaleDeposits, type SaleDepositsInput } from './sale-deposits.ts';

const base: SaleDepositsInput = {
  saleAmount: '1000000.00',
  emdAmount: '100000.00',
  depositAmount: null,
  balanceAmount: null,
  saleConfirmationDate: '2026-08-21',
  depositReceivedDate: null,
  balanceReceivedDate: null,
  balanceExtensionAgreed: false,
  balanceDays: 15,
};
const rupees = (amount: string) => `Rs ${amount}`;
const codes = (input: Partial<SaleDepositsInput>) =>
  computeSaleDeposits({ ...base, ...input }, rupees).problems.map((problem) => [problem.field, problem.code]);

describe('computeSaleDeposits (Rule 9(2)–(4))', () => {
  it('adjusts the EMD against the 25% and dues the rest by the 15th day', () => {
    expect(computeSaleDeposits(base, rupees)).toMatchObject({
      depositShare: '250000.00',
      depositDue: '150000.00',
      balanceDue: '750000.00',
      balanceDueBy: '2026-09-05',
      problems: [],
    });
  });

  it('rounds the 25% up to the paisa and never asks a negative deposit when the EMD is larger', () => {
    expect(computeSaleDeposits({ ...base, saleAmount: '1000.01', emdAmount: null }, rupees)).toMatchObject({
      depositShare: '250.01',
      depositDue: '250.01',
      emdAmount: '0.00',
    });
    expect(computeSaleDeposits({ ...base, emdAmount: '300000.00' }, rupees)).toMatchObject({
      depositDue: '0.00',
      balanceDue: '700000.00',
    });
  });

  it('names a short deposit, a deposit above the price, a wrong balance and a late one', () => {
    expect(codes({ depositAmount: '149999.99' })).toEqual([['depositAmount', 'DEPOSIT_SHORT']]);
    expect(codes({ depositAmount: '150000.00', balanceAmount: '750000.00' })).toEqual([]);
    expect(codes({ depositAmount: '900000.01' })).toEqual([['depositAmount', 'DEPOSIT_ABOVE_SALE']]);
    expect(codes({ depositAmount: '150000.00', balanceAmount: '850000.00' })).toEqual([
      ['balanceAmount', 'BALANCE_MISMATCH'],
    ]);
    expect(codes({ balanceReceivedDate: '2026-09-05' })).toEqual([]);
    expect(codes({ balanceReceivedDate: '2026-09-06' })).toEqual([['balanceReceivedDate', 'BALANCE_LATE']]);
    expect(codes({ balanceReceivedDate: '2026-11-21', balanceExtensionAgreed: true })).toEqual([]);
    expect(codes({ balanceReceivedDate: '2026-11-22', balanceExtensionAgreed: true })).toEqual([
      ['balanceReceivedDate', 'BALANCE_LATE_EXTENDED'],
    ]);
  });

  it('says the shortfall in the message with the amounts', () => {
    const [problem] = computeSaleDeposits({ ...base, depositAmount: '1.00' }, rupees).problems;
    expect(problem?.message).toBe(
      'The deposit must be at least Rs 150000.00: 25% of the sale price of Rs 1000000.00 less the EMD of Rs 100000.00 (Rule 9(3))',
    );
  });
});
