import { minorToDecimalText, type Currency } from '@recovery-desk/domain/money.ts';
import {
  formatDate,
  formatDateTime as sharedDateTime,
  formatMoney,
  formatNumber,
  formatTime as sharedTime,
} from '@recovery-desk/i18n/format.ts';

// The web's one formatting module: dates, numbers and amounts in the interface language, through the formats the
// server shares (packages/i18n/src/format.ts). Screens format through these, never through Intl or toLocale*.

/** A `YYYY-MM-DD` business date in the language's form (25/11/2026, 25.11.2026). */
export function formatBusinessDate(isoDate: string | null, language: string): string {
  return formatDate(isoDate, language);
}

/** An instant as date and time in the language's form (India time). */
export function formatDateTime(iso: string, language: string): string {
  return sharedDateTime(iso, language);
}

/** An instant's time of day (HH:MM, India time) in the language's form. */
export function formatTime(iso: string, language: string): string {
  return sharedTime(iso, language);
}

/** An amount with its currency in the language's form (₹5,83,000.50; 5.830,00 $). */
export function formatAmount(amount: string | number, currency: Currency, language: string): string {
  return formatMoney(amount, currency, language);
}

/** An amount held in integer minor units (as the API sends it: a whole-number string or number) with its currency. */
export function formatMinor(minor: bigint | string | number, currency: string, language: string): string {
  return formatMoney(minorToDecimalText(minor, currency), currency as Currency, language);
}

/** A number in the language's grouping. */
export function formatCount(value: number, language: string, maximumFractionDigits = 2): string {
  return formatNumber(value, language, maximumFractionDigits);
}

/** A number formatter of the language (`.format(n)`), for screens that format many numbers. */
export function numberFormat(language: string, maximumFractionDigits = 2): { format: (value: number) => string } {
  return { format: (value) => formatNumber(value, language, maximumFractionDigits) };
}
