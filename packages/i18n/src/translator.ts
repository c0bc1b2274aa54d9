import type { Currency } from '@recovery-desk/domain/money.ts';
import { FORMAT_LOCALES, formatDate, formatDateTime, formatMoney, formatNumber } from './format.ts';
import { interpolate, type Params } from './interpolate.ts';
import { DEFAULT_LANGUAGE, DICTIONARIES, isLanguage, type DictionaryKey, type Language } from './languages.ts';

// The server's translator: the web's dictionaries, i18next's `{{name}}` interpolation, English when a dictionary
// lacks a key, and Intl formats of numbers, amounts and dates per language.

export type { Params };
export { interpolate };

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

export const LOCALES: Record<Language, string> = FORMAT_LOCALES;

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
    // One format per language, shared with the web (format.ts).
    number: (value) => formatNumber(value, lang),
    amount: (value, currency) => formatMoney(value, currency, lang),
    date: (isoDate) => formatDate(isoDate, lang),
    dateTime: (iso, timeZone = 'Asia/Kolkata') => formatDateTime(iso, lang, timeZone),
  };
  translators.set(lang, made);
  return made;
}
