import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPublicConfig } from '../../lib/public-config.ts';
import { clearSession } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { LoginPage } from './login-page.tsx';
import { remainingSeconds } from './use-otp-cooldown.ts';

const KEY = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
const CONFIG = {
  otpForLogin: 'YES' as const,
  userkeyKey: KEY,
  ssoEnabled: false,
  chatWidgetUrl: '',
  mapsApiKey: '',
  demoMode: false,
  mobileDeepLink: 'recoverydesk://login',
};

async function flush() {
  for (let i = 0; i < 10; i += 1) await act(async () => Promise.resolve());
}

function fillCredentials() {
  fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'asha' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct horse battery' } });
}

describe('LoginPage', () => {
  beforeEach(() => {
    toastStore.set({ toasts: [], developerMode: false });
    clearSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hides the OTP field and Get OTP button when the OTP-for-login setting is NO', () => {
    setPublicConfig({ ...CONFIG, otpForLogin: 'NO' });
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.queryByLabelText(/One-time code/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Get OTP' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toBeTruthy();
  });

  it('offers For Internal Login without a provider, and says that single sign-on is not configured', async () => {
    setPublicConfig({ ...CONFIG, otpForLogin: 'NO', ssoEnabled: false });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'For Internal Login' }));
    const alert = (await screen.findByTestId('login-alert')).textContent ?? '';
    expect(alert).toContain('Single sign-on is not configured');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a provider, For Internal Login goes to the address the server gives', async () => {
    setPublicConfig({ ...CONFIG, otpForLogin: 'NO', ssoEnabled: true });
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) =>
      jsonResponse(200, { login_url: 'http://idp.test/auth?x=1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'For Internal Login' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://idp.test/auth?x=1'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/sso/login');
  });

  it('when the server wants a code on the first Sign In, sends it and asks for it (no "enter the code" before one is sent)', async () => {
    setPublicConfig({ ...CONFIG, otpForLogin: 'NO' });
    const calls: string[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.endsWith('/token/')) {
        return jsonResponse(400, {
          detail: 'Please enter the OTP sent to your registered email',
          error_code: 'OTP_REQUIRED',
        });
      }
      return jsonResponse(200, { error_code: '0', error_msg: 'OTP sent to your registered email' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.queryByLabelText(/One-time code/)).toBeNull();
    fillCredentials();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const alert = await screen.findByTestId('login-alert');
    await waitFor(() =>
      expect(alert.textContent).toContain(
        'We sent a one-time code to your registered e-mail. Enter it and press Sign In.',
      ),
    );
    expect(alert.textContent).not.toContain('Please enter the OTP');
    expect(alert.getAttribute('role')).toBe('status');
    expect(calls.map((url) => new URL(url, 'http://x').pathname)).toEqual(['/token/', '/sendOtpApi']);
    expect(screen.getByLabelText(/One-time code/)).toBeTruthy();
    expect((screen.getByTestId('get-otp') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(document.activeElement?.id).toBe('field-otp'));

    // A second press without the code does not send another one during the cooldown; it asks for the code.
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByTestId('login-alert').textContent).toContain('Enter the one-time code we sent'),
    );
    expect(calls.filter((url) => url.endsWith('/sendOtpApi'))).toHaveLength(1);
  });

  it('after a sent OTP shows "Resend OTP in N seconds", counts down, and ignores presses for 120 s', async () => {
    setPublicConfig(CONFIG);
    const fetchMock = vi.fn(async () => jsonResponse(200, { error_code: '0', error_msg: 'OTP sent to your email' }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginPage />, { path: '/login' });
    fillCredentials();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    // Sealing the userkey uses WebCrypto, which finishes on its own schedule: wait for the call, not a fixed
    // number of ticks (vi.waitFor advances the fake clock only by its polling interval).
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 10_000, interval: 5 });
    await flush();
    expect(toastStore.get().toasts[0]).toMatchObject({ title: 'System Msg', message: 'OTP sent to your email' });
    const button = screen.getByTestId('get-otp') as HTMLButtonElement;
    expect(button.textContent).toBe('Resend OTP in 120 seconds');
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(button.textContent).toBe('Resend OTP in 117 seconds');
    act(() => vi.advanceTimersByTime(117_000));
    expect(button.textContent).toBe('Get OTP');
    expect(button.disabled).toBe(false);
  });

  it("shows a toast titled 'Error' with code and message when the OTP is refused", async () => {
    setPublicConfig(CONFIG);
    vi.stubGlobal('fetch', async () => jsonResponse(200, { error_code: 'E17', error_msg: 'User is locked' }));
    renderWithProviders(<LoginPage />, { path: '/login' });
    fillCredentials();
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    await waitFor(() =>
      expect(toastStore.get().toasts[0]).toMatchObject({ title: 'Error', message: 'E17: User is locked' }),
    );
  });

  it("shows 'Network Connection Error' when the server cannot be reached", async () => {
    setPublicConfig({ ...CONFIG, otpForLogin: 'NO' });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<LoginPage />, { path: '/login' });
    fillCredentials();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByTestId('login-alert')).textContent).toContain('Network Connection Error');
  });

  it("shows the server's detail in a red alert on refused credentials", async () => {
    setPublicConfig({ ...CONFIG, otpForLogin: 'NO' });
    vi.stubGlobal('fetch', async () =>
      jsonResponse(401, { detail: 'Invalid username or password', error_code: 'INVALID_CREDENTIALS' }),
    );
    renderWithProviders(<LoginPage />, { path: '/login' });
    fillCredentials();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = (await screen.findByTestId('login-alert')).textContent ?? '';
    expect(alert).toContain('Wrong credentials entered!');
    expect(alert).toContain('Invalid username or password');
    expect(alert).toContain('Please enter your correct details');
  });

  it('needs username and password before calling the server', async () => {
    setPublicConfig({ ...CONFIG, otpForLogin: 'NO' });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
  });

  it('stores a temporary identifier cookie on load', () => {
    setPublicConfig({ ...CONFIG, otpForLogin: 'NO' });
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(document.cookie).toMatch(/tempId=[0-9a-f-]{36}/);
  });
});

describe('remainingSeconds', () => {
  it('rounds up and never goes below zero', () => {
    expect(remainingSeconds(null, 0)).toBe(0);
    expect(remainingSeconds(120_000, 0)).toBe(120);
    expect(remainingSeconds(120_000, 119_001)).toBe(1);
    expect(remainingSeconds(120_000, 130_000)).toBe(0);
  });
});
