import { matchRoute } from '@recovery-desk/domain/route-catalogue.ts';

/** The catalogue route being shown (a list route's name is the tray key, a detail route's `listName` its tray). */
export function catalogueRouteOf(pathname: string) {
  const route = matchRoute(pathname);
  if (!route) throw new Error(`No catalogue route for ${pathname}`);
  return route;
}
