/// <reference types="node" />
import { en } from '@recovery-desk/i18n/locales/en.ts';
import { ar } from '@recovery-desk/i18n/locales/ar.ts';
import { de } from '@recovery-desk/i18n/locales/de.ts';
import { hi } from '@recovery-desk/i18n/locales/hi.ts';
import { collectionsEn } from '@recovery-desk/i18n/locales/collections-en.ts';
import { legalUiEn } from '@recovery-desk/i18n/locales/legal-ui-en.ts';
import { repoDefinitionEn } from '@recovery-desk/i18n/locales/repo-definition-en.ts';
import { sarfaesiDefinitionEn } from '@recovery-desk/i18n/locales/sarfaesi-definition-en.ts';
import { describe, expect, it } from 'vitest';
import { buildDictionaryParts, DICTIONARY_LANGUAGES } from './dictionary-parts.ts';

describe('the web’s dictionary parts', () => {
  it('puts every key of every language in exactly one part, with its text', async () => {
    const parts = await buildDictionaryParts();
    for (const language of DICTIONARY_LANGUAGES) {
      const merged: Record<string, string> = {};
      for (const part of Object.values(parts[language]!)) {
        for (const [key, value] of Object.entries(part)) {
          expect(merged[key], `${language} ${key} twice`).toBeUndefined();
          merged[key] = value;
        }
      }
      expect(merged).toEqual({ en, hi, ar, de }[language]);
    }
    expect(parts.hi!.public!.SignIn).toBe(hi.SignIn);
  }, 60_000);

  it('gives the signed-out pages their words, and keeps the areas’ words for their screens', async () => {
    const parts = await buildDictionaryParts();
    const english = parts.en!;
    for (const key of ['SignIn', 'Username', 'Password', 'ForgotPassword', 'CookieBannerText', 'ValidationRequired']) {
      expect(english.public![key], key).toBe(en[key as keyof typeof en]);
    }
    // count-bearing keys go with their forms
    expect(english.public!.ResendOtpIn_other).toBeDefined();
    expect(english.app!.SignIn).toBeUndefined();
    const legalOnly = Object.keys(legalUiEn).filter((key) => english.legal![key] !== undefined);
    expect(legalOnly.length).toBeGreaterThan(100);
    const collectionsOnly = Object.keys(collectionsEn).filter((key) => english.collections![key] !== undefined);
    expect(collectionsOnly.length).toBeGreaterThan(200);
    // the repossession and SARFAESI definitions' words load with their screens only; their stage names (route
    // labels, the navigation's words) stay in `app`
    for (const key of [...Object.keys(repoDefinitionEn), ...Object.keys(sarfaesiDefinitionEn)]) {
      expect(english.repo![key], key).toBe(en[key as keyof typeof en]);
    }
    expect(english.app!.SarfaesiInitiate).toBe('Sarfaesi Initiate');
    expect(english.repo!.SarfaesiInitiate).toBeUndefined();
  }, 60_000);
});
