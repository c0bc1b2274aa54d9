import { APPS } from '@recovery-desk/domain/apps.ts';
import { PRODUCT_LABEL_KEY } from '@recovery-desk/domain/products.ts';
import { TRAYS } from '@recovery-desk/domain/collections/trays.ts';
import { ROUTE_CATALOGUE } from '@recovery-desk/domain/route-catalogue.ts';
import { UNIT_LEVEL_LABEL_KEY } from '@recovery-desk/domain/units.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { describe, expect, it } from 'vitest';
import { DICTIONARIES, LANGUAGES } from './languages.ts';
import { en } from './locales/en.ts';
import { translator } from './translator.ts';

const englishKeys = Object.keys(en).sort();
// A count-bearing string is held once per plural form of its language (plurals.test.ts checks the forms); the keys
// compared here are the plain keys and the bases of the plural ones.
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
const keySet = (dictionary: Record<string, string>) =>
  [...new Set(Object.keys(dictionary).map((key) => key.replace(PLURAL_FORM, '')))].sort();
/** The English text a key of another language translates (a plural form: the English `_other`). */
const englishOf = (key: string): string | undefined =>
  (en as Record<string, string>)[key] ?? (en as Record<string, string>)[key.replace(PLURAL_FORM, '_other')];

describe('translation dictionaries', () => {
  it.each(LANGUAGES)('%s has exactly the English keys, none empty', (language) => {
    const dictionary: Record<string, string> = DICTIONARIES[language];
    expect(keySet(dictionary)).toEqual(keySet(en));
    for (const key of Object.keys(dictionary)) expect(dictionary[key]?.trim(), `${language}.${key}`).toBeTruthy();
  });

  it.each(['hi', 'ar', 'de'] as const)('%s is a translation, not a copy of English', (language) => {
    const dictionary: Record<string, string> = DICTIONARIES[language];
    const copied = englishKeys.filter((key) => dictionary[key] === en[key as keyof typeof en]);
    // Names of languages, interpolation-only strings and a few proper nouns may stay the same.
    expect(copied.length / englishKeys.length).toBeLessThan(0.05);
  });

  it.each(LANGUAGES)('%s keeps the interpolation placeholders of English', (language) => {
    const dictionary: Record<string, string> = DICTIONARIES[language];
    for (const key of Object.keys(dictionary)) {
      const wanted = (englishOf(key)?.match(/\{\{\w+\}\}|<\/?\w+>/g) ?? []).sort();
      const found = (dictionary[key]?.match(/\{\{\w+\}\}|<\/?\w+>/g) ?? []).sort();
      expect(found, `${language}.${key}`).toEqual(wanted);
    }
  });

  it('holds every catalogue label key, app label key and unit level key', () => {
    const needed = [
      ...ROUTE_CATALOGUE.map((route) => route.labelKey),
      ...APPS.map((app) => app.labelKey),
      ...Object.values(UNIT_LEVEL_LABEL_KEY),
    ];
    const missing = needed.filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });

  it('holds every tray column label key and product label key of the collections contract', () => {
    const needed = [
      ...TRAYS.flatMap((tray) => tray.columns.map((column) => column.labelKey)),
      ...Object.values(PRODUCT_LABEL_KEY),
    ];
    expect(needed.filter((key) => !(key in en))).toEqual([]);
  });

  it('renders the collections messages of the spec and the brief exactly in English', () => {
    const { t } = translator('en');
    expect(t('NoRowsMatchFilters')).toBe('No accounts match these filters');
    expect(t('PtpSentForApproval')).toBe('PTP is outside policy and has been sent for supervisor approval');
    expect(t('OwnRequest')).toBe('You made this request');
    expect(t('CallingWindowOverride')).toBe('Reason for calling outside 08:00–19:00');
    expect(t('ShowingRange', { from: 1, to: 25, total: 60 })).toBe('Showing 1–25 of 60');
  });

  it('keys start with a capital letter and join words in camel case', () => {
    for (const key of englishKeys) expect(key, key).toMatch(/^[A-Z][A-Za-z0-9]*(_(one|other))?$/);
  });

  it('renders the spec messages exactly in English', () => {
    const { t } = translator('en');
    expect(t('ValidationRequired')).toBe(MESSAGES.required);
    expect(t('ValidationEmail')).toBe(MESSAGES.email);
    expect(t('ValidationMinLength', { n: 8 })).toBe(MESSAGES.minLength(8));
    expect(t('ValidationMaxLength', { n: 15 })).toBe(MESSAGES.maxLength(15));
    expect(t('ValidationName')).toBe(MESSAGES.name);
    expect(t('ValidationCharacter')).toBe(MESSAGES.character);
    expect(t('ValidationNumber')).toBe(MESSAGES.number);
    expect(t('ValidationUpperAlphaNum')).toBe(MESSAGES.upperAlphaNum);
    expect(t('ValidationDateOnOrAfter', { x: '2025-01-01' })).toBe(MESSAGES.dateOnOrAfter('2025-01-01'));
    expect(t('ValidationDateOnOrBefore', { x: '2025-01-01' })).toBe(MESSAGES.dateOnOrBefore('2025-01-01'));
    expect(t('ValidationDatePast')).toBe(MESSAGES.datePast);
    expect(t('ValidationDateFuture')).toBe(MESSAGES.dateFuture);
    expect(t('PasswordMismatch')).toBe(MESSAGES.passwordMismatch);
    expect(t('PleaseFillMandatoryFields')).toBe(MESSAGES.mandatory);
    expect(t('PleaseUploadFileFirst')).toBe(MESSAGES.uploadFirst);
    expect(t('UploadingFileIsMandatory')).toBe(MESSAGES.uploadMandatory);
    expect(t('PleaseSelectId')).toBe(MESSAGES.selectId);
    expect(t('SelectAccountsForAllocation')).toBe(MESSAGES.selectAccountsForAllocation);
    expect(t('ResendOtpIn', { count: 120 })).toBe('Resend OTP in 120 seconds');
    expect(t('ErrorPageTitle')).toBe('Oops! We encountered an error.');
    expect(t('PasswordsMatch')).toBe('Passwords match!');
    expect(t('ResetEmailFailed')).toBe('An error occurred while sending the reset email. Please try again later.');
    expect(t('ResetSuccess')).toBe('Password reset successful! Redirect to the login page.');
    expect(t('UserAuthenticationFailed')).toBe('User Authentication Failed!!');
    expect(t('SelectPlaceholder', { label: 'Acting Unit' })).toBe('Select Acting Unit');
  });
});
