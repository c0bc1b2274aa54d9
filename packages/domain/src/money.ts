// Amount formatting: INR in Indian lakh/crore grouping (12,34,567.00), USD in western grouping.
export const CURRENCIES = ['INR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

const formatters = new Map<string, Intl.NumberFormat>();

export function formatAmount(amount: number | string, currency: Currency): string {
  const locale = currency === 'INR' ? 'en-IN' : 'en-US';
  const cacheKey = `${locale}:${currency}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(cacheKey, formatter);
  }
  // Intl accepts decimal strings exactly (no binary float rounding of the stored numeric).
  return formatter.format(typeof amount === 'string' ? (amount as unknown as number) : amount);
}

/** An exact decimal amount string (at most 2 decimals) as integer minor units (paise, cents). */
export function toCents(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a decimal amount: ${amount}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}
