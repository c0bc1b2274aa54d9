import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { I18nextProvider, Trans, useTranslation } from './react-i18next.tsx';
import { Translations } from './translations.ts';

// The app's translations answer as i18next did for what the screens use (docs/architecture.md, "Page weight").
function make(missing = vi.fn()) {
  return new Translations({
    lng: 'en',
    fallbackLng: 'en',
    resources: {
      en: {
        translation: {
          Hello: 'Hello {{name}}',
          Rows_one: '{{count}} row',
          Rows_other: '{{count}} rows',
          OnlyEnglish: 'English words',
          Empty: '',
        },
      },
    },
    missingKeyHandler: missing,
  });
}

describe('the web translations (i18next-compatible)', () => {
  it('fills placeholders, a missing value as empty, and answers the key when no language holds it', () => {
    const missing = vi.fn();
    const i18n = make(missing);
    expect(i18n.t('Hello', { name: 'Asha' })).toBe('Hello Asha');
    expect(i18n.t('Hello')).toBe('Hello ');
    expect(i18n.t('Empty')).toBe('');
    expect(missing).not.toHaveBeenCalled();
    expect(i18n.t('NoSuchKey')).toBe('NoSuchKey');
    expect(missing).toHaveBeenCalledWith(['en'], 'translation', 'NoSuchKey');
  });

  it("picks plural forms by the language's rule, X_zero first for 0, and falls back to English", async () => {
    const i18n = make();
    expect(i18n.t('Rows', { count: 1 })).toBe('1 row');
    expect(i18n.t('Rows', { count: 0 })).toBe('0 rows');
    expect(i18n.t('Rows', { count: 5 })).toBe('5 rows');
    i18n.addResourceBundle('ar', 'translation', {
      Rows_zero: 'لا صفوف',
      Rows_one: 'صف',
      Rows_two: 'صفان',
      Rows_few: '{{count}} صفوف',
      Rows_many: '{{count}} صفًا',
      Rows_other: '{{count}} صف',
    });
    await i18n.changeLanguage('ar');
    expect(i18n.languages).toEqual(['ar', 'en']);
    expect(i18n.t('Rows', { count: 0 })).toBe('لا صفوف');
    expect(i18n.t('Rows', { count: 2 })).toBe('صفان');
    expect(i18n.t('Rows', { count: 3 })).toBe('3 صفوف');
    expect(i18n.t('Rows', { count: 11 })).toBe('11 صفًا');
    expect(i18n.t('OnlyEnglish')).toBe('English words');
    expect(i18n.getFixedT('en')('Rows', { count: 2 })).toBe('2 rows');
    expect(i18n.getFixedT('en').lng).toBe('en');
    expect(i18n.exists('OnlyEnglish')).toBe(true);
    expect(i18n.exists('NoSuchKey')).toBe(false);
  });

  it('tells listeners of a language change, and `i18n.t` works unbound', async () => {
    const i18n = make();
    const changed = vi.fn();
    i18n.on('languageChanged', changed);
    await i18n.changeLanguage('de');
    expect(changed).toHaveBeenCalledWith('de');
    const { t } = i18n;
    expect(t('Hello', { name: 'X' })).toBe('Hello X');
  });

  it('re-renders useTranslation with a new t when words are added or the language changes', async () => {
    const i18n = make();
    const seen: unknown[] = [];
    function Probe() {
      const { t } = useTranslation();
      seen.push(t);
      return <p>{t('Later')}</p>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Probe />
      </I18nextProvider>,
    );
    expect(screen.getByText('Later')).toBeTruthy();
    act(() => {
      i18n.addResourceBundle('en', 'translation', { Later: 'Loaded later' }, true, true);
    });
    expect(screen.getByText('Loaded later')).toBeTruthy();
    i18n.addResourceBundle('de', 'translation', { Later: 'Später geladen' }, true, true);
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByText('Später geladen')).toBeTruthy();
    expect(new Set(seen).size).toBeGreaterThanOrEqual(3);
  });

  it('Trans puts components in the tagged parts of a text', () => {
    const i18n = make();
    i18n.addResourceBundle('en', 'translation', { Linked: 'Read <terms>the terms</terms> and <0>more</0>.' });
    render(
      <I18nextProvider i18n={i18n}>
        <Trans i18nKey="Linked" components={{ terms: <a href="/terms" />, 0: <b /> }} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('link', { name: 'the terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByText('more').tagName).toBe('B');
  });
});
