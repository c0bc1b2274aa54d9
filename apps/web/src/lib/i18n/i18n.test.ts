import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadLanguage, startLanguage, storedLanguage } from './i18n.ts';

// The dictionaries themselves are checked in packages/i18n (dictionaries.test.ts); this is the web's use of them.
describe('the web interface language', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('reads the language from localStorage `language`, English as fallback, Arabic right-to-left', async () => {
    expect(storedLanguage()).toBe('en');
    localStorage.setItem('language', 'xx');
    expect(storedLanguage()).toBe('en');
    await changeLanguage('ar');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    await changeLanguage('hi');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('renders the shared dictionaries through i18next with their placeholders filled', async () => {
    expect(i18n.getFixedT('en')('ShowingRange', { from: 1, to: 25, total: 60 })).toBe('Showing 1–25 of 60');
    await changeLanguage('de');
    expect(i18n.t('MyView')).toBe('Meine Ansicht');
  });

  it("starts with English only and loads another language's dictionary when it is chosen or stored", async () => {
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    await loadLanguage('de');
    expect(i18n.getFixedT('de')('MyView')).toBe('Meine Ansicht');
    localStorage.setItem('language', 'ar');
    await startLanguage();
    expect(i18n.language).toBe('ar');
    expect(i18n.hasResourceBundle('ar', 'translation')).toBe(true);
    expect(document.documentElement.dir).toBe('rtl');
  });
});
