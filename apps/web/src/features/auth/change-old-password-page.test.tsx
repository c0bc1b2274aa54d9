import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ChangeOldPasswordPage, doPasswordsMatch } from './change-old-password-page.tsx';

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('ChangeOldPasswordPage', () => {
  beforeEach(() => {
    toastStore.set({ toasts: [], developerMode: false });
    sessionStore.set(signedInSession());
  });

  it("shows 'Passwords match!' only when new and confirm are equal and non-empty", () => {
    expect(doPasswordsMatch('', '')).toBe(false);
    renderWithProviders(<ChangeOldPasswordPage />, { path: '/changeOldPassword' });
    expect(screen.queryByText('Passwords match!')).toBeNull();
    fill(/^New Password/, 'a long new passphrase');
    fill(/^Confirm Password/, 'a long new passphrase');
    expect(screen.getByText('Passwords match!')).toBeTruthy();
    fill(/^Confirm Password/, 'a long new passphrasf');
    expect(screen.queryByText('Passwords match!')).toBeNull();
  });

  it('each password field has a show/hide toggle', () => {
    renderWithProviders(<ChangeOldPasswordPage />, { path: '/changeOldPassword' });
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(3);
    fireEvent.mouseDown(toggles[0]!);
    expect((screen.getByLabelText(/^Old Password/) as HTMLInputElement).type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
  });

  it('a mismatch shows the spec toast and calls nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ChangeOldPasswordPage />, { path: '/changeOldPassword' });
    fill(/^Old Password/, 'old password 123');
    fill(/^New Password/, 'a long new passphrase');
    fill(/^Confirm Password/, 'another long passphrase');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(toastStore.get().toasts[0]).toMatchObject({
        title: 'Error',
        message: 'New Password , Confirm Password is not Match',
      }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('offers Forget Password and Back to Home page', () => {
    renderWithProviders(<ChangeOldPasswordPage />, { path: '/changeOldPassword' });
    expect(screen.getByRole('button', { name: 'Forget Password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Home page' })).toBeTruthy();
  });
});
