import { describe, expect, it } from 'vitest';
import { DICTIONARIES, LANGUAGES } from './languages.ts';
import { en } from './locales/en.ts';
import { LOCALES, translator } from './translator.ts';

// Count-bearing strings ("1 account selected", "2 accounts selected") are held once per plural form of each
// language, as i18next reads them (X_one, X_other; Arabic also X_zero, X_two, X_few, X_many).
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
const englishEntries = Object.entries(en as Record<string, string>);
const bases = [
  ...new Set(
    Object.keys(en)
      .filter((key) => PLURAL_FORM.test(key))
      .map((key) => key.replace(PLURAL_FORM, '')),
  ),
];

describe('plural forms', () => {
  it('every English string with a {{count}} is a plural form, and every plural form has a {{count}}', () => {
    for (const [key, text] of englishEntries) {
      expect(PLURAL_FORM.test(key), `${key} holds {{count}} but is no plural form`).toBe(text.includes('{{count}}'));
    }
  });

  it('no number other than {{count}} stands before a noun (it would not agree with it)', () => {
    // "{{days}} days", "{{rows}} rows" must be {{count}} with plural forms; "{{subject}} approved" is no number.
    const nouns =
      /\{\{(?!count\}\})(\w+)\}\} (accounts?|authorit(?:y|ies)|cases?|characters?|days?|minutes?|months?|rows?|seconds?|hours?)\b/;
    for (const [key, text] of englishEntries) expect(nouns.exec(text), key).toBeNull();
  });

  it.each(LANGUAGES)('%s has every plural form its language needs for every count-bearing key', (language) => {
    const categories = new Intl.PluralRules(LOCALES[language]).resolvedOptions().pluralCategories;
    const dictionary: Record<string, string> = DICTIONARIES[language];
    expect(bases.length).toBeGreaterThan(10);
    for (const base of bases) {
      for (const category of categories) {
        expect(dictionary[`${base}_${category}`]?.trim(), `${language}.${base}_${category}`).toBeTruthy();
      }
    }
    for (const [key, text] of Object.entries(dictionary)) {
      if (text.includes('{{count}}')) expect(PLURAL_FORM.test(key), `${language}.${key}`).toBe(true);
    }
  });

  it('picks the form of the count in each language (server translator, as i18next on the web)', () => {
    expect(translator('en').t('SelectedCount', { count: 1 })).toBe('1 selected');
    expect(translator('en').t('ReallocationSummary', { count: 1 })).toMatch(/^1 account selected\./);
    expect(translator('en').t('ReallocationSummary', { count: 3 })).toMatch(/^3 accounts selected\./);
    expect(translator('en').t('NoScreensText', { app: 'Legal', count: 1 })).toContain('You hold 1 authority in');
    expect(translator('de').t('TenureMonths', { count: 1 })).toBe('1 Monat');
    expect(translator('de').t('TenureMonths', { count: 12 })).toBe('12 Monate');
    expect(translator('ar').t('TenureMonths', { count: 2 })).toBe('2 شهران');
    expect(translator('ar').t('TenureMonths', { count: 5 })).toBe('5 أشهر');
    expect(translator('ar').t('TenureMonths', { count: 12 })).toBe('12 شهرًا');
    expect(translator('en').t('MailSignInCodeBody', { code: '1', count: 1 })).toContain('expires in 1 minute and');
  });
});
