import type { Language } from './language-codes.ts';

// One locale-aware format per language for dates, numbers and amounts, shared by the web (every screen and the form
// kit's date input) and the server (dates it writes into messages and exports). A date is shown, typed and parsed
// in the same numeric form: 25/11/2026 (English, Hindi, Arabic), 25.11.2026 (German).

export type Currency = 'INR' | 'USD';

/** The Intl locale of each language: English and Hindi in their Indian forms, Arabic with Latin digits. */
export const FORMAT_LOCALES: Record<Language, string> = {
  en: 'en-IN',
  hi: 'hi-IN',
  ar: 'ar-u-nu-latn',
  de: 'de-DE',
};

const LANGUAGE_OF_LOCALE = new Map<string, Language>([
  ['en', 'en'],
  ['hi', 'hi'],
  ['ar', 'ar'],
  ['de', 'de'],
]);

function languageOf(language: string): Language {
  return LANGUAGE_OF_LOCALE.get(language.slice(0, 2).toLowerCase()) ?? 'en';
}

export function localeOf(language: string): string {
  return FORMAT_LOCALES[languageOf(language)];
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

// Bidi marks Intl puts around Arabic date separators; the text is laid out by the page's direction instead.
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

function dateFormat(language: string): Intl.DateTimeFormat {
  const locale = localeOf(language);
  return cached(
    `d:${locale}`,
    () => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }),
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` business date in the language's form (25/11/2026, 25.11.2026); other text as it is. */
export function formatDate(isoDate: string | null | undefined, language: string): string {
  if (!isoDate) return '';
  const match = ISO_DATE.exec(isoDate.slice(0, 10));
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateFormat(language).format(date).replace(BIDI_MARKS, '');
}

/** An instant in the language's date form and its time (25/11/2026, 14:05), in `timeZone` (India by default). */
export function formatDateTime(iso: string | Date, language: string, timeZone = 'Asia/Kolkata'): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  const locale = localeOf(language);
  const format = cached(
    `t:${locale}:${timeZone}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
  );
  return format.format(date).replace(BIDI_MARKS, '');
}

/** An instant's time of day (HH:MM, 24-hour) in the language's digits, India time by default. */
export function formatTime(iso: string | Date, language: string, timeZone = 'Asia/Kolkata'): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  const locale = localeOf(language);
  const format = cached(
    `h:${locale}:${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
  );
  return format.format(date).replace(BIDI_MARKS, '');
}

/** A whole or decimal number in the language's grouping (12,34,567 in English and Hindi; 1.234.567 in German). */
export function formatNumber(value: number, language: string, maximumFractionDigits = 2): string {
  const locale = localeOf(language);
  return cached(`n:${locale}:${maximumFractionDigits}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits }))
    .format(value)
    .replace(BIDI_MARKS, '');
}

/** An exact decimal amount with its currency, two decimals, in the language's form (₹5,830.00; 5.830,00 $). */
export function formatMoney(amount: string | number, currency: Currency, language: string): string {
  // Dollars in English keep the dollar's own grouping ($1,234,567.50), rupees the Indian one (₹12,34,567.50).
  const locale = currency === 'USD' && languageOf(language) === 'en' ? 'en-US' : localeOf(language);
  const format = cached(
    `a:${locale}:${currency}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  );
  // Intl reads decimal strings exactly (no binary float rounding of a stored numeric).
  return format.format(typeof amount === 'string' ? (amount as unknown as number) : amount).replace(BIDI_MARKS, '');
}

export type DatePattern = {
  /** day, month and year in the language's order */
  order: ('day' | 'month' | 'year')[];
  separator: string;
  /** what the user reads as the format, e.g. DD/MM/YYYY or TT.MM.JJJJ */
  hint: string;
};

const HINT_LETTERS: Record<Language, Record<'day' | 'month' | 'year', string>> = {
  en: { day: 'DD', month: 'MM', year: 'YYYY' },
  hi: { day: 'DD', month: 'MM', year: 'YYYY' },
  ar: { day: 'DD', month: 'MM', year: 'YYYY' },
  de: { day: 'TT', month: 'MM', year: 'JJJJ' },
};

/** The numeric date form of a language, as the date input shows and reads it. */
export function datePattern(language: string): DatePattern {
  const parts = dateFormat(language).formatToParts(new Date(Date.UTC(2026, 10, 25)));
  const order = parts
    .map((part) => part.type)
    .filter((type): type is 'day' | 'month' | 'year' => type === 'day' || type === 'month' || type === 'year');
  const separator = (parts.find((part) => part.type === 'literal')?.value ?? '/').replace(BIDI_MARKS, '') || '/';
  const letters = HINT_LETTERS[languageOf(language)];
  return { order, separator, hint: order.map((part) => letters[part]).join(separator) };
}

/**
 * Typed text in the language's date form as `YYYY-MM-DD`; null when it is no real date. Any of / . - and spaces
 * separate the parts; day and month may have one digit.
 */
export function parseDate(text: string, language: string): string | null {
  // An ISO date (pasted, or typed by a test) is read as it is.
  const iso = ISO_DATE.exec(text.trim());
  if (iso) return parseDate(`${iso[3]}.${iso[2]}.${iso[1]}`, 'de');
  const pieces = text
    .replace(BIDI_MARKS, '')
    .trim()
    .split(/[\s./-]+/)
    .filter(Boolean);
  const { order } = datePattern(language);
  if (pieces.length !== 3 || pieces.some((piece) => !/^\d+$/.test(piece))) return null;
  const value: Record<string, number> = {};
  order.forEach((part, index) => (value[part] = Number(pieces[index])));
  const yearText = pieces[order.indexOf('year')]!;
  if (yearText.length !== 4) return null;
  const { day = 0, month = 0, year = 0 } = value;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Every ISO date (2026-11-25) in a text in the language's form, for messages that carry dates. */
export function localizeDates(text: string, language: string): string {
  return text.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (iso) => formatDate(iso, language));
}
