// The interface languages (spec §1: English, Hindi, Arabic, plus the German dictionary) and the language a request
// asks for. No dictionaries here, so the web's HTTP client can read the language without loading them.

export const LANGUAGES = ['en', 'hi', 'ar', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language an `Accept-Language` header asks for: the first of its languages (by quality, then order) whose
 * primary subtag is one of LANGUAGES ('hi-IN' → 'hi'); English when it names none, is absent or is malformed.
 */
export function languageFromHeader(header: string | readonly string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : (header as string | undefined);
  if (!value || value.length > 512) return DEFAULT_LANGUAGE;
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
