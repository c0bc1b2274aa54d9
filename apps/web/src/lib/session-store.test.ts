import { afterEach, describe, expect, it } from 'vitest';
import { PROFILE, signedInSession } from '../test/fixtures.ts';
import {
  applyProfile,
  clearSession,
  EMPTY_SESSION,
  recordOpenTab,
  SESSION_STORAGE_KEY,
  sessionStore,
  setActingUnit,
  setActiveApp,
  setTabPermissions,
} from './session-store.ts';
import { openDetailInTab } from './open-detail-tab.ts';

describe('session store (spec §3, §4)', () => {
  afterEach(() => clearSession());

  it('persists the session in localStorage and clears it completely', () => {
    sessionStore.set(signedInSession());
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({
      access: 'access-1',
      actingUnit: 11,
    });
    clearSession();
    expect(sessionStore.get()).toEqual(EMPTY_SESSION);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('stores the profile: units keyed by id, apps, business date, user', () => {
    sessionStore.set({ ...EMPTY_SESSION, access: 'a', refresh: 'r' });
    applyProfile(PROFILE);
    const session = sessionStore.get();
    expect(Object.keys(session.units).sort()).toEqual(['11', '2']);
    expect(session.units['11']?.app_data.collapp).toHaveLength(3);
    expect(session.businessDate).toBe('2025-11-03');
    expect(session.userDetails?.username).toBe('asha');
    expect(session.availableApps[0]?.code).toBe('collapp');
  });

  it('switching the acting unit stores the unit and clears tab permissions', () => {
    sessionStore.set(signedInSession());
    setTabPermissions([{ name: 'Account', editable: true }]);
    setActingUnit(2);
    const session = sessionStore.get();
    expect(session.actingUnit).toBe(2);
    expect(session.activeUnitData?.unit_code).toBe('ZN-WEST');
    expect(session.tabPermissions).toEqual([]);
    // The zone does not give the collections app: the app must be chosen again.
    expect(session.activeApp).toBeNull();
    expect(session.systemAuthorities).toEqual([]);
  });

  it("switching the app reloads the authorities from the active unit's app data", () => {
    sessionStore.set(signedInSession());
    setActiveApp('legalapp');
    expect(sessionStore.get().systemAuthorities).toEqual(['LEGAL_POOL_SAUTH']);
    setActiveApp('collapp');
    expect(sessionStore.get().systemAuthorities).toEqual(['TELECALLER_SAUTH', 'SKIP_SAUTH']);
  });

  it('opens a detail in a tab named <screen>_tabView and records it', () => {
    const opened: [string, string][] = [];
    const original = window.open;
    window.open = ((url: string, name: string) => {
      opened.push([url, name]);
      return null;
    }) as typeof window.open;
    try {
      sessionStore.set(signedInSession());
      openDetailInTab('telecaller', '/collapp/telecaller/account/5');
      recordOpenTab('skiptrace_tabView', '/collapp/skiptrace/account/9');
    } finally {
      window.open = original;
    }
    expect(opened).toEqual([['/collapp/telecaller/account/5', 'telecaller_tabView']]);
    expect(sessionStore.get().openTabs.map((tab) => tab.name)).toEqual(['telecaller_tabView', 'skiptrace_tabView']);
  });
});
