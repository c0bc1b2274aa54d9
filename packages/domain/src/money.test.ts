import { describe, expect, it } from 'vitest';
import { formatAmount, minorToDecimalText } from './money.ts';

describe('amount formatting', () => {
  it('groups INR in lakh and crore', () => {
    expect(formatAmount('1234567.5', 'INR')).toBe('₹12,34,567.50');
    expect(formatAmount(125000000, 'INR')).toBe('₹12,50,00,000.00');
  });

  it('groups USD the western way', () => {
    expect(formatAmount('1234567.5', 'USD')).toBe('$1,234,567.50');
  });
});

describe('minor units as decimal text', () => {
  it('is exact for every size and sign, from a bigint, a string or a number', () => {
    expect(minorToDecimalText(12345n, 'INR')).toBe('123.45');
    expect(minorToDecimalText('5', 'INR')).toBe('0.05');
    expect(minorToDecimalText(-1234, 'USD')).toBe('-12.34');
    expect(minorToDecimalText('900719925474099312', 'INR')).toBe('9007199254740993.12');
    expect(minorToDecimalText(0, 'INR')).toBe('0.00');
  });
});
