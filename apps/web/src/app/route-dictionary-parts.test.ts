import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { describe, expect, it } from 'vitest';
import { dictionaryPartsOf } from './router.tsx';

describe('the dictionary parts a route loads with its screen', () => {
  it('public pages need only the words of the first download', () => {
    expect(dictionaryPartsOf(findRouteByName('login')!)).toEqual([]);
    expect(dictionaryPartsOf(findRouteByName('forgotPassword')!)).toEqual([]);
  });

  it('a signed-in screen loads the app part, and the legal modules the legal part too', () => {
    expect(dictionaryPartsOf(findRouteByName('home')!)).toEqual(['app']);
    expect(dictionaryPartsOf(findRouteByName('telecaller')!)).toEqual(['app']);
    expect(dictionaryPartsOf(findRouteByName('legalPool')!)).toEqual(['app', 'legal']);
    expect(dictionaryPartsOf(findRouteByName('initiateLegal')!)).toEqual(['app', 'legal']);
  });

  it('the repossession and SARFAESI screens load their definitions’ part with the legal one', () => {
    for (const name of [
      'repoDashboard',
      'repoRepoInitiate',
      'repoClosureDetail',
      'sarfNoticeCapture',
      'uploadSarfaesi',
    ])
      expect(dictionaryPartsOf(findRouteByName(name)!), name).toEqual(['app', 'legal', 'repo']);
  });
});
