import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPublicConfig } from '../../lib/public-config.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { appForResource, CallbackPage } from './callback-page.tsx';

describe('CallbackPage (single sign-on return)', () => {
  beforeEach(() => {
    toastStore.set({ toasts: [], developerMode: false });
    setPublicConfig({
      otpForLogin: 'NO',
      userkeyKey: btoa('k'.repeat(32)),
      ssoEnabled: true,
      chatWidgetUrl: '',
      mapsApiKey: '',
      demoMode: false,
      mobileDeepLink: '',
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('does nothing without the access and ssoaccess parameters', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CallbackPage />, { path: '/callback' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toastStore.get().toasts).toEqual([]);
    expect(screen.queryByText('elsewhere')).toBeNull();
  });

  it("a refused sign-on shows 'User Authentication Failed!!' and returns to login", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CallbackPage />, {
      path: '/callback',
      url: '/callback?detail=User%20Authentication%20Failed!!',
    });
    await waitFor(() => expect(toastStore.get().toasts[0]?.message).toBe('User Authentication Failed!!'));
    expect(fetchMock).not.toHaveBeenCalled();
    // Sent back to /login (the test router renders 'elsewhere' for other paths).
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });

  it('maps the casapp resource to the collections app and anything else to the app selector', () => {
    expect(appForResource('casapp')).toBe('collapp');
    expect(appForResource('breapp')).toBeNull();
    expect(appForResource(null)).toBeNull();
  });
});
