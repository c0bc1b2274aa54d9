import { ROUTE_CATALOGUE, type RouteEntry } from '@recovery-desk/domain/route-catalogue.ts';

// Which catalogue routes have a built screen. The app's route registry fills it; menus and
// dashboards only offer registered screens, so nothing links to a screen that does not exist.
const registered = new Set<string>();

export function registerScreens(names: Iterable<string>): void {
  for (const name of names) registered.add(name);
}

export function isScreenRegistered(name: string): boolean {
  return registered.has(name);
}

/**
 * The screens of an app a user may open: catalogue ∩ registered screens ∩ the user's authorities.
 * Detail screens open from their lists and redirects are not destinations, so neither is listed;
 * two paths differing only in case (/Legal and /legal) are listed once.
 */
export function screensForApp(appCode: string, authorities: readonly string[], preferredPath?: string): RouteEntry[] {
  const byLowerPath = new Map<string, RouteEntry>();
  for (const route of ROUTE_CATALOGUE) {
    if (route.app !== appCode || route.kind === 'detail' || route.kind === 'redirect') continue;
    if (!registered.has(route.name)) continue;
    if (route.authority && !authorities.includes(route.authority)) continue;
    const key = route.path.toLowerCase();
    const seen = byLowerPath.get(key);
    if (!seen || route.path === preferredPath) byLowerPath.set(key, route);
  }
  return [...byLowerPath.values()];
}
