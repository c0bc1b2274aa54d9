import { ar } from './locales/ar.ts';
import { de } from './locales/de.ts';
import { en, type Dictionary, type DictionaryKey } from './locales/en.ts';
import { hi } from './locales/hi.ts';
import type { Language } from './language-codes.ts';

// The dictionaries of the interface languages, for the web (i18next) and the server (translator.ts) alike.

export {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  languageFromHeader,
  RTL_LANGUAGES,
  type Language,
} from './language-codes.ts';
export type { Dictionary, DictionaryKey };

export const DICTIONARIES: Record<Language, Dictionary> = { en, hi, ar, de };

/** A key the dictionaries hold, or the base of a count-bearing key (X for X_one, X_other). */
export function isDictionaryKey(key: string): key is DictionaryKey {
  return Object.prototype.hasOwnProperty.call(en, key) || Object.prototype.hasOwnProperty.call(en, `${key}_other`);
}
