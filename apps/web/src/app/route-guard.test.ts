import { describe, expect, it } from 'vitest';
import { EMPTY_SESSION } from '../lib/session-store.ts';
import { signedInSession } from '../test/fixtures.ts';
import { decideNavigation, fallbackPath } from './route-guard.ts';

describe('route guard (spec §6)', () => {
  it('sends a signed-out user on a signed-in route to /login', () => {
    const decision = decideNavigation({ session: EMPTY_SESSION, targetPath: '/collapp', fromPath: null });
    expect(decision).toMatchObject({ kind: 'redirect', to: '/login', reason: 'signInRequired' });
    expect(decideNavigation({ session: EMPTY_SESSION, targetPath: '/home', fromPath: null })).toMatchObject({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('redirects / to /login and the app parents to their dashboards', () => {
    expect(decideNavigation({ session: EMPTY_SESSION, targetPath: '/', fromPath: null })).toMatchObject({
      kind: 'redirect',
      to: '/login',
    });
    const session = signedInSession();
    expect(decideNavigation({ session, targetPath: '/LegalHome', fromPath: null })).toMatchObject({ to: '/Legal' });
    expect(decideNavigation({ session, targetPath: '/RepoHome', fromPath: null })).toMatchObject({ to: '/Reposition' });
    expect(decideNavigation({ session, targetPath: '/cmdCenterHome', fromPath: null })).toMatchObject({
      to: '/cmdCenter',
    });
  });

  it('lets anyone open the public pages', () => {
    for (const path of ['/ForgotPassword', '/error', '/callback', '/privacypolicy', '/termsofservice']) {
      expect(decideNavigation({ session: EMPTY_SESSION, targetPath: path, fromPath: null }).kind).toBe('allow');
    }
  });

  it('opens /login for signed-out users, and logs a signed-in user out first', () => {
    expect(decideNavigation({ session: EMPTY_SESSION, targetPath: '/login', fromPath: null })).toMatchObject({
      kind: 'allow',
      logoutFirst: false,
    });
    expect(decideNavigation({ session: signedInSession(), targetPath: '/login', fromPath: '/collapp' })).toMatchObject({
      kind: 'allow',
      logoutFirst: true,
    });
  });

  it('marks arrivals from the login page with fromLogin', () => {
    const session = signedInSession({ actingUnit: null, activeUnitData: null, activeApp: null, systemAuthorities: [] });
    expect(decideNavigation({ session, targetPath: '/home', fromPath: '/login' })).toMatchObject({
      kind: 'allow',
      fromLogin: true,
    });
  });

  it('keeps the user on /home until an acting unit is set', () => {
    const session = signedInSession({ actingUnit: null, activeUnitData: null, activeApp: null, systemAuthorities: [] });
    expect(decideNavigation({ session, targetPath: '/collapp', fromPath: '/home' })).toMatchObject({
      kind: 'stay',
      reason: 'actingUnitRequired',
    });
    // Other navigation without an acting unit goes to the app selector.
    expect(decideNavigation({ session, targetPath: '/collapp', fromPath: null })).toMatchObject({
      kind: 'redirect',
      to: '/home',
      reason: 'actingUnitRequired',
    });
    expect(decideNavigation({ session, targetPath: '/changeOldPassword', fromPath: '/home' }).kind).toBe('allow');
  });

  it('refuses a route whose authority the roles lack: the user stays', () => {
    const decision = decideNavigation({ session: signedInSession(), targetPath: '/Reposition', fromPath: '/collapp' });
    expect(decision).toMatchObject({ kind: 'stay', reason: 'missingAuthority', authority: 'DASH_REPO_SAUTH' });
  });

  it('allows a route with a held authority and computes its permitted tabs, preferring editable entries', () => {
    const decision = decideNavigation({
      session: signedInSession(),
      targetPath: '/collapp/telecaller/account/991',
      fromPath: '/collapp/telecaller',
    });
    expect(decision.kind).toBe('allow');
    if (decision.kind !== 'allow') return;
    expect(decision.permittedTabs).toEqual([
      { name: 'Account', editable: true },
      { name: 'Followup', editable: false },
    ]);
  });

  it('checks the authority against the active app only', () => {
    // LEGAL_POOL_SAUTH is held in legalapp, but the active app is collapp.
    const decision = decideNavigation({
      session: signedInSession(),
      targetPath: '/legal/legalPool',
      fromPath: '/collapp',
    });
    expect(decision).toMatchObject({ kind: 'stay', authority: 'LEGAL_POOL_SAUTH' });
  });

  it('matches paths case-sensitively, as the catalogue does', () => {
    const session = signedInSession();
    expect(decideNavigation({ session, targetPath: '/legal', fromPath: null })).toMatchObject({ kind: 'allow' });
    expect(decideNavigation({ session, targetPath: '/Legal', fromPath: null })).toMatchObject({ kind: 'allow' });
    expect(decideNavigation({ session, targetPath: '/LEGAL', fromPath: null })).toMatchObject({
      kind: 'allow',
      route: null,
    });
  });

  it('falls back to the last allowed path, then the app home, then /home after a refused first load', () => {
    expect(fallbackPath(signedInSession({ lastPath: '/collapp' }), '/Reposition', '/collapp')).toBe('/collapp');
    expect(fallbackPath(signedInSession({ lastPath: '/Reposition' }), '/Reposition', '/collapp')).toBe('/collapp');
    expect(fallbackPath(signedInSession({ lastPath: null }), '/collapp', '/collapp')).toBe('/home');
  });
});
