import { formatAmount, type Currency } from '@recovery-desk/domain/money.ts';
import { DEFAULT_LANGUAGE, DICTIONARIES, isLanguage, type DictionaryKey, type Language } from './languages.ts';

// The server's translator: the web's dictionaries, i18next's `{{name}}` interpolation, English when a dictionary
// lacks a key, and Intl formats of numbers, amounts and dates per language.

export type Params = Record<string, string | number | null | undefined>;

export type Translator = {
  language: Language;
  /** the Intl locale of the language (English and Hindi in their Indian forms) */
  locale: string;
  /** a dictionary text with its `{{placeholders}}` filled; English when the language lacks the key */
  t: (key: DictionaryKey, params?: Params) => string;
  /** as `t` for a key chosen at run time (from data); `fallback` when no dictionary holds it */
  tr: (key: string, fallback: string, params?: Params) => string;
  /** a number in the language's grouping (12,34,567 in en-IN and hi-IN) */
  number: (value: number) => string;
  /** an exact decimal amount with its currency, two decimals (INR in lakh/crore grouping for English and Hindi) */
  amount: (value: string | number, currency: Currency) => string;
  /** a `YYYY-MM-DD` business date as the web shows it (medium date style) */
  date: (isoDate: string) => string;
  /** an instant as the web shows it (medium date, short time) */
  dateTime: (iso: string | Date, timeZone?: string) => string;
};

export const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', ar: 'ar', de: 'de-DE' };

// i18next's default interpolation: `{{name}}`, spaces inside the braces allowed, a missing value as ''.
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

export function interpolate(text: string, params: Params = {}): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

function entry(language: Language, key: string): string | undefined {
  const own = (DICTIONARIES[language] as Record<string, string | undefined>)[key];
  if (own !== undefined && own !== '') return own;
  return (DICTIONARIES[DEFAULT_LANGUAGE] as Record<string, string | undefined>)[key];
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * A key's text; for a count-bearing key (params.count a number, the key held as X_one, X_other, …) the form of the
 * language's plural rule, as i18next picks it on the web.
 */
function lookup(language: Language, key: string, params?: Params): string | undefined {
  const count = params?.count;
  if (typeof count === 'number') {
    let rules = pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(LOCALES[language]);
      pluralRules.set(language, rules);
    }
    const form = entry(language, `${key}_${rules.select(count)}`) ?? entry(language, `${key}_other`);
    if (form !== undefined) return form;
  }
  return entry(language, key) ?? entry(language, `${key}_other`);
}

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

const translators = new Map<Language, Translator>();

/** The translator of a language; an unknown language gets English. */
export function translator(language: string | null | undefined): Translator {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const existing = translators.get(lang);
  if (existing) return existing;
  const locale = LOCALES[lang];
  const made: Translator = {
    language: lang,
    locale,
    t: (key, params) => interpolate(lookup(lang, key, params) ?? key, params),
    tr: (key, fallback, params) => interpolate(lookup(lang, key, params) ?? fallback, params),
    number: (value) => cached(`n:${locale}`, () => new Intl.NumberFormat(locale)).format(value),
    amount: (value, currency) => {
      // English is the web's formatAmount exactly (the screens show amounts through it).
      if (lang === 'en') return formatAmount(value, currency);
      const format = cached(
        `a:${locale}:${currency}`,
        () =>
          new Intl.NumberFormat(locale, {
            style: 'currency',
            currency,
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }),
      ) as Intl.NumberFormat;
      // Intl reads decimal strings exactly (no binary float rounding of a stored numeric).
      return format.format(typeof value === 'string' ? (value as unknown as number) : value);
    },
    date: (isoDate) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
      if (!match) return isoDate;
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      const format = cached(
        `d:${locale}`,
        () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
      ) as Intl.DateTimeFormat;
      return format.format(date);
    },
    dateTime: (iso, timeZone = 'Asia/Kolkata') => {
      const date = iso instanceof Date ? iso : new Date(iso);
      if (Number.isNaN(date.getTime())) return String(iso);
      const format = cached(
        `t:${locale}:${timeZone}`,
        () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
      ) as Intl.DateTimeFormat;
      return format.format(date);
    },
  };
  translators.set(lang, made);
  return made;
}
