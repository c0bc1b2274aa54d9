import type { TabPermission } from '@recovery-desk/domain/profile.ts';
import { permittedTabs } from '@recovery-desk/domain/profile-access.ts';
import { matchRoute, type RouteEntry } from '@recovery-desk/domain/route-catalogue.ts';
import { isSignedIn, type Session } from '../lib/session-store.ts';

// The route guard of spec §6 as a pure decision. The router's loaders apply it (route-loader.ts).
// It is a convenience for the user: the server checks every call again.

export type GuardDecision =
  | {
      kind: 'allow';
      route: RouteEntry | null;
      permittedTabs: TabPermission[] | null;
      logoutFirst: boolean;
      fromLogin: boolean;
    }
  | { kind: 'redirect'; to: string; reason: 'signInRequired' | 'actingUnitRequired' | 'catalogueRedirect' }
  | { kind: 'stay'; reason: 'missingAuthority'; route: RouteEntry; authority: string }
  | { kind: 'stay'; reason: 'actingUnitRequired'; route: RouteEntry };

export type GuardInput = {
  session: Session;
  targetPath: string;
  /** the path the user is leaving; null on the first load of the page */
  fromPath: string | null;
};

/** Routes of the sign-in area and the app selector work without an acting unit. */
function needsActingUnit(route: RouteEntry): boolean {
  return route.module !== 'public' && route.module !== 'home';
}

function allow(
  route: RouteEntry | null,
  extra: Partial<Extract<GuardDecision, { kind: 'allow' }>> = {},
): GuardDecision {
  return { kind: 'allow', route, permittedTabs: null, logoutFirst: false, fromLogin: false, ...extra };
}

export function decideNavigation({ session, targetPath, fromPath }: GuardInput): GuardDecision {
  const route = matchRoute(targetPath) ?? null;
  // Paths outside the catalogue (the demo mailbox, unknown addresses) are not guarded here:
  // the router shows them or its "page not found" screen.
  if (!route) return allow(null);

  if (route.kind === 'redirect' && route.redirectTo && route.access === 'public') {
    return { kind: 'redirect', to: route.redirectTo, reason: 'catalogueRedirect' };
  }
  if (route.access === 'public') return allow(route);

  const signedIn = isSignedIn(session);
  // The login route is for signed-out users only: opening it logs the current session out first.
  if (route.access === 'loginOnly') return allow(route, { logoutFirst: signedIn });

  if (!signedIn) return { kind: 'redirect', to: '/login', reason: 'signInRequired' };

  if (route.kind === 'redirect' && route.redirectTo) {
    return { kind: 'redirect', to: route.redirectTo, reason: 'catalogueRedirect' };
  }

  const fromLogin = fromPath === '/login';
  const hasActingUnit = session.actingUnit !== null && session.activeUnitData !== null;

  // From the app selector, navigation into an app continues only once an acting unit is set.
  if (fromPath === '/home' && needsActingUnit(route) && !hasActingUnit) {
    return { kind: 'stay', reason: 'actingUnitRequired', route };
  }

  if (needsActingUnit(route) && !hasActingUnit) {
    return { kind: 'redirect', to: '/home', reason: 'actingUnitRequired' };
  }

  if (route.authority) {
    if (!session.systemAuthorities.includes(route.authority)) {
      return { kind: 'stay', reason: 'missingAuthority', route, authority: route.authority };
    }
    const entries =
      session.activeUnitData && session.activeApp ? (session.activeUnitData.app_data[session.activeApp] ?? []) : [];
    return allow(route, { permittedTabs: permittedTabs(entries, route.authority), fromLogin });
  }

  return allow(route, { fromLogin });
}

/** Where a refused first page load goes: the last allowed path, else the app home, else /home. */
export function fallbackPath(session: Session, refusedPath: string, appHomePath: string | null): string {
  if (session.lastPath && session.lastPath !== refusedPath) return session.lastPath;
  if (appHomePath && appHomePath !== refusedPath) return appHomePath;
  return '/home';
}
