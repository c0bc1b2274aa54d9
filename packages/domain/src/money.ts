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

/**
 * The minor units of each currency (ISO 4217 exponent): how many decimals an amount in it may carry. INR has paise
 * and USD cents (2). Every money input and every server check of an amount's decimals reads this table.
 */
export const CURRENCY_MINOR_UNITS: Readonly<Record<Currency, number>> = { INR: 2, USD: 2 };

/** The most decimals any currency takes (an amount whose currency is not known yet, e.g. a filter over several). */
export const MAX_MINOR_UNITS = Math.max(...Object.values(CURRENCY_MINOR_UNITS));

/** The most integer digits an amount may have (numeric(18, 2) with room to spare). */
export const AMOUNT_INTEGER_DIGITS = 15;

/** How many decimals an amount in `currency` may have; an unknown currency takes the most any currency takes. */
export function minorUnitsOf(currency: string | null | undefined): number {
  return (CURRENCY_MINOR_UNITS as Record<string, number | undefined>)[currency ?? ''] ?? MAX_MINOR_UNITS;
}

/**
 * Integer minor units (a bigint, a whole-number string or a safe integer) as the exact decimal text of the amount in
 * `currency` (12345 INR → "123.45"; a currency without minor units keeps the whole number), for the formatters and
 * the money inputs. No binary floating point on the way.
 */
export function minorToDecimalText(minor: bigint | string | number, currency: string | null | undefined): string {
  const value = BigInt(minor);
  const decimals = minorUnitsOf(currency);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  if (decimals === 0) return `${sign}${abs}`;
  const scale = 10n ** BigInt(decimals);
  return `${sign}${abs / scale}.${(abs % scale).toString().padStart(decimals, '0')}`;
}

/** Whether `amount` is a plain decimal with no more decimals than the currency's minor units. */
export function isAmountInMinorUnits(amount: string, currency: string | null | undefined): boolean {
  const decimals = minorUnitsOf(currency);
  const pattern = new RegExp(`^\\d{1,${AMOUNT_INTEGER_DIGITS}}${decimals > 0 ? `(\\.\\d{1,${decimals}})?` : ''}$`);
  return pattern.test(amount.trim());
}

/**
 * What a money input keeps of typed text: digits and one decimal point, at most `decimals` decimals (none for a
 * currency without minor units) and AMOUNT_INTEGER_DIGITS integer digits.
 */
export function sanitizeAmountInput(raw: string, decimals: number): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const [whole = '', ...fractions] = cleaned.split('.');
  const integer = whole.slice(0, AMOUNT_INTEGER_DIGITS);
  if (fractions.length === 0 || decimals === 0) return integer;
  return `${integer}.${fractions.join('').slice(0, decimals)}`;
}

/** Compares two exact decimal amounts: negative, zero or positive. */
export function compareAmounts(a: string, b: string): number {
  const difference = toCents(a) - toCents(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}
