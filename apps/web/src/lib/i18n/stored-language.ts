import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@recovery-desk/i18n/language-codes.ts';

export const LANGUAGE_STORAGE_KEY = 'language';

/** The stored language (`localStorage.language`), English when unset or unknown (spec §1). */
export function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}
