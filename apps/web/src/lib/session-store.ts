import type { ProfileData, ProfileUnit, TabPermission, UserDetails } from '@recovery-desk/domain/profile.ts';
import { authoritiesOf } from '@recovery-desk/domain/profile-access.ts';
import { createStore, useStore } from './external-store.ts';

// The browser session of spec §3, persisted in localStorage so a reload or a new tab keeps it.
export type AvailableApp = { code: string; label_key: string; home_path: string };
export type OpenTab = { name: string; path: string; openedAt: string };

export type Session = {
  access: string | null;
  refresh: string | null;
  availableApps: AvailableApp[];
  /** units keyed by unit id, each with its app_data */
  units: Record<string, ProfileUnit>;
  activeUnitData: ProfileUnit | null;
  activeApp: string | null;
  /** the system authorities of the active unit for the active app; also the user's roles */
  systemAuthorities: string[];
  tabPermissions: TabPermission[];
  actingUnit: number | null;
  businessDate: string | null;
  userDetails: UserDetails | null;
  openTabs: OpenTab[];
  selectedCaseRecord: unknown;
  /** the last path the route guard let through: where a refused navigation stays */
  lastPath: string | null;
};

export const SESSION_STORAGE_KEY = 'recoveryDesk.session';

export const EMPTY_SESSION: Session = {
  access: null,
  refresh: null,
  availableApps: [],
  units: {},
  activeUnitData: null,
  activeApp: null,
  systemAuthorities: [],
  tabPermissions: [],
  actingUnit: null,
  businessDate: null,
  userDetails: null,
  openTabs: [],
  selectedCaseRecord: null,
  lastPath: null,
};

function readStoredSession(): Session {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return EMPTY_SESSION;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return EMPTY_SESSION;
    return { ...EMPTY_SESSION, ...(parsed as Partial<Session>) };
  } catch {
    return EMPTY_SESSION;
  }
}

export const sessionStore = createStore<Session>(readStoredSession());

sessionStore.subscribe(() => {
  try {
    const session = sessionStore.get();
    if (session === EMPTY_SESSION) globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY);
    else globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage can be full or disabled; the in-memory session still works for this tab.
  }
});

// Another tab signing in or out updates this one too.
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key === SESSION_STORAGE_KEY || event.key === null) sessionStore.set(readStoredSession());
});

export function useSession<S = Session>(select?: (session: Session) => S): S {
  return useStore(sessionStore, select ?? ((session) => session as unknown as S));
}

export function isSignedIn(session: Session): boolean {
  return Boolean(session.access || session.refresh);
}

export function updateSession(patch: Partial<Session>): void {
  sessionStore.set((previous) => ({ ...previous, ...patch }));
}

/** Spec §4: logout and a failed refresh clear all stored data. */
export function clearSession(): void {
  sessionStore.set(EMPTY_SESSION);
}

export function storeTokens(access: string, refresh: string | null): void {
  updateSession(refresh === null ? { access } : { access, refresh });
}

export function applyProfile(profile: ProfileData): void {
  const units: Record<string, ProfileUnit> = {};
  for (const unit of profile.units) units[String(unit.id)] = unit;
  sessionStore.set((previous) => {
    const activeUnitData = previous.actingUnit === null ? null : (units[String(previous.actingUnit)] ?? null);
    const stillValid = activeUnitData !== null;
    return {
      ...previous,
      availableApps: profile.available_app,
      units,
      businessDate: profile.business_date,
      userDetails: profile.user_details,
      activeUnitData,
      actingUnit: stillValid ? previous.actingUnit : null,
      activeApp: stillValid ? previous.activeApp : null,
      systemAuthorities:
        stillValid && previous.activeApp ? authoritiesOf(activeUnitData.app_data[previous.activeApp] ?? []) : [],
      tabPermissions: stillValid ? previous.tabPermissions : [],
    };
  });
}

/** Spec §4: switching the acting unit clears tab permissions and stores the new unit. */
export function setActingUnit(unitId: number): void {
  sessionStore.set((previous) => {
    const unit = previous.units[String(unitId)] ?? null;
    if (!unit) return previous;
    const activeApp = previous.activeApp && unit.app_data[previous.activeApp] ? previous.activeApp : null;
    return {
      ...previous,
      actingUnit: unit.id,
      activeUnitData: unit,
      activeApp,
      systemAuthorities: activeApp ? authoritiesOf(unit.app_data[activeApp] ?? []) : [],
      tabPermissions: [],
    };
  });
}

/** Spec §4: switching the app reloads the authority list from the active unit's app data. */
export function setActiveApp(appCode: string): void {
  sessionStore.set((previous) => {
    const entries = previous.activeUnitData?.app_data[appCode] ?? [];
    return { ...previous, activeApp: appCode, systemAuthorities: authoritiesOf(entries), tabPermissions: [] };
  });
}

export function setTabPermissions(tabPermissions: TabPermission[]): void {
  updateSession({ tabPermissions });
}

export function recordOpenTab(name: string, path: string): void {
  sessionStore.set((previous) => ({
    ...previous,
    openTabs: [
      ...previous.openTabs.filter((tab) => tab.name !== name),
      { name, path, openedAt: new Date().toISOString() },
    ],
  }));
}

export function setSelectedCaseRecord(record: unknown): void {
  updateSession({ selectedCaseRecord: record });
}
