import type { i18n as I18nextInstance } from 'i18next';
import { isLanguage, LANGUAGES, RTL_LANGUAGES, type Language } from '@recovery-desk/i18n/language-codes.ts';
import englishPublic from 'virtual:dictionary/en/public';
import { DICTIONARY_PART_NAMES, PART_LOADERS } from 'virtual:dictionary-parts';
import { createStore, useStore } from '../external-store.ts';
import { initReactI18next } from './react-i18next.tsx';
import { LANGUAGE_STORAGE_KEY, storedLanguage } from './stored-language.ts';
import { Translations } from './translations.ts';

// Interface languages (spec §1): English, Hindi, Arabic, plus the German dictionary. The dictionaries live in the
// shared package @recovery-desk/i18n, so the server writes exports, mails and messages with the same words.
// The web loads them in parts (build/dictionary-parts.ts; docs/architecture.md, "Page weight"): English's `public`
// part (the signed-out pages' words) is in the first download; the `app` part and the areas' parts load with the
// screens that need them (app/router.tsx), in the current language and in English (every language's fallback).
// Another language's parts are chunks of their own, loaded when it is chosen or stored, before the app renders in it.
export { isLanguage, LANGUAGES, RTL_LANGUAGES, type Language };
export { LANGUAGE_STORAGE_KEY, storedLanguage };

/** A part of the dictionary: `public`, `app`, or an area (`collections`, `legal`). */
export type DictionaryPart = string;

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

// The app's translations (./translations.ts: i18next's behaviour for what the app uses, without i18next), typed
// as i18next's instance so the screens keep i18next's typed keys.
const translations = new Translations({
  resources: { en: { translation: englishPublic } },
  // English until the stored language's dictionary is in (startLanguage).
  lng: 'en',
  fallbackLng: 'en',
  // A screen that names a key of a part it did not ask for still gets its words: the missing key loads every part
  // (and the screens re-render when a part is added).
  missingKeyHandler: () => {
    void loadDictionaryParts(DICTIONARY_PART_NAMES);
  },
}).use(initReactI18next);

export const i18n = translations as unknown as I18nextInstance;

applyToDocument(i18n.language);
i18n.on('languageChanged', applyToDocument);

/** The parts the app has asked for so far: a language switch loads the same parts of the new language. */
const wantedParts = new Set<DictionaryPart>(['public']);
const loads = new Map<string, Promise<void>>();
/** Counts the parts added; screens that translate keys outside React's render (titles) follow it. */
const partsVersion = createStore(0);

function loadPart(language: Language, part: DictionaryPart): Promise<void> {
  if (language === 'en' && part === 'public') return Promise.resolve();
  const id = `${language}/${part}`;
  let pending = loads.get(id);
  if (!pending) {
    const loader = PART_LOADERS[language][part];
    if (!loader) return Promise.resolve();
    pending = loader().then((module) => {
      i18n.addResourceBundle(language, 'translation', module.default, true, true);
      partsVersion.set((version) => version + 1);
    });
    void pending.catch(() => loads.delete(id));
    loads.set(id, pending);
  }
  return pending;
}

function loadParts(language: Language, parts: Iterable<DictionaryPart>): Promise<void> {
  const languages: Language[] = language === 'en' ? ['en'] : [language, 'en'];
  return Promise.all(languages.flatMap((lng) => [...parts].map((part) => loadPart(lng, part)))).then(() => undefined);
}

/** Loads parts of the dictionary (in the current language and English), e.g. with a screen that needs them. */
export function loadDictionaryParts(parts: readonly DictionaryPart[]): Promise<void> {
  for (const part of parts) wantedParts.add(part);
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return loadParts(current, parts);
}

/** Re-renders a component when a part of the dictionary is added (for texts computed outside `t`'s render). */
export function useDictionaryVersion(): number {
  return useStore(partsVersion);
}

/** Loads a language's dictionary parts the app uses into i18next once (English's public part is always there). */
export function loadLanguage(language: Language): Promise<void> {
  return loadParts(language, wantedParts);
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
