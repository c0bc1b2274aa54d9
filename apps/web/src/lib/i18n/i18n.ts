import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DICTIONARIES, isLanguage, LANGUAGES, RTL_LANGUAGES, type Language } from '@recovery-desk/i18n/languages.ts';
import { LANGUAGE_STORAGE_KEY, storedLanguage } from './stored-language.ts';

// Interface languages (spec §1): English, Hindi, Arabic, plus the German dictionary. The dictionaries live in the
// shared package @recovery-desk/i18n, so the server writes exports, mails and messages with the same words.
export { DICTIONARIES, isLanguage, LANGUAGES, RTL_LANGUAGES, type Language };
export { LANGUAGE_STORAGE_KEY, storedLanguage };

export const LANGUAGE_LABEL_KEY: Record<
  Language,
  'LanguageEnglish' | 'LanguageHindi' | 'LanguageArabic' | 'LanguageGerman'
> = { en: 'LanguageEnglish', hi: 'LanguageHindi', ar: 'LanguageArabic', de: 'LanguageGerman' };

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
