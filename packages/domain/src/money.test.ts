import { describe, expect, it } from 'vitest';
import { formatAmount } from './money.ts';

describe('amount formatting', () => {
  it('groups INR in lakh and crore', () => {
    expect(formatAmount('1234567.5', 'INR')).toBe('₹12,34,567.50');
    expect(formatAmount(125000000, 'INR')).toBe('₹12,50,00,000.00');
  });

  it('groups USD the western way', () => {
    expect(formatAmount('1234567.5', 'USD')).toBe('$1,234,567.50');
  });
});
