// i18next's default interpolation, shared by the server's translator (translator.ts) and the web's translations
// (apps/web/src/lib/i18n/translations.ts): `{{name}}`, spaces inside the braces allowed, a missing value as ''.
// No dictionary imports here: the web bundles this module without the dictionaries.

export type Params = Record<string, string | number | null | undefined>;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

export function interpolate(text: string, params: Params = {}): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '' : String(value);
  });
}
