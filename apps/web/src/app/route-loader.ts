import { findApp } from '@recovery-desk/domain/apps.ts';
import { redirect, replace, type LoaderFunctionArgs } from 'react-router';
import { i18n } from '../lib/i18n/i18n.ts';
import { translateKey } from '../lib/i18n/dynamic-key.ts';
import { log } from '../lib/log.ts';
import { logout } from '../lib/session-actions.ts';
import { sessionStore, setTabPermissions, updateSession } from '../lib/session-store.ts';
import { addToast } from '../lib/toast-store.ts';
import { decideNavigation, fallbackPath } from './route-guard.ts';

// Applies the pure guard decision while the router loads a route: redirects, refusals that keep
// the user where they were, permitted tabs, and the path a later refusal falls back to.

let current: { pathname: string; href: string } | null = null;

/** The router reports every settled location here (router.subscribe). */
export function setCurrentLocation(location: { pathname: string; search: string; hash: string } | null): void {
  current = location
    ? { pathname: location.pathname, href: location.pathname + location.search + location.hash }
    : null;
}

export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const targetPath = url.pathname;
  const session = sessionStore.get();
  const isSameLocation = current?.pathname === targetPath;
  const fromPath = isSameLocation ? null : (current?.pathname ?? null);
  const decision = decideNavigation({ session, targetPath, fromPath });
  log('route guard', targetPath, decision.kind);

  switch (decision.kind) {
    case 'redirect':
      throw redirect(decision.to);
    case 'stay': {
      const screen = translateKey(i18n.t, decision.route.labelKey, decision.route.label);
      addToast({
        title: String(i18n.t('AccessRefused')),
        message:
          decision.reason === 'missingAuthority'
            ? String(i18n.t('MissingAuthority', { screen }))
            : String(i18n.t('SelectUnitFirst')),
        type: 'warning',
        from: 'route-guard',
      });
      const appHome = session.activeApp ? (findApp(session.activeApp)?.homePath ?? null) : null;
      // In-app navigation keeps the current path; a first page load returns to the last allowed one.
      throw replace(fromPath && current ? current.href : fallbackPath(session, targetPath, appHome));
    }
    case 'allow':
      if (decision.logoutFirst) await logout();
      if (decision.permittedTabs) setTabPermissions(decision.permittedTabs);
      if (decision.route?.access === 'signedIn') updateSession({ lastPath: targetPath });
      return null;
  }
}
