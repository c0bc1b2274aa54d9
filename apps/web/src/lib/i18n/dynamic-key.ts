import type { TFunction } from 'i18next';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { formatDate } from '@recovery-desk/i18n/format.ts';
import { i18n } from './i18n.ts';

// Keys that arrive as data (route catalogue label keys, app label keys from the server).
/** A key the loaded dictionary parts hold, or the base of a count-bearing key (X for X_one, X_other). */
export function isDictionaryKey(key: string): key is DictionaryKey {
  // English holds every key; the web has the parts of it its screens loaded (build/dictionary-parts.ts).
  const english = i18n.getResourceBundle('en', 'translation') as Record<string, string> | undefined;
  if (!english) return false;
  return (
    Object.prototype.hasOwnProperty.call(english, key) || Object.prototype.hasOwnProperty.call(english, `${key}_other`)
  );
}

/** Translates a key that comes from data; shows the given fallback when the key is unknown. */
export function translateKey(t: TFunction, key: string, fallback: string): string {
  return isDictionaryKey(key) ? String(t(key)) : fallback;
}

type LooseTranslate = (key: string, options?: Record<string, string | number>) => string;

/** Translates a key chosen at run time with its interpolation values (typed keys cannot express this). */
export function translateWithParams(
  t: TFunction,
  key: DictionaryKey,
  params: Record<string, string | number> = {},
): string {
  return String((t as unknown as LooseTranslate)(key, shownParams(t, params)));
}

/** Interpolation values as a message shows them: a date travels as YYYY-MM-DD (rules, server fields, engine
 * messages) and is shown in the language's form. */
export function shownParams(t: TFunction, params: Record<string, string | number>): Record<string, string | number> {
  const language = (t as unknown as { lng?: string }).lng ?? i18n.language;
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value, language) : value,
    ]),
  );
}
