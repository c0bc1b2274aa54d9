import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type Location } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n/i18n.ts';
import { setPublicConfig } from '../lib/public-config.ts';
import { registerScreens } from '../lib/screen-registry.ts';
import { clearSession, sessionStore } from '../lib/session-store.ts';
import { toastStore } from '../lib/toast-store.ts';
import { signedInSession } from '../test/fixtures.ts';
import { createLightMemoryRouter, LightRouterProvider } from './light-router.tsx';
import { buildRoutes, registeredScreenNames } from './router.tsx';
import { setCurrentLocation } from './route-loader.ts';
import { theme } from './theme.ts';

// The route table under react-router's data router, and under the app's own router (app/light-router.tsx), which
// the product runs.
type RouterKind = 'data router' | 'light router';

type TestRouter = { readonly state: { location: { pathname: string } }; navigate: (to: string) => Promise<void> };

function renderApp(kind: RouterKind, path: string): TestRouter {
  registerScreens(registeredScreenNames());
  const routes = buildRoutes({ demoMode: false });
  const onState = (state: { navigation: { state: string }; location: Location }) => {
    if (state.navigation.state === 'idle') setCurrentLocation(state.location);
  };
  let router: TestRouter;
  let provider: ReactNode;
  if (kind === 'data router') {
    const dataRouter = createMemoryRouter(routes, { initialEntries: [path] });
    dataRouter.subscribe(onState);
    provider = <RouterProvider router={dataRouter} />;
    router = dataRouter;
  } else {
    const lightRouter = createLightMemoryRouter(routes, { initialEntries: [path] });
    lightRouter.subscribe(onState);
    provider = <LightRouterProvider router={lightRouter} />;
    router = lightRouter;
  }
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          {provider}
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}

describe.each<RouterKind>(['data router', 'light router'])(
  '%s built from the route catalogue and the registry',
  (kind) => {
    beforeEach(() => {
      setPublicConfig({
        otpForLogin: 'NO',
        userkeyKey: btoa('k'.repeat(32)),
        ssoEnabled: false,
        chatWidgetUrl: 'https://chat.invalid/widget.js',
        mapsApiKey: '',
        demoMode: false,
        mobileDeepLink: 'recoverydesk://login',
      });
      toastStore.set({ toasts: [], developerMode: false });
    });
    afterEach(() => {
      clearSession();
      setCurrentLocation(null);
    });

    it('redirects a signed-out user to /login and sets the body id from the path', async () => {
      const router = renderApp(kind, '/collapp');
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
      await waitFor(() => expect(document.body.id).toBe('login'));
    });

    it('shows a page-not-found screen for a path outside the catalogue', async () => {
      sessionStore.set(signedInSession());
      renderApp(kind, '/collapp/noSuchScreen');
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe('/home');
    });

    it('renders the dashboard for both /Legal and /legal', async () => {
      sessionStore.set(signedInSession({ activeApp: 'legalapp', systemAuthorities: ['LEGAL_POOL_SAUTH'] }));
      const router = renderApp(kind, '/Legal');
      expect(await screen.findByRole('heading', { level: 1, name: 'Legal' })).toBeTruthy();
      await act(() => router.navigate('/legal'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Legal Dashboard' })).toBeTruthy();
      expect(screen.getByText('Pune Camp Branch')).toBeTruthy();
    });

    it('keeps the user on the previous path when the authority is missing', async () => {
      sessionStore.set(signedInSession());
      const router = renderApp(kind, '/collapp');
      expect(await screen.findByRole('heading', { level: 1, name: 'Collections Dashboard' })).toBeTruthy();
      await act(() => router.navigate('/Reposition'));
      await waitFor(() => expect(toastStore.get().toasts[0]?.title).toBe('Access refused'));
      expect(router.state.location.pathname).toBe('/collapp');
      expect(toastStore.get().toasts[0]?.message).toContain('is not allowed.');
    });

    it('opening /login while signed in logs out first', async () => {
      sessionStore.set(signedInSession({ refresh: null }));
      renderApp(kind, '/login');
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
      expect(sessionStore.get().access).toBeNull();
    });
  },
);
