import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, LANGUAGES, RTL_LANGUAGES, type Language } from '@recovery-desk/i18n/language-codes.ts';
import { en, type Dictionary } from '@recovery-desk/i18n/locales/en.ts';
import { LANGUAGE_STORAGE_KEY, storedLanguage } from './stored-language.ts';

// Interface languages (spec §1): English, Hindi, Arabic, plus the German dictionary. The dictionaries live in the
// shared package @recovery-desk/i18n, so the server writes exports, mails and messages with the same words.
// English is in the first download (it is also every language's fallback); another language's dictionary is its own
// chunk, loaded when the language is chosen or stored (`loadLanguage`), before the app renders in it.
export { isLanguage, LANGUAGES, RTL_LANGUAGES, type Language };
export { LANGUAGE_STORAGE_KEY, storedLanguage };

const DICTIONARY_LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Dictionary>> = {
  hi: () => import('@recovery-desk/i18n/locales/hi.ts').then((m) => m.hi),
  ar: () => import('@recovery-desk/i18n/locales/ar.ts').then((m) => m.ar),
  de: () => import('@recovery-desk/i18n/locales/de.ts').then((m) => m.de),
};

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
  resources: { en: { translation: en } },
  // English until the stored language's dictionary is in (startLanguage).
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

applyToDocument(i18n.language);
i18n.on('languageChanged', applyToDocument);

const loading = new Map<Language, Promise<void>>();

/** Loads a language's dictionary into i18next once (English is always there). */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = DICTIONARY_LOADERS[language]()
      .then((dictionary) => {
        i18n.addResourceBundle(language, 'translation', dictionary, true, true);
      })
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** At start: the stored language, once its dictionary is loaded (English if it cannot be). */
export async function startLanguage(): Promise<void> {
  const language = storedLanguage();
  if (language === 'en') return;
  try {
    await loadLanguage(language);
    await i18n.changeLanguage(language);
  } catch (error) {
    console.error(`The ${language} dictionary could not be loaded; showing English`, error);
  }
}

/** The language switcher: loads the dictionary, stores the choice and switches the document direction. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted; the switch still applies to this page.
  }
  await i18n.changeLanguage(language);
}
