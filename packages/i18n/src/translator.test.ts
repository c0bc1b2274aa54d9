import { formatAmount } from '@recovery-desk/domain/money.ts';
import { describe, expect, it } from 'vitest';
import { languageFromHeader } from './languages.ts';
import { interpolate, translator } from './translator.ts';

describe('the server translator', () => {
  it('translates a key into the language, and falls back to English for an unknown language', () => {
    expect(translator('de').t('MyView')).toBe('Meine Ansicht');
    expect(translator('hi').t('MyView')).toBe('मेरा दृश्य');
    expect(translator('xx').t('MyView')).toBe('My View');
    expect(translator(undefined).language).toBe('en');
  });

  it('falls back to English for a run-time key a language lacks, and to the given text for an unknown key', () => {
    const { tr } = translator('hi');
    expect(tr('NoSuchKeyAnywhere', 'HOME')).toBe('HOME');
    expect(tr('ProductHome', 'HOME')).toBe('गृह');
  });

  it('fills {{placeholders}} as i18next does: spaces allowed, a missing value empty, numbers as text', () => {
    expect(translator('en').t('ShowingRange', { from: 1, to: 25, total: 60 })).toBe('Showing 1–25 of 60');
    expect(interpolate('{{ a }} and {{b}} and {{c}}', { a: 'x', b: 2 })).toBe('x and 2 and ');
    expect(translator('de').t('ShowingRange', { from: 1, to: 25, total: 60 })).toContain('60');
  });

  it('groups INR in lakh and crore for English and Hindi, and formats per language otherwise', () => {
    expect(translator('en').amount('1234567.5', 'INR')).toBe('₹12,34,567.50');
    expect(translator('en').amount('1234567.5', 'INR')).toBe(formatAmount('1234567.5', 'INR'));
    expect(translator('hi').amount('1234567.5', 'INR')).toBe('₹12,34,567.50');
    expect(translator('de').amount('1234567.5', 'INR')).toBe('1.234.567,50\u00a0₹');
    expect(translator('en').amount('1234567.5', 'USD')).toBe('$1,234,567.50');
    expect(translator('en').number(1234567)).toBe('12,34,567');
    expect(translator('de').number(1234567)).toBe('1.234.567');
  });

  it('keeps an exact decimal amount exact (no float rounding)', () => {
    expect(translator('en').amount('99999999999999.99', 'INR')).toBe('₹9,99,99,99,99,99,999.99');
  });

  it('formats a business date in the language, and leaves a non-date as it is', () => {
    expect(translator('en').date('2025-03-04')).toBe('04/03/2025');
    expect(translator('de').date('2025-03-04')).toBe('04.03.2025');
    expect(translator('hi').date('2025-03-04')).toBe('04/03/2025');
    expect(translator('ar').date('2025-03-04')).toBe('04/03/2025');
    expect(translator('en').date('soon')).toBe('soon');
  });
});

describe('the language of a request', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['hi', 'hi'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR, ar;q=0.5', 'ar'],
    ['en;q=0.1, hi;q=0.9', 'hi'],
    ['hi;q=0, de', 'de'],
    ['fr, es', 'en'],
    ['*', 'en'],
  ])('%s → %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});
