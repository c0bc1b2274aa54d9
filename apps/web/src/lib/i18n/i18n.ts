import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ar } from './locales/ar.ts';
import { de } from './locales/de.ts';
import { en } from './locales/en.ts';
import { hi } from './locales/hi.ts';

// Interface languages (spec §1): English, Hindi, Arabic, plus the German dictionary.
export const LANGUAGES = ['en', 'hi', 'ar', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'language';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export const LANGUAGE_LABEL_KEY: Record<
  Language,
  'LanguageEnglish' | 'LanguageHindi' | 'LanguageArabic' | 'LanguageGerman'
> = { en: 'LanguageEnglish', hi: 'LanguageHindi', ar: 'LanguageArabic', de: 'LanguageGerman' };

export const DICTIONARIES = { en, hi, ar, de } as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored language, English when unset or unknown (spec §1). */
export function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr';
}

function applyToDocument(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: DICTIONARIES[lng] }])),
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

applyToDocument(i18n.language);
i18n.on('languageChanged', applyToDocument);

/** The language switcher: stores the choice and switches the document direction. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted; the switch still applies to this page.
  }
  await i18n.changeLanguage(language);
}
