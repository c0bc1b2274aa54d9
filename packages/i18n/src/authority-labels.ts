import { ROUTE_CATALOGUE, type RouteEntry } from '@recovery-desk/domain/route-catalogue.ts';

// Authority codes (LEGAL_FILE_APP_SAUTH) are the spec's system names; staff know an authority by the screen it opens
// (Legal Filing Approval). One function words an authority for the web's messages and the server's alike, in every
// language: the screen's label key of the route catalogue (spec §2 menu and route data), translated.

/** Translates a key chosen at run time; `fallback` when no dictionary holds it (web: translateKey, server: tr). */
export type KeyTranslate = (key: string, fallback: string) => string;

const screensByAuthority = new Map<string, RouteEntry[]>();
for (const route of ROUTE_CATALOGUE) {
  if (!route.authority) continue;
  const list = screensByAuthority.get(route.authority) ?? [];
  list.push(route);
  screensByAuthority.set(route.authority, list);
}

/**
 * The screen an authority opens: its first menu screen (a list, dashboard or settings route; a detail route only
 * when the authority opens nothing else), of `app` when given and the authority opens a screen there.
 */
export function authorityScreen(code: string, app?: string | null): RouteEntry | undefined {
  const routes = screensByAuthority.get(code) ?? [];
  const ofApp = app ? routes.filter((route) => route.app === app) : [];
  const candidates = ofApp.length > 0 ? ofApp : routes;
  return candidates.find((route) => route.kind !== 'detail' && route.kind !== 'redirect') ?? candidates[0];
}

/** An authority as the user reads it: the translated name of its screen; the code only when no screen needs it. */
export function authorityLabel(code: string, translate: KeyTranslate, app?: string | null): string {
  const screen = authorityScreen(code, app);
  return screen ? translate(screen.labelKey, screen.label) : code;
}
