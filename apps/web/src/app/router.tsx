import { ROUTE_CATALOGUE, type RouteEntry } from '@recovery-desk/domain/route-catalogue.ts';
import type { RouteObject } from 'react-router';
import { loadDictionaryParts, type DictionaryPart } from '../lib/i18n/i18n.ts';
import { setNavigator } from '../lib/navigation.ts';
import { registerScreens } from '../lib/screen-registry.ts';
import { HydrateFallback } from './hydrate-fallback.tsx';
import { createLightBrowserRouter } from './light-router.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { demoOutboxPage, SHELL_SCREENS, STANDALONE_SCREENS, type ScreenLoader } from './route-registry.ts';
import { guardLoader, setCurrentLocation } from './route-loader.ts';

// The router is built from the route catalogue and the registry: a catalogue route becomes
// routable only when a screen is registered for it (or it is one of the catalogue's redirects).

/**
 * The dictionary parts a route's screen needs besides the public words (build/dictionary-parts.ts): a signed-in
 * screen the `app` part; the legal, repossession and SARFAESI screens (the stage screens, the engine's words, the
 * legal definition's words the others reuse) the `legal` part; the repossession and SARFAESI screens also the `repo`
 * part (their definitions' words). The shell brings the `collections` part (the list kit's words) to all its screens.
 */
export function dictionaryPartsOf(route: RouteEntry): DictionaryPart[] {
  if (route.access !== 'signedIn') return [];
  if (route.module === 'legal') return ['app', 'legal'];
  if (route.module === 'repossession' || route.module === 'sarfaesi') return ['app', 'legal', 'repo'];
  return ['app'];
}

/** A lazy route: its screen's code and its dictionary parts, loaded together. */
function withParts(screen: ScreenLoader, parts: readonly DictionaryPart[]): ScreenLoader {
  return parts.length === 0 ? screen : () => Promise.all([screen(), loadDictionaryParts(parts)]).then(([m]) => m);
}

function screenRoute(route: RouteEntry, screen: ScreenLoader): RouteObject {
  return {
    path: route.path,
    caseSensitive: true,
    loader: guardLoader,
    lazy: withParts(screen, dictionaryPartsOf(route)),
  };
}

export function buildRoutes({ demoMode }: { demoMode: boolean }): RouteObject[] {
  const standalone: RouteObject[] = [];
  const inShell: RouteObject[] = [];
  for (const route of ROUTE_CATALOGUE) {
    if (route.kind === 'redirect') {
      standalone.push({ path: route.path, caseSensitive: true, loader: guardLoader });
      continue;
    }
    const standaloneScreen = STANDALONE_SCREENS[route.name];
    const shellScreen = SHELL_SCREENS[route.name];
    if (standaloneScreen) standalone.push(screenRoute(route, standaloneScreen));
    else if (shellScreen) inShell.push(screenRoute(route, shellScreen));
  }
  if (demoMode)
    standalone.push({ path: '/demo/outbox', caseSensitive: true, lazy: withParts(demoOutboxPage, ['app']) });

  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <HydrateFallback />,
      children: [
        ...standalone,
        {
          id: 'shell',
          lazy: withParts(
            () => import('../features/shell/app-shell-layout.tsx').then((m) => ({ Component: m.AppShellLayout })),
            ['app', 'collections'],
          ),
          children: inShell,
        },
        {
          path: '*',
          lazy: () => import('../features/shell/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
        },
      ],
    },
  ];
}

export function registeredScreenNames(): string[] {
  return [...Object.keys(STANDALONE_SCREENS), ...Object.keys(SHELL_SCREENS)];
}

export function createAppRouter({ demoMode }: { demoMode: boolean }) {
  registerScreens(registeredScreenNames());
  const router = createLightBrowserRouter(buildRoutes({ demoMode }));
  setNavigator((to, options) => void router.navigate(to, options));
  setCurrentLocation(router.state.location);
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') setCurrentLocation(state.location);
  });
  return router;
}
