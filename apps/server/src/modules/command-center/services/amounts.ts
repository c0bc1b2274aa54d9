import { minorUnitsOf } from '@recovery-desk/domain/money.ts';

/** A sum of integer minor units as the currency's decimal string (123450 → 1234.50). */
export function minorToDecimal(minor: string, currency: string): string {
  const digits = minorUnitsOf(currency);
  const value = BigInt(minor);
  const sign = value < 0n ? '-' : '';
  const text = (value < 0n ? -value : value).toString().padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
