import { TRAYS, type TrayDefinition } from '../collections/trays.ts';
import { findRouteByName } from '../route-catalogue.ts';

/**
 * The collections trays whose account view a global search hit opens in (the first one the user holds): trays with
 * an account view whose detail route is addressed by the account alone (`/collapp/<tray>/account/:accountid`).
 */
export const SEARCH_TRAYS: readonly TrayDefinition[] = TRAYS.filter((tray) => {
  if (!tray.hasAccountView) return false;
  const detail = findRouteByName(`${tray.routeName}Detail`);
  return detail !== undefined && detail.path.includes(':accountid') && !detail.path.includes(':caseid');
});

/** The account view of a search hit: the detail route of the tray it opens in. */
export function accountViewPath(trayKey: string, accountId: number): string | null {
  const detail = findRouteByName(`${trayKey}Detail`);
  return detail ? detail.path.replace(':accountid', encodeURIComponent(String(accountId))) : null;
}
