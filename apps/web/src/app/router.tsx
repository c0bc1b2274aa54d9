import { ROUTE_CATALOGUE } from '@recovery-desk/domain/route-catalogue.ts';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { setNavigator } from '../lib/navigation.ts';
import { registerScreens } from '../lib/screen-registry.ts';
import { HydrateFallback } from './hydrate-fallback.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { demoOutboxPage, SHELL_SCREENS, STANDALONE_SCREENS, type ScreenLoader } from './route-registry.ts';
import { guardLoader, setCurrentLocation } from './route-loader.ts';

// The router is built from the route catalogue and the registry: a catalogue route becomes
// routable only when a screen is registered for it (or it is one of the catalogue's redirects).

function screenRoute(path: string, screen: ScreenLoader): RouteObject {
  return { path, caseSensitive: true, loader: guardLoader, lazy: screen };
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
    if (standaloneScreen) standalone.push(screenRoute(route.path, standaloneScreen));
    else if (shellScreen) inShell.push(screenRoute(route.path, shellScreen));
  }
  if (demoMode) standalone.push({ path: '/demo/outbox', caseSensitive: true, lazy: demoOutboxPage });

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
          lazy: () => import('../features/shell/app-shell-layout.tsx').then((m) => ({ Component: m.AppShellLayout })),
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
  const router = createBrowserRouter(buildRoutes({ demoMode }));
  setNavigator((to, options) => void router.navigate(to, options));
  setCurrentLocation(router.state.location);
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') setCurrentLocation(state.location);
  });
  return router;
}
